/**
 * Consent became optional by default (product rules §19). The migration that changed the default
 * moved the businesses whose owners had never chosen to it and queued each one in
 * `consent_default_notice`; this tells their owners, once: one email per owner in their language
 * and one audit entry per business, in the transaction that deletes the queue row. Claimed with
 * SKIP LOCKED, so every app process's maintenance loop may run it at once and none sends twice.
 */
import { db } from "@/server/db/client";
import { systemContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { enqueueToMembers } from "@/server/mail/enqueue";

const BATCH = 100;

export async function notifyConsentDefaultChange(): Promise<number> {
  let total = 0;
  for (;;) {
    const notified = await notifyBatch();
    total += notified;
    if (notified < BATCH) return total;
  }
}

async function notifyBatch(): Promise<number> {
  const ctx = systemContext("consent-default");
  return db().$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ businessId: string; businessName: string }[]>`
      DELETE FROM consent_default_notice n USING business b
       WHERE b.id = n.business_id
         AND n.business_id IN (SELECT business_id FROM consent_default_notice ORDER BY business_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING n.business_id AS "businessId", b.name AS "businessName"`;
    for (const { businessId, businessName } of claimed) {
      await recordAudit(tx, ctx, {
        action: "business.consent_default_changed",
        businessId,
        targetType: "business",
        targetId: businessId,
        metadata: { from: true, to: false, reason: "default_changed" },
      });
      await enqueueToMembers(
        tx,
        { businessId, roles: ["owner"] },
        { kind: "consent_default_changed", causeKey: `consent_default_changed:${businessId}`, params: { businessName } },
      );
    }
    return claimed.length;
  });
}
