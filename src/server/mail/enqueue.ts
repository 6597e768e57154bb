/**
 * Enqueueing an email = a row in the email outbox, written in the caller's transaction, so the
 * email exists exactly when its cause was committed, and never blocks or fails the cause: the
 * workers send it (send-next.ts). The dedupe key (cause and recipient) makes a replayed cause a
 * no-op.
 */
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Role } from "@/generated/prisma/enums";
import { encrypt } from "@/server/crypto/secrets";
import type { EmailKind, EmailParams } from "./kinds";

type Tx = Pick<Prisma.TransactionClient, "emailMessage" | "$executeRawUnsafe">;

/** The sealed token is bound to its message, so it cannot be moved to another row. */
export const sealingContext = (emailId: string) => `email:${emailId}`;

export async function enqueueEmail<K extends EmailKind>(
  tx: Tx,
  email: { dedupeKey: string; kind: K; to: string; locale: string; params: EmailParams[K]; token?: string },
): Promise<void> {
  const id = randomUUID();
  await tx.emailMessage.createMany({
    data: [
      {
        id,
        dedupeKey: email.dedupeKey,
        kind: email.kind,
        toAddress: email.to,
        locale: email.locale,
        params: email.params as Prisma.InputJsonValue,
        sealed: email.token ? new Uint8Array(encrypt(email.token, sealingContext(id))) : null,
      },
    ],
    skipDuplicates: true,
  });
}

/**
 * One email per member of a business with one of `roles`, each in their own language. The cause's
 * key plus the member's id is the dedupe key. $1 business, $2 roles, $3 kind, $4 cause key, $5 params.
 */
export const MEMBERS_EMAIL_SQL = `
INSERT INTO email_message (id, dedupe_key, kind, to_address, locale, params)
SELECT gen_random_uuid(), $4 || ':' || u.id, $3, u.email, u.locale, $5::jsonb
  FROM membership m JOIN app_user u ON u.id = m.user_id
 WHERE m.business_id = $1::uuid AND m.role::text = ANY ($2::text[])
ON CONFLICT (dedupe_key) DO NOTHING`;

export async function enqueueToMembers<K extends EmailKind>(
  tx: Tx,
  to: { businessId: string; roles: Role[] },
  email: { kind: K; causeKey: string; params: EmailParams[K] },
): Promise<void> {
  await tx.$executeRawUnsafe(MEMBERS_EMAIL_SQL, to.businessId, to.roles, email.kind, email.causeKey, JSON.stringify(email.params));
}
