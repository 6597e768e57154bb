/**
 * Portal sessions (product rules §21). Each sign-in creates a row that the session cookie names;
 * every portal request checks it, so ending a session (signing out everywhere, a password change,
 * removal from a business) takes effect on the next request, not when the cookie expires.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { forbidden, notFound } from "@/server/errors";
import { enqueueEmail } from "@/server/mail/enqueue";

/** As long as the session cookie lives. */
export const SESSION_HOURS = 8;

type Tx = Pick<Prisma.TransactionClient, "userSession">;

/**
 * A new session; a platform admin is also emailed about it (time, address, browser), so that a
 * stolen admin password does not go unnoticed.
 */
export async function createSession(user: { id: string; isPlatformAdmin: boolean }, client: { clientAddress?: string; userAgent?: string }): Promise<string> {
  const id = randomUUID();
  const at = new Date();
  const clientAddress = client.clientAddress ?? null;
  const userAgent = client.userAgent?.slice(0, 300) ?? null;
  await db().$transaction(async (tx) => {
    const session = await tx.userSession.create({
      data: { id, userId: user.id, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + SESSION_HOURS * 3_600_000), clientAddress, userAgent },
      select: { user: { select: { email: true, locale: true } } },
    });
    if (!user.isPlatformAdmin) return;
    await enqueueEmail(tx, {
      dedupeKey: `admin_sign_in:${id}`,
      kind: "admin_sign_in",
      to: session.user.email,
      locale: session.user.locale,
      params: { at: at.toISOString(), address: clientAddress, browser: userAgent },
    });
  });
  return id;
}

/** Ends every live session of a user (but `keep`, the caller's own, when given). */
export async function endSessions(tx: Tx, userId: string, keep?: string): Promise<number> {
  const { count } = await tx.userSession.updateMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() }, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}

function userIdOf(ctx: ServiceContext): string {
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in user has sessions");
  return ctx.actor.userId;
}

/** The user's live sessions, newest first, the caller's own marked. */
export async function listSessions(ctx: ServiceContext, currentSessionId: string | undefined) {
  const sessions = await db().userSession.findMany({
    where: { userId: userIdOf(ctx), revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true, lastSeenAt: true, clientAddress: true, userAgent: true },
  });
  return sessions.map((s) => ({ ...s, current: s.id === currentSessionId }));
}

export const endSessionInput = z.object({ sessionId: z.uuid().optional() });

/** Signs out one session, or every session (this one included) when none is named. Audited. */
export async function endUserSessions(ctx: ServiceContext, input: z.input<typeof endSessionInput>) {
  const userId = userIdOf(ctx);
  const { sessionId } = endSessionInput.parse(input);
  return db().$transaction(async (tx) => {
    let ended: number;
    if (sessionId) {
      const { count } = await tx.userSession.updateMany({ where: { id: sessionId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count === 0 && !(await tx.userSession.findFirst({ where: { id: sessionId, userId } }))) throw notFound("Session not found");
      ended = count;
    } else {
      ended = await endSessions(tx, userId);
    }
    if (ended > 0) {
      await recordAudit(tx, ctx, { action: "user.sessions_ended", targetType: "user", targetId: userId, metadata: { count: ended, everywhere: !sessionId } });
    }
    return { ended };
  });
}
