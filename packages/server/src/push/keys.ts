import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/connect";
import { settings } from "../db/schema";

/** The settings row holding the server's VAPID key pair (RFC 8292), created once and never replaced. */
export const VAPID_SETTINGS_KEY = "vapid";

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** Base64url private scalar; never leaves the server. */
  privateKey: string;
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === "string" && typeof v.privateKey === "string";
}

/**
 * Reads the stored key pair, generating and storing one on first start. Replacing the keys would silently
 * break every existing browser subscription, so an insert race (two instances starting together) is
 * settled by the database: whichever pair landed first is the one everybody uses.
 */
export async function loadOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: VAPID_SETTINGS_KEY, value: { publicKey: fresh.publicKey, privateKey: fresh.privateKey } })
    .onConflictDoNothing();
  const stored = await readKeys(db);
  if (!stored) throw new Error("VAPID keys could not be stored in the settings table.");
  return stored;
}

async function readKeys(db: Db): Promise<VapidKeys | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, VAPID_SETTINGS_KEY));
  if (!row) return undefined;
  if (!isVapidKeys(row.value))
    throw new Error(`settings.${VAPID_SETTINGS_KEY} does not hold a VAPID key pair.`);
  return row.value;
}
