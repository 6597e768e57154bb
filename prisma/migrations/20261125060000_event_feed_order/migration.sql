-- The event feed (GET /api/v1/events/feed) follows events in an order that a late commit can never
-- fall behind: the id of the transaction that wrote each event. It reads only events whose
-- transaction is older than every transaction still running, so an event that appears later always
-- sorts after what a reader has seen. Existing events keep NULL: the feed starts from now.
ALTER TABLE outbox_event ADD COLUMN xact_id xid8;
ALTER TABLE outbox_event ALTER COLUMN xact_id SET DEFAULT pg_current_xact_id();
CREATE INDEX outbox_event_feed_idx ON outbox_event (business_id, mode, xact_id, id);
