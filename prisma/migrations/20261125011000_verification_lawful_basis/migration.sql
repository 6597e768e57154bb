-- Why the lookup is lawful, as the business says (product rules §19; optional).
ALTER TABLE verification ADD COLUMN lawful_basis text
  CONSTRAINT verification_lawful_basis_check CHECK (lawful_basis IN ('legal_obligation', 'consent', 'contract'));
