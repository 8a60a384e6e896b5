// The push notification calls (platform-lobby-accounts.md, notifications). The server parses the
// subscription with its own schema (push/subscription.ts: it checks the endpoint against its network,
// which only the server can), typed to this shape.

/** GET /api/push-key: the server's VAPID public key, base64url. */
export interface PushKeyResponse {
  publicKey: string;
}

/** POST /api/subscribe: the browser's PushSubscription.toJSON(). */
export interface SubscribeRequest {
  endpoint: string;
  expirationTime?: number | null | undefined;
  keys: { p256dh: string; auth: string };
}

/** POST /api/unsubscribe: the endpoint to forget. */
export interface UnsubscribeRequest {
  endpoint: string;
}
