import { randomBytes, randomInt } from "node:crypto";

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Table ids appear in shared links: short, lower case, no look-alike characters. */
export function newTableId(): string {
  let id = "";
  for (let i = 0; i < 10; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** Fisher-Yates with the crypto generator: seat order must not be predictable by the creator. */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** An invite link's password: 144 random bits, url-safe, so it can sit in a query string as it is. */
export function newInvitePwd(): string {
  return randomBytes(18).toString("base64url");
}
