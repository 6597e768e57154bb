/**
 * The batch chunks still to do (aliases c and b), as a FROM and the start of its WHERE: shared by
 * the workers' claim and the queue gauges, so that the gauges count what the claim may take.
 *
 * A batch of a business that may no longer call the API (suspended, or a live batch of a business
 * moved off the enterprise plan) waits: none of its rows is looked up or charged until the
 * business may again, or the batch is cancelled.
 */
export const UNFINISHED_CHUNKS_SQL = `batch_chunk c JOIN batch b ON b.id = c.batch_id JOIN business bz ON bz.id = b.business_id
 WHERE c.done_at IS NULL AND b.status IN ('queued', 'processing') AND business_eligibility(bz.status, bz.plan, b.mode) = 'ok'`;
