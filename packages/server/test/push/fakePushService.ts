import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

// A stand-in for a browser vendor's push service, on 127.0.0.1, plus the browser's half of the
// encryption: the test holds the subscription's private key, so it can read what the server sent.

/** A browser's push subscription keys (RFC 8291 section 2): a P-256 key pair and a 16-byte auth secret. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH("prime256v1");
  readonly authSecret = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }
  get p256dh(): string {
    return this.ecdh.getPublicKey().toString("base64url");
  }
  get auth(): string {
    return this.authSecret.toString("base64url");
  }
  subscription(endpoint: string) {
    return { endpoint, expirationTime: null, keys: { p256dh: this.p256dh, auth: this.auth } };
  }

  /** Decrypts an aes128gcm push message body (RFC 8188 content coding, keys per RFC 8291). */
  decrypt(body: Buffer): string {
    // RFC 8188 section 2.1 header: salt (16) | rs (uint32) | idlen (1) | keyid (the sender's public key).
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body[20]!;
    const asPublic = body.subarray(21, 21 + idlen);
    const records = body.subarray(21 + idlen);
    if (idlen !== 65 || asPublic[0] !== 4) throw new Error(`keyid is not a P-256 point (${idlen} bytes)`);
    if (records.length > rs) throw new Error("expected a single record");

    // RFC 8291 section 3.3/3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
    const ecdhSecret = this.ecdh.computeSecret(asPublic);
    const keyInfo = Buffer.concat([
      Buffer.from("WebPush: info\0", "latin1"),
      this.ecdh.getPublicKey(),
      asPublic,
    ]);
    const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, this.authSecret, keyInfo, 32));
    // RFC 8188 section 2.2/2.3: CEK and NONCE from HKDF(salt, IKM) with their info strings.
    const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
    const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
    // One record, sequence number 0, so the nonce is used as is. The last 16 bytes are the GCM tag.
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(records.subarray(records.length - 16));
    const padded = Buffer.concat([
      decipher.update(records.subarray(0, records.length - 16)),
      decipher.final(),
    ]);
    // Padding: the data, a delimiter (0x02 marks the last record), then zero or more 0x00 bytes.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error(`bad padding delimiter ${padded[end]}`);
    return padded.subarray(0, end).toString("utf8");
  }
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Per-path answer: a status code; 201 (Created) is what real push services send on success. */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly statusFor = new Map<string, number>();
  delayMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      setTimeout(() => {
        const path = req.url ?? "/";
        if (req.method === "POST")
          this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        this.inFlight--;
        res.writeHead(this.statusFor.get(path) ?? 201).end();
      }, this.delayMs);
    });
  });
  url = "";

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  endpoint(name: string): string {
    return `${this.url}/push/${name}`;
  }

  for(name: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === `/push/${name}`);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Parses 'vapid t=<JWT>, k=<public key>' (RFC 8292 section 3) and checks the ES256 signature with k,
 * as the push service would. Returns the key and the claims.
 */
export function verifyVapid(authorization: string | undefined): { k: string; claims: VapidClaims } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("VAPID JWT signature does not verify with k");
  const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg: string };
  if (head.alg !== "ES256") throw new Error(`unexpected JWT alg ${head.alg}`);
  return { k, claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as VapidClaims };
}
