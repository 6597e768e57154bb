-- Until when an open circuit refuses calls (its probe's time; NULL while closed or while its probe is out):
-- past it, the process refuses nobody, and the businesses' "registry degraded" banner stops counting it.
ALTER TABLE "registry_breaker" ADD COLUMN "refusing_until" TIMESTAMPTZ(3);
