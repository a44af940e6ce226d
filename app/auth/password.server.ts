import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id (memory-hard), with OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane.
 * Passwords are never logged; callers pass them straight here.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this keeps the time of a sign-in with an unknown email close to a real one.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password-#1A");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
