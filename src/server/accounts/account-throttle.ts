/**
 * Failed sign-ins per account, from any client address (product rules §21). Guessing from many
 * addresses gets past every per-address limit, so each account keeps a score of failures; from
 * FAILURE_THRESHOLD on, each failure makes the account's next attempt wait a delay that doubles,
 * up to MAX_DELAY_SECONDS. Attempts inside the delay are refused before the password is looked at.
 * Not a hard lock: anyone may trigger it against someone else, so the owner is only ever made to
 * wait, and is emailed once per episode (when the score crosses the threshold). A wrong
 * second-factor code weighs more than a wrong password: whoever sends one already has the
 * password. An episode ends with a successful sign-in, a password reset, or a day without failures.
 */
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { signInAccountHash } from "@/server/crypto/secrets";
import { enqueueEmail } from "@/server/mail/enqueue";
import { AppError } from "@/server/errors";
import { verifyPassword } from "./passwords";

export const FAILURE_THRESHOLD = 10;
export const FAILURE_WEIGHT = { password: 1, second_factor: 3 } as const;
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGOTTEN_AFTER_HOURS = 24;

/** The delay a score imposes: 30 s at the threshold, doubling with each point above it, at most 15 minutes. */
export function delaySeconds(score: number): number {
  if (score < FAILURE_THRESHOLD) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(score - FAILURE_THRESHOLD, 20));
}

/** How long an attempt holds its account at most: far longer than a password check takes (a crashed one lets go then). */
const ATTEMPT_HOLD_SECONDS = 10;

/**
 * Runs `attempt` (a password or code check and its counting) while it holds the account, or
 * answers the seconds to wait instead: the account's delay, or 1 while another attempt on it is
 * being checked. One attempt per account at a time across the fleet, so each sees the failures
 * counted before it: guesses sent at once cannot all pass the throttles before the first of them
 * is counted. The hold is a row claim that runs out by itself; no connection is held meanwhile.
 */
export async function whileHoldingAccount<T>(email: string, attempt: () => Promise<T>): Promise<{ done: T } | { wait: number }> {
  const held = await beginAttempt(email);
  if ("wait" in held) return held;
  try {
    return { done: await attempt() };
  } finally {
    await endAttempt(email, held);
  }
}

/** The attempt's hold on its account (in one statement), or the seconds to wait. */
async function beginAttempt(email: string): Promise<{ hold: Date } | { wait: number }> {
  const hash = signInAccountHash(email);
  const [row] = await db().$queryRaw<{ hold: Date | null; wait: number | null }[]>`
    WITH began AS (
      INSERT INTO sign_in_failure AS f (account_hash, score, last_failed_at, checking_until)
      VALUES (${hash}, 0, now(), clock_timestamp() + make_interval(secs => ${ATTEMPT_HOLD_SECONDS}::int))
      ON CONFLICT (account_hash) DO UPDATE SET checking_until = excluded.checking_until
       WHERE (f.not_before IS NULL OR f.not_before <= now()) AND (f.checking_until IS NULL OR f.checking_until <= now())
      RETURNING checking_until AS hold, NULL::int AS wait
    )
    SELECT hold, wait FROM began
    UNION ALL
    SELECT NULL, greatest(1, ceil(extract(epoch FROM greatest(f.not_before, f.checking_until) - now())))::int
      FROM sign_in_failure f WHERE f.account_hash = ${hash} AND NOT EXISTS (SELECT 1 FROM began)`;
  if (row?.hold) return { hold: row.hold };
  // Held by an attempt that committed after this statement's snapshot: it is being checked.
  return { wait: row?.wait ?? 1 };
}

/** The attempt is over: the account is free for the next one (unless its hold ran out and another attempt holds it now). */
async function endAttempt(email: string, attempt: { hold: Date }): Promise<void> {
  await db().$executeRaw`UPDATE sign_in_failure SET checking_until = NULL WHERE account_hash = ${signInAccountHash(email)} AND checking_until = ${attempt.hold}`;
}

type Owner = { id: string; email: string; locale: string };

/**
 * A password checked outside sign-in (changing it, turning off two-factor sign-in, confirming an
 * email address) under the same throttle as a sign-in: holding a session or a link is no faster a
 * way to guess it. A wrong one counts as a failed sign-in; inside the account's delay, or while
 * another attempt on the account is being checked, it is not checked at all (429).
 */
export async function checkAccountPassword(owner: Owner & { passwordHash: string }, password: string): Promise<boolean> {
  const checked = await whileHoldingAccount(owner.email, async () => {
    if (await verifyPassword(owner.passwordHash, password)) return true;
    await recordAccountFailure(owner.email, "password", owner);
    return false;
  });
  if ("wait" in checked) {
    throw new AppError("RATE_LIMITED", `Too many wrong passwords for this account. Try again in ${checked.wait} s.`, { headers: { "retry-after": String(checked.wait) } });
  }
  return checked.done;
}

/**
 * Counts one failure (in one statement, so racing failures all count) and sets the delay its
 * score calls for. When this failure starts an episode and the account exists, its owner gets one
 * email, queued in the same transaction.
 */
export async function recordAccountFailure(email: string, kind: keyof typeof FAILURE_WEIGHT, owner: Owner | null): Promise<void> {
  const weight = FAILURE_WEIGHT[kind];
  await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ score: number; episode_started_at: Date | null }[]>`
      INSERT INTO sign_in_failure AS f (account_hash, score, last_failed_at)
      VALUES (${signInAccountHash(email)}, ${weight}::int, now())
      ON CONFLICT (account_hash) DO UPDATE SET
        score = CASE WHEN f.last_failed_at > now() - make_interval(hours => ${FORGOTTEN_AFTER_HOURS}::int) THEN f.score + ${weight}::int ELSE ${weight}::int END,
        episode_started_at = CASE WHEN f.last_failed_at > now() - make_interval(hours => ${FORGOTTEN_AFTER_HOURS}::int) THEN f.episode_started_at END,
        last_failed_at = now()
      RETURNING score, episode_started_at`;
    const delay = delaySeconds(row!.score);
    if (delay === 0) return;
    const [episode] = await tx.$queryRaw<{ started: Date }[]>`
      UPDATE sign_in_failure SET not_before = now() + make_interval(secs => ${delay}::int), episode_started_at = coalesce(episode_started_at, now())
       WHERE account_hash = ${signInAccountHash(email)} RETURNING episode_started_at AS started`;
    // The first failure past the threshold starts the episode: the only one that emails.
    if (owner && !row!.episode_started_at) await alertOwner(tx, owner, episode!.started);
  });
}

async function alertOwner(tx: Prisma.TransactionClient, owner: Owner, episodeStartedAt: Date) {
  await enqueueEmail(tx, {
    dedupeKey: `sign_in_failures:${owner.id}:${episodeStartedAt.toISOString()}`,
    kind: "sign_in_failures",
    to: owner.email,
    locale: owner.locale,
    params: { at: episodeStartedAt.toISOString() },
  });
}

/** A successful sign-in or a password reset ends the episode: the owner is in control again. */
export async function clearAccountFailures(email: string): Promise<void> {
  await db().signInFailure.deleteMany({ where: { accountHash: signInAccountHash(email) } });
}

/** Housekeeping: an episode a day old is forgotten anyway. */
export async function purgeOldSignInFailures(): Promise<number> {
  const { count } = await db().signInFailure.deleteMany({
    where: { lastFailedAt: { lt: new Date(Date.now() - FORGOTTEN_AFTER_HOURS * 3_600_000) } },
  });
  return count;
}
