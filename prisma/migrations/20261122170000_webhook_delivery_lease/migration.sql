-- A delivery is claimed with a lease (its holder's token and an expiry) in a statement of its own,
-- so no transaction or connection is held while the receiver is called. A crashed worker's lease
-- simply expires and the delivery is due again.
ALTER TABLE webhook_delivery ADD COLUMN lease_token uuid, ADD COLUMN leased_until timestamptz(3);
CREATE INDEX webhook_delivery_in_flight_idx ON webhook_delivery (endpoint_id, leased_until);
