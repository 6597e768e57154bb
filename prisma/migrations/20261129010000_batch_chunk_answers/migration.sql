-- What the registry answered for some of a paused chunk's rows (sealed): the resumed chunk asks only for the others.
ALTER TABLE "batch_chunk" ADD COLUMN "answers" BYTEA;
