import { describe, expect, it } from "vitest";
import { base64UrlToBytes, isSupported, pushState } from "./push";

describe("base64UrlToBytes", () => {
  it("decodes unpadded base64url, as the server sends the VAPID key", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const encoded = Buffer.from(bytes).toString("base64url");
    expect(encoded).not.toContain("=");
    expect(Array.from(base64UrlToBytes(encoded))).toEqual(Array.from(bytes));
    expect(Array.from(base64UrlToBytes("-_8"))).toEqual([0xfb, 0xff]);
  });
});

describe("pushState", () => {
  const notification = (permission: NotificationPermission) => ({
    permission,
    requestPermission: async () => permission,
  });
  const worker = (subscribed: boolean) =>
    ({
      getRegistration: async () => ({
        pushManager: { getSubscription: async () => (subscribed ? { toJSON: () => ({}) } : null) },
      }),
    }) as unknown as ServiceWorkerContainer;

  it("is unsupported without Notification, service workers or PushManager", async () => {
    expect(isSupported({ Notification: notification("default"), serviceWorker: worker(false) })).toBe(false);
    expect(await pushState({})).toBe("unsupported");
  });

  it("reports a block, or off before anyone subscribed", async () => {
    const base = { serviceWorker: worker(false), PushManager: {} };
    expect(await pushState({ ...base, Notification: notification("denied") })).toBe("denied");
    expect(await pushState({ ...base, Notification: notification("default") })).toBe("off");
    expect(await pushState({ ...base, Notification: notification("granted") })).toBe("off");
  });
});
