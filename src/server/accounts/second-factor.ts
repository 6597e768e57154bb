/**
 * Checking a second factor: a TOTP code for a step after the last accepted one, or an unused
 * recovery code, which is used up. The user's row is locked, so two sign-ins racing with one code
 * cannot both pass.
 */
import type { Prisma } from "@/generated/prisma/client";
import { recoveryCodeHash } from "@/server/crypto/secrets";
import { acceptedStep, looksLikeRecoveryCode, normalizeRecoveryCode, openTotpSecret } from "@/server/auth/totp";

type Tx = Prisma.TransactionClient;

export async function checkSecondFactor(tx: Tx, userId: string, code: string): Promise<"totp" | "recovery" | null> {
  const [user] = await tx.$queryRaw<{ secret: Uint8Array | null; last: bigint; hashes: string[] }[]>`
    SELECT totp_secret AS secret, totp_last_counter AS last, recovery_code_hashes AS hashes FROM app_user WHERE id = ${userId}::uuid FOR UPDATE`;
  if (!user?.secret) return null;
  const typed = code.trim();
  const step = acceptedStep(openTotpSecret(userId, user.secret), typed, BigInt(user.last));
  if (step !== null) {
    await tx.user.update({ where: { id: userId }, data: { totpLastCounter: step } });
    return "totp";
  }
  if (!looksLikeRecoveryCode(typed)) return null;
  const hash = recoveryCodeHash(normalizeRecoveryCode(typed));
  if (!user.hashes.includes(hash)) return null;
  await tx.user.update({ where: { id: userId }, data: { recoveryCodeHashes: user.hashes.filter((h) => h !== hash) } });
  return "recovery";
}
