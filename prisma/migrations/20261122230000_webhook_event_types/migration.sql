-- Each endpoint chooses the event types it receives; empty means every type (product rules §24).
ALTER TABLE webhook_endpoint ADD COLUMN event_types text[] NOT NULL DEFAULT '{}';
