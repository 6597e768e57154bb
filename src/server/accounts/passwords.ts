import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended parameters (19 MiB, 2 iterations).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * A password check for an email nobody has: the same argon2 work as a real one, so that the time a
 * sign-in takes does not tell whether an account exists.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword("no account has this password");
  await verifyPassword(await dummyHash, password);
  return false;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
