// Web Push in the browser: the worker at /sw.js shows what the server sends (packages/server/src/push).
// The component reads the state with pushState() and changes it with enablePush / disablePush.
import type { PushKeyResponse, SubscribeRequest, UnsubscribeRequest } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

export const SERVICE_WORKER_URL = "/sw.js";
/** A browser that cannot reach its vendor's push service may never settle subscribe(). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** What the opt-in shows. 'on' means this browser holds a subscription the server was told about. */
export type PushState = "unsupported" | "denied" | "off" | "on";

/** The bits of `window` used here, so tests can pass a fake. */
export interface PushEnvironment {
  Notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  serviceWorker?: ServiceWorkerContainer;
  PushManager?: unknown;
}

export function browserEnvironment(): PushEnvironment {
  if (typeof window === "undefined") return {};
  return {
    Notification: "Notification" in window ? window.Notification : undefined,
    // Only present in secure contexts (https or localhost).
    serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    PushManager: "PushManager" in window ? window.PushManager : undefined,
  };
}

export function isSupported(env: PushEnvironment): boolean {
  return !!(env.Notification && env.serviceWorker && env.PushManager);
}

/** The server key (base64url) as the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(env: PushEnvironment): Promise<PushSubscription | null> {
  const registration = await env.serviceWorker?.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function postSubscription(subscription: PushSubscription): Promise<void> {
  const body = subscription.toJSON() as SubscribeRequest;
  const result = await api("/api/subscribe", { method: "POST", body });
  if (!result.ok) throw new Error(failureText(result));
}

/**
 * The current state. A subscription the browser still holds is sent to the server again: that is
 * idempotent, and re-attaches it after the server dropped it or another user logged in on this browser.
 */
export async function pushState(env: PushEnvironment = browserEnvironment()): Promise<PushState> {
  if (!isSupported(env)) return "unsupported";
  if (env.Notification!.permission === "denied") return "denied";
  const subscription = await currentSubscription(env);
  if (!subscription || env.Notification!.permission !== "granted") return "off";
  try {
    await postSubscription(subscription);
  } catch {
    // The browser is still subscribed; a later try (next page load) will sync it.
  }
  return "on";
}

/** Thrown with a message the opt-in shows as it is. */
export class PushError extends Error {}

/** Registers the worker, asks permission, subscribes with the server's key and tells the server. */
export async function enablePush(env: PushEnvironment = browserEnvironment()): Promise<PushState> {
  if (!isSupported(env)) throw new PushError("This browser cannot show push notifications.");
  // Both start in the click's task: permission prompts need that user activation in some browsers.
  const registering = env.serviceWorker!.register(SERVICE_WORKER_URL, { scope: "/" });
  const permission = await env.Notification!.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") {
    throw new PushError("Notifications were not allowed. Press the button again and choose Allow.");
  }
  try {
    await registering;
  } catch (err) {
    throw new PushError(`The notification service worker could not be installed: ${messageOf(err)}`);
  }
  const registration = await env.serviceWorker!.ready;

  const key = await api<Partial<PushKeyResponse>>("/api/push-key");
  if (!key.ok || typeof key.json?.publicKey !== "string") throw new PushError(failureText(key));
  const applicationServerKey = base64UrlToBytes(key.json.publicKey);

  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    // Subscribed with another server's key (a reset database): that one can never receive our messages.
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
      SUBSCRIBE_TIMEOUT_MS,
    );
  } catch (err) {
    throw new PushError(`Your browser could not subscribe to its push service: ${messageOf(err)}`);
  }
  try {
    await postSubscription(subscription);
  } catch (err) {
    await subscription.unsubscribe().catch(() => false);
    throw new PushError(messageOf(err));
  }
  return "on";
}

/** Unsubscribes this browser and tells the server to forget the endpoint. */
export async function disablePush(env: PushEnvironment = browserEnvironment()): Promise<PushState> {
  const subscription = await currentSubscription(env);
  if (subscription) {
    const result = await api("/api/unsubscribe", {
      method: "POST",
      body: { endpoint: subscription.endpoint } satisfies UnsubscribeRequest,
    });
    // Unsubscribe in the browser even when the server call failed: its next send then gets a 410.
    await subscription.unsubscribe().catch(() => false);
    if (!result.ok) throw new PushError(failureText(result));
  }
  return "off";
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true; // unknown: keep it rather than churn
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("it did not answer. Try again later.")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}
