-- The lookups still waiting for the registry, oldest first: what /metrics (the pending_lookups queue's
-- depth and age) and the "registry degraded" banner read, without scanning the answers kept 24 hours.
CREATE INDEX pending_lookup_waiting_idx ON pending_lookup (created_at) WHERE state = 'waiting';
