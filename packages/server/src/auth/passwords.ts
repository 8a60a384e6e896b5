import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP-recommended floor (19 MiB, 2 passes): ~30-60 ms here, slow for guessers.
/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified against when the user does not exist, so timing does not reveal names. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("no such user: constant-time filler");
  return dummyHash;
}
