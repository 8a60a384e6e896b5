import { createHash, createHmac } from "node:crypto";

// AWS Signature Version 4 for the S3 REST API, header form ('Authorization: AWS4-HMAC-SHA256 ...').
// Written against the published algorithm (canonical request -> string to sign -> HMAC chain of date,
// region, service) so S3Storage needs no SDK; sigv4.test.ts checks it against AWS's own worked example.

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignInput {
  method: string;
  /** Scheme, host (and port) of the request; the Host header is signed from it. */
  origin: string;
  /** The path as decoded segments joined by '/', starting with '/'; it is encoded here. */
  path: string;
  /** Query parameters, decoded. */
  query?: [string, string][];
  /** Extra headers to sign and send (range, content-type, ...). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (the empty string's hash for no body). */
  payloadHash: string;
  region: string;
  service: string;
  date: Date;
}

export interface SignedRequest {
  /** The URL to fetch, encoded exactly as it was signed. */
  url: string;
  /** Headers to send: the extra ones plus x-amz-date, x-amz-content-sha256 and authorization. */
  headers: Record<string, string>;
}

export const EMPTY_PAYLOAD_HASH = sha256Hex("");

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ (and '/' when it separates segments). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function signRequest(input: SignInput, credentials: Credentials): SignedRequest {
  const host = new URL(input.origin).host;
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;

  const canonicalPath = uriEncode(input.path, true);
  const canonicalQuery = (input.query ?? [])
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");

  const sent: Record<string, string> = {
    ...input.headers,
    "x-amz-date": stamp,
    "x-amz-content-sha256": input.payloadHash,
  };
  const signed = new Map<string, string>([["host", host]]);
  for (const [name, value] of Object.entries(sent))
    signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  const names = [...signed.keys()].sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed.get(n)}\n`).join("");
  const signedHeaders = names.join(";");

  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");

  const kDate = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, input.service);
  const kSigning = hmac(kService, "aws4_request");
  const signature = hmac(kSigning, stringToSign).toString("hex");

  return {
    url: `${input.origin}${canonicalPath}${canonicalQuery ? `?${canonicalQuery}` : ""}`,
    headers: {
      ...sent,
      authorization:
        `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},` +
        `SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
  };
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}
