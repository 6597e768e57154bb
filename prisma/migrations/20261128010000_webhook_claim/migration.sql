-- Claims the most overdue due webhook delivery (or the one asked for) with a lease, never taking
-- an endpoint past its quota of deliveries in flight.
--
-- One statement cannot do this: its snapshot is taken before anything it locks, so two workers
-- claiming at once each counted the other's lease as absent and the endpoint got one delivery
-- too many from each. Here the count of an endpoint's leases is made after taking that endpoint's
-- lock, in a statement of its own (a PL/pgSQL statement sees what committed before it began), so
-- it sees every lease granted before. A claim waits for the lock of the first endpoint it tries,
-- and only tries the others' (it then holds a lock itself: waiting could deadlock). An endpoint
-- found full is passed over for the next due delivery.
CREATE FUNCTION webhook_claim(p_token uuid, p_lease_seconds integer, p_quota integer, p_delivery uuid)
RETURNS TABLE (id uuid, event_id uuid, attempt_count integer, endpoint_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  passed_over uuid[] := '{}';
  cand record;
BEGIN
  LOOP
    SELECT d.id, d.endpoint_id INTO cand
      FROM webhook_delivery d
      JOIN webhook_endpoint e ON e.id = d.endpoint_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled
       AND (p_delivery IS NULL OR d.id = p_delivery)
       AND NOT (d.endpoint_id = ANY (passed_over))
       AND (SELECT count(*) FROM webhook_delivery f WHERE f.endpoint_id = d.endpoint_id AND f.leased_until > now()) < p_quota
     ORDER BY d.next_attempt_at
     LIMIT 1
     FOR UPDATE OF d SKIP LOCKED;
    IF NOT FOUND THEN
      RETURN;
    END IF;
    IF cardinality(passed_over) = 0 THEN
      PERFORM pg_advisory_xact_lock(hashtext('webhook_claim:' || cand.endpoint_id));
    ELSIF NOT pg_try_advisory_xact_lock(hashtext('webhook_claim:' || cand.endpoint_id)) THEN
      passed_over := passed_over || cand.endpoint_id;
      CONTINUE;
    END IF;
    IF (SELECT count(*) FROM webhook_delivery f WHERE f.endpoint_id = cand.endpoint_id AND f.leased_until > now()) < p_quota THEN
      RETURN QUERY
        UPDATE webhook_delivery d
           SET lease_token = p_token, leased_until = now() + make_interval(secs => p_lease_seconds),
               next_attempt_at = now() + make_interval(secs => p_lease_seconds)
         WHERE d.id = cand.id
        RETURNING d.id, d.event_id, d.attempt_count, d.endpoint_id;
      RETURN;
    END IF;
    passed_over := passed_over || cand.endpoint_id;
  END LOOP;
END
$$;
