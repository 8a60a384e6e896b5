import type { Deployment } from "./deploy";
import { HttpClient } from "./http";

// The bots' accounts: invited, registered and logged in through the same HTTP calls a person makes.
// Passwords are argon2id-hashed on the server (~50 ms each), so registration is paced, not flooded.

export interface BotUser {
  name: string;
  /** Logged in against the first instance; `.on(url)` reaches another with the same session. */
  http: HttpClient;
}

export const PASSWORD = "load bench password";

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function createUsers(deployment: Deployment, count: number, prefix = "bot"): Promise<BotUser[]> {
  const codes = await deployment.invite(count);
  const base = deployment.servers[0]!.url;
  // Two at a time: the machine has two cores and argon2 uses one per hash.
  return inBatches(
    codes.map((code, i) => ({ code, name: `${prefix}${i}` })),
    2,
    async ({ code, name }) => {
      const http = new HttpClient(base);
      await http.call("registerUser", "POST", "/api/registerUser", {
        userName: name,
        userPassword: PASSWORD,
        inviteCode: code,
        email: `${name}@bench.test`,
      });
      await http.call("login", "POST", "/api/login", { userName: name, userPassword: PASSWORD });
      if (!http.cookie) throw new Error(`no session cookie for ${name}`);
      return { name, http };
    },
  );
}
