import type { Client } from "../harness";
import { ACTORS, type Actor, postForm, type SecurityServer, type World } from "./world";

// The HTTP half of the permission matrix (DESIGN.md 'Security model'): for every route the server
// registers, one or more scenarios, each saying what every actor gets. 'ok' is any 2xx. The expected
// cells come from the specs' role rules (platform-lobby-accounts.md 6, game-table.md 6,
// admin-decks-editor.md 6); where the specs leave a case open, the scenario says how it is read.
//
// Closed projects answer 404 to those outside them, as if they did not exist (the spec's lobby text
// 'Project data not found (not authorized?)'); a 403 would confirm that the project is there.

export type Outcome = "ok" | 400 | 401 | 403 | 404 | 409;
export type Expectation = Record<Actor, Outcome>;

export interface HttpCall {
  method: string;
  path: string;
  body?: unknown;
  form?: { fields: Record<string, string>; files: Record<string, [Buffer, string]> };
  /** Another client than the actor's main session (calls that end or replace the session). */
  client?: Client;
}

export interface Ctx {
  server: SecurityServer;
  w: World;
}

export interface HttpScenario {
  /** The route as Fastify registered it: 'METHOD /url/:param'. */
  route: string;
  /** What the scenario tries, when the route has more than one. */
  name?: string;
  expect: Expectation;
  call(actor: Actor, ctx: Ctx): Promise<HttpCall> | HttpCall;
}

export const all = (outcome: Outcome): Expectation =>
  Object.fromEntries(ACTORS.map((a) => [a, outcome])) as Expectation;
export const with_ = (base: Expectation, changes: Partial<Expectation>): Expectation => ({
  ...base,
  ...changes,
});

/** Anyone logged in. */
export const loggedIn = with_(all("ok"), { anonymous: 401 });
/** Anyone who may open the closed project (its members and site admins). */
export const members = with_(loggedIn, { outsider: 404 });
/** 'Stricter admin': the project's mods and designers and site admins. */
export const projectAdmins = (others: 403 | 404): Expectation =>
  with_(members, { player: others, stranger: others });
/** Designers and site admins: decks, assets, the game implementation, table restarts and reloads. */
export const maintainers = with_(projectAdmins(403), { mod: 403 });
/** What only a seated player may do, asked by actors none of whom holds a seat: refused to all who see the table. */
export const seatedOnly = with_(members, {
  player: 403,
  mod: 403,
  designer: 403,
  admin: 403,
  superadmin: 403,
  stranger: 403,
});
export const siteAdmins = with_(all(403), { anonymous: 401, admin: "ok", superadmin: "ok" });

export const get = (path: string): HttpCall => ({ method: "GET", path });
export const post = (path: string, body: unknown = {}): HttpCall => ({ method: "POST", path, body });
/** The actor's name as letters only, for names and slugs made per cell. */
export const lettersOf = (actor: Actor) => actor.replace(/[^a-z]/g, "");

/** Setup calls must work; a failing one would make every cell of the scenario meaningless. */
export async function must(res: Promise<{ status: number; text: string }>, what: string) {
  const r = await res;
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

export async function runCall(
  ctx: Ctx,
  actor: Actor,
  scenario: HttpScenario,
): Promise<{ status: number; text: string }> {
  const call = await scenario.call(actor, ctx);
  const client = call.client ?? ctx.w.as[actor];
  if (call.form) return postForm(client, call.path, call.form.fields, call.form.files);
  return client.request(call.method, call.path, call.body);
}

export function matches(outcome: Outcome, status: number): boolean {
  return outcome === "ok" ? status >= 200 && status < 300 : status === outcome;
}
