-- An owner can revoke an open invitation: its link stops working at once.
ALTER TABLE invitation ADD COLUMN revoked_at timestamptz(3);
