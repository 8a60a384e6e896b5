import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest } from "./sigv4";
import { checkKey, checkPrefix, proxiedUrl, type Storage, type StoredObject } from "./storage";
import { childElements, parseXml, textOf } from "./xml";

// Any S3-compatible object store (AWS S3, MinIO, Ceph, R2, ...) through its REST API: plain fetch and
// our own SigV4 signing, path-style URLs (`{endpoint}/{bucket}/{key}`), which every implementation takes.

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (a path after the host is kept). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load objects from directly (a public bucket or a CDN); else through the server. */
  publicUrl?: string | undefined;
  /** For tests: the clock the signatures use. */
  now?: () => Date;
  timeoutMs?: number;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class S3Storage implements Storage {
  private readonly origin: string;
  private readonly basePath: string;

  constructor(private readonly options: S3Options) {
    const url = new URL(options.endpoint);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, "");
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send("PUT", key, { body: bytes, headers: { "content-type": contentType } });
    await this.expectOk(res, "PUT", key);
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send("GET", key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    await this.expectOk(res, "GET", key, false);
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send("DELETE", key);
    if (res.status === 404) return void (await res.body?.cancel());
    await this.expectOk(res, "DELETE", key);
  }

  /** ListObjectsV2, following continuation tokens until the listing is complete. */
  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    const keys: string[] = [];
    let token: string | null = null;
    do {
      const query: [string, string][] = [
        ["list-type", "2"],
        ["prefix", prefix],
      ];
      if (token) query.push(["continuation-token", token]);
      const res = await this.send("GET", null, { query });
      await this.expectOk(res, "LIST", prefix, false);
      const result = parseXml(await res.text());
      for (const contents of childElements(result, "Contents")) {
        const key = childElements(contents, "Key")[0];
        if (key) keys.push(textOf(key));
      }
      const truncated = childElements(result, "IsTruncated")[0];
      const next = childElements(result, "NextContinuationToken")[0];
      token = truncated && textOf(truncated).trim() === "true" && next ? textOf(next) : null;
    } while (token);
    return keys.sort();
  }

  publicUrl(key: string): string {
    checkKey(key);
    const base = this.options.publicUrl?.replace(/\/+$/, "");
    return base ? `${base}/${key}` : proxiedUrl(key);
  }

  private async send(
    method: string,
    key: string | null,
    extra: { body?: Buffer; headers?: Record<string, string>; query?: [string, string][] } = {},
  ): Promise<Response> {
    const path = `${this.basePath}/${this.options.bucket}${key === null ? "" : `/${checkKey(key)}`}`;
    const signed = signRequest(
      {
        method,
        origin: this.origin,
        path,
        query: extra.query ?? [],
        headers: extra.headers ?? {},
        payloadHash: extra.body ? sha256Hex(extra.body) : EMPTY_PAYLOAD_HASH,
        region: this.options.region,
        service: "s3",
        date: this.options.now?.() ?? new Date(),
      },
      this.options,
    );
    return fetch(signed.url, {
      method,
      headers: signed.headers,
      body: extra.body ? new Uint8Array(extra.body) : undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }

  /** Non-2xx answers are failures of the store (credentials, bucket, network): errors, not refusals. */
  private async expectOk(res: Response, op: string, key: string, drain = true): Promise<void> {
    if (res.ok) {
      if (drain) await res.body?.cancel();
      return;
    }
    const body = await res.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? res.statusText;
    throw new S3Error(res.status, `S3 ${op} ${key}: HTTP ${res.status} ${code}`);
  }
}
