import { isIP } from "node:net";
import type { SubscribeRequest, UnsubscribeRequest } from "@tt/protocol";
import { z } from "zod";

/** Server environments where a plain-http endpoint on 127.0.0.1 is accepted (a local fake push service). */
const LOCAL_ENDPOINT_ENVS = new Set(["test", "dev"]);

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(value: string): number {
  return BASE64URL.test(value) ? Buffer.from(value, "base64url").length : -1;
}

/**
 * Why a push endpoint is unacceptable, or undefined when it is fine. Real push services are public https
 * hosts; refusing IP literals and localhost keeps the server from being pointed at its own network.
 */
export function endpointProblem(endpoint: string, serverEnv: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The subscription endpoint is not a valid URL.";
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (LOCAL_ENDPOINT_ENVS.has(serverEnv) && url.protocol === "http:" && host === "127.0.0.1")
    return undefined;
  if (url.protocol !== "https:") return "The subscription endpoint must be an https URL.";
  if (host === "localhost" || host.endsWith(".localhost") || isIP(host) !== 0) {
    return "The subscription endpoint must be a push service on the internet.";
  }
  if (url.username || url.password) return "The subscription endpoint must not contain credentials.";
  return undefined;
}

/** The browser's PushSubscription.toJSON(), as POST /api/subscribe receives it. */
export function subscriptionSchema(serverEnv: string): z.ZodType<SubscribeRequest> {
  return z.object(
    {
      endpoint: z
        .string({ error: "The subscription endpoint is missing." })
        .max(2048, "The subscription endpoint is too long.")
        .superRefine((value, ctx) => {
          const problem = endpointProblem(value, serverEnv);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      expirationTime: z.number().nullable().optional(),
      keys: z.object(
        {
          p256dh: z
            .string({ error: "The subscription key p256dh is missing." })
            .refine(
              (v) => base64urlBytes(v) === 65 && Buffer.from(v, "base64url")[0] === 4,
              "The subscription key p256dh must be a base64url P-256 public key (65 bytes).",
            ),
          auth: z
            .string({ error: "The subscription key auth is missing." })
            .refine(
              (v) => base64urlBytes(v) === 16,
              "The subscription key auth must be 16 bytes, base64url encoded.",
            ),
        },
        { error: "The subscription keys (p256dh and auth) are missing." },
      ),
    },
    { error: "Send the browser's push subscription as a JSON object." },
  );
}

export type SubscriptionInput = SubscribeRequest;

export const unsubscribeSchema: z.ZodType<UnsubscribeRequest> = z.object(
  { endpoint: z.string({ error: "The subscription endpoint is missing." }).max(2048) },
  { error: "Send the subscription endpoint to remove as a JSON object." },
);
