import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { pushSubscriptions, users } from "../db/schema";
import { loadOrCreateVapidKeys, type VapidKeys } from "./keys";
import type { PushMessage } from "./messages";
import { endpointProblem, type SubscriptionInput } from "./subscription";

/**
 * The subscriptions of these users (lower-cased names): asked whenever a player is to be told it is
 * their turn, so built and planned once (one array parameter, whatever the number of names).
 */
const subscriptionsOf = preparedFor((db: Db) =>
  db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(sql`${users.usernameKey} = any(${sql.placeholder("names")}::text[])`)
    .prepare("tt_push_subscriptions"),
);

export const DEFAULT_VAPID_SUBJECT = "mailto:admin@localhost";
/** A browser (or several logins on it) rarely needs more; the oldest beyond this are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** How long the push service keeps an undelivered message: lobby news goes stale quickly. */
const DEFAULT_TTL_SECONDS = 60 * 60;
const DEFAULT_CONCURRENCY = 8;
const DEFAULT_TIMEOUT_MS = 10_000;
/** aes128gcm allows 4096-byte records; keep well below so the encrypted message always fits. */
const MAX_PAYLOAD_BYTES = 3000;

/** Pino-shaped, so Fastify's app.log fits; defaults to the console. */
export interface PushLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PushConfig {
  /** 'test' and 'dev' accept http://127.0.0.1 endpoints (a local fake push service). */
  serverEnv: string;
  /** VAPID contact (mailto: or https:); defaults to env VAPID_SUBJECT, then mailto:admin@localhost. */
  vapidSubject?: string;
  ttlSeconds?: number;
  /** Most sends in flight at once. */
  concurrency?: number;
  timeoutMs?: number;
  log?: PushLogger;
}

export interface NotifyResult {
  /** Subscriptions the push service accepted the message for. */
  sent: number;
  /** Subscriptions dropped because the push service answered 404 or 410 (the browser unsubscribed). */
  removed: number;
  failed: number;
}

export interface PushService {
  /** The VAPID public key (base64url) browsers subscribe with. Creates and stores the pair on first use. */
  publicKey(): Promise<string>;
  /** Stores a subscription for the user; the same endpoint again (any user) updates the row. */
  subscribe(userId: number, subscription: SubscriptionInput, userAgent?: string): Promise<void>;
  /** Removes the user's subscription with that endpoint; false when there was none. */
  unsubscribe(userId: number, endpoint: string): Promise<boolean>;
  /** Sends to every subscription of these users (names in any case). Never rejects: failures are logged. */
  notifyUsers(usernames: string[], message: PushMessage): Promise<NotifyResult>;
}

const consoleLogger: PushLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** Throws at start-up on an unusable subject, rather than on every send. */
function checkSubject(subject: string): string {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'.`);
  }
  if (url.protocol !== "mailto:" && url.protocol !== "https:") {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'.`);
  }
  return subject;
}

export function createPushService(db: Db, config: PushConfig): PushService {
  const subject = checkSubject(config.vapidSubject ?? (process.env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT));
  const log = config.log ?? consoleLogger;
  const ttl = config.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const concurrency = Math.max(1, config.concurrency ?? DEFAULT_CONCURRENCY);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  let keys: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    keys ??= loadOrCreateVapidKeys(db).catch((err: unknown) => {
      keys = undefined; // try again next time rather than caching the failure
      throw err;
    });
    return keys;
  };

  type Row = { id: number; endpoint: string; p256dh: string; auth: string };

  async function sendOne(row: Row, payload: string, topic: string | undefined, vapid: VapidKeys) {
    const problem = endpointProblem(row.endpoint, config.serverEnv);
    if (problem) {
      log.warn({ subscription: row.id, problem }, "push: endpoint refused, subscription removed");
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      return "removed" as const;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        TTL: ttl,
        contentEncoding: "aes128gcm",
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        ...(topic ? { topic } : {}),
      },
    );
    // web-push's own sender speaks https only; fetch also reaches the local test service. fetch sets
    // Content-Length itself.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== "content-length") headers[name] = String(value);
    }
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const text = (await response.text().catch(() => "")).slice(0, 200);
    if (response.ok) return "sent" as const;
    if (response.status === 404 || response.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      log.info({ subscription: row.id, status: response.status }, "push: subscription gone, removed");
      return "removed" as const;
    }
    log.warn(
      { subscription: row.id, host: new URL(row.endpoint).host, status: response.status, text },
      "push: push service refused the message",
    );
    return "failed" as const;
  }

  async function notify(usernames: string[], message: PushMessage): Promise<NotifyResult> {
    const result: NotifyResult = { sent: 0, removed: 0, failed: 0 };
    const names = [...new Set(usernames.filter((n) => typeof n === "string").map((n) => n.toLowerCase()))];
    if (names.length === 0) return result;
    const rows: Row[] = await subscriptionsOf(db).execute({ names });
    if (rows.length === 0) return result;
    const vapid = await vapidKeys();
    const payload = encodePayload(message);
    const topic = message.tag && /^[A-Za-z0-9_-]{1,32}$/.test(message.tag) ? message.tag : undefined;

    // A small worker pool: at most `concurrency` requests in flight.
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        try {
          result[await sendOne(row, payload, topic, vapid)]++;
        } catch (err) {
          result.failed++;
          log.warn({ subscription: row.id, err: errorText(err) }, "push: send failed");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
    return result;
  }

  return {
    publicKey: async () => (await vapidKeys()).publicKey,

    async subscribe(userId, subscription, userAgent = "") {
      const values = {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent.slice(0, 300),
        updatedAt: new Date(),
      };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      const keep = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
        .limit(MAX_SUBSCRIPTIONS_PER_USER);
      await db.delete(pushSubscriptions).where(
        and(
          eq(pushSubscriptions.userId, userId),
          notInArray(
            pushSubscriptions.id,
            keep.map((k) => k.id),
          ),
        ),
      );
    },

    async unsubscribe(userId, endpoint) {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    async notifyUsers(usernames, message) {
      try {
        return await notify(usernames, message);
      } catch (err) {
        log.error({ err: errorText(err), title: message?.title }, "push: notifyUsers failed");
        return { sent: 0, removed: 0, failed: 0 };
      }
    },
  };
}

/** The JSON the service worker reads; an over-long body is cut so the message always fits. */
export function encodePayload(message: PushMessage): string {
  const base = { title: message.title, body: message.body, url: message.url, tag: message.tag };
  let payload = JSON.stringify(base);
  let body = message.body;
  while (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && body.length > 0) {
    body = body.slice(0, Math.floor(body.length * 0.8));
    payload = JSON.stringify({ ...base, body: `${body}…` });
  }
  return payload;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}
