-- A batch chunk is processed in three steps, like every verification (product rules §5): its
-- admission (lease and credits) commits before the registry is asked, and its outcome after, so
-- no transaction stays open across the lookup. The lease says which worker may write the
-- outcome; `admitted_rows` keeps what the admission reserved, so that a retry after a crash or a
-- failed lookup reuses it instead of charging again.
ALTER TABLE "batch_chunk" ADD COLUMN "lease_id" UUID,
                          ADD COLUMN "leased_until" TIMESTAMPTZ(3),
                          ADD COLUMN "admitted_rows" INTEGER;
