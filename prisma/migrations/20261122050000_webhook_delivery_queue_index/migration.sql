-- The delivery queue: workers poll for pending deliveries that are due.
CREATE INDEX "webhook_delivery_status_next_attempt_at_idx" ON "webhook_delivery"("status", "next_attempt_at");
