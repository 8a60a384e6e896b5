import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { S3Error, S3Storage } from "./s3";

// No S3 runs on this machine, so S3Storage is tested against a fake: a tiny node:http server that keeps
// objects in a Map and, like S3, refuses any request whose SigV4 Authorization header is malformed or
// does not verify. The verification below is written out independently of sigv4.ts, from the request as
// it arrived on the wire; the signer itself is checked against AWS's published examples (sigv4.test.ts).

const ACCESS_KEY = "AKIDTESTFAKE";
const SECRET = "fake/secret+key";
const REGION = "eu-test-1";
const BUCKET = "tt-bucket";
const PAGE = 2; // small pages, so listing has to follow continuation tokens

const objects = new Map<string, { bytes: Buffer; contentType: string }>();
const seen: { method: string; url: string }[] = [];
let server: Server;
let endpoint: string;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

/** Why the request's signature does not verify, or null when it does. */
function authProblem(req: IncomingMessage, body: Buffer): string | null {
  const m = AUTH.exec(req.headers.authorization ?? "");
  if (!m) return "malformed Authorization header";
  const [, accessKey, day, region, signedHeaders, signature] = m;
  if (accessKey !== ACCESS_KEY) return "unknown access key";
  if (region !== REGION) return "wrong region";
  const stamp = String(req.headers["x-amz-date"] ?? "");
  if (!/^\d{8}T\d{6}Z$/.test(stamp) || stamp.slice(0, 8) !== day) return "bad x-amz-date";
  if (req.headers["x-amz-content-sha256"] !== sha256(body)) return "payload hash mismatch";
  const names = signedHeaders!.split(";");
  for (const required of ["host", "x-amz-content-sha256", "x-amz-date"])
    if (!names.includes(required)) return `${required} not signed`;
  const [rawPath, rawQuery = ""] = (req.url ?? "").split("?");
  const canonical = [
    req.method,
    rawPath,
    rawQuery.split("&").filter(Boolean).sort().join("&"),
    names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join(""),
    signedHeaders,
    req.headers["x-amz-content-sha256"],
  ].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", stamp, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join(
    "\n",
  );
  let key = hmac(`AWS4${SECRET}`, day!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  return hmac(key, toSign).toString("hex") === signature ? null : "signature does not match";
}

function s3Error(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  seen.push({ method: req.method ?? "", url: req.url ?? "" });
  if (authProblem(req, body)) return s3Error(res, 403, "SignatureDoesNotMatch");
  const url = new URL(req.url ?? "/", "http://fake");
  const [, bucket, ...rest] = url.pathname.split("/");
  if (bucket !== BUCKET) return s3Error(res, 404, "NoSuchBucket");
  const key = decodeURIComponent(rest.join("/"));
  if (!key && req.method === "GET" && url.searchParams.get("list-type") === "2") {
    const prefix = url.searchParams.get("prefix") ?? "";
    const after = url.searchParams.get("continuation-token") ?? "";
    const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = all.slice(0, PAGE);
    const truncated = all.length > PAGE;
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Name>${BUCKET}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<IsTruncated>${truncated}</IsTruncated>` +
        (truncated
          ? `<NextContinuationToken>${xmlEscape(page[page.length - 1]!)}</NextContinuationToken>`
          : "") +
        page.map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>1</Size></Contents>`).join("") +
        "</ListBucketResult>",
    );
    return;
  }
  if (req.method === "PUT") {
    objects.set(key, { bytes: body, contentType: String(req.headers["content-type"]) });
    res.writeHead(200).end();
  } else if (req.method === "GET") {
    const object = objects.get(key);
    if (!object) return s3Error(res, 404, "NoSuchKey");
    res.writeHead(200, { "content-type": object.contentType }).end(object.bytes);
  } else if (req.method === "DELETE") {
    objects.delete(key);
    res.writeHead(204).end();
  } else s3Error(res, 405, "MethodNotAllowed");
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  objects.clear();
  seen.length = 0;
});

const storageWith = (options: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    endpoint,
    region: REGION,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    ...options,
  });

describe("S3Storage against a fake S3", () => {
  it("puts, gets and deletes objects with signed path-style requests", async () => {
    const s3 = storageWith();
    const key = "projects/chess/assets/board.png";
    await s3.put(key, Buffer.from([1, 2, 3]), "image/png");
    expect(objects.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });
    expect(seen[0]).toEqual({ method: "PUT", url: `/${BUCKET}/${key}` });
    expect(await s3.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });
    await s3.delete(key);
    expect(objects.has(key)).toBe(false);
    expect(await s3.get(key)).toBeNull();
    await s3.delete(key);
  });

  it("lists by prefix across pages of continuation tokens", async () => {
    const s3 = storageWith({ endpoint: `${endpoint}/` });
    const keys = ["a.png", "b.png", "c.png", "d.png", "e.png"].map((f) => `projects/p/assets/${f}`);
    for (const key of [...keys].reverse()) await s3.put(key, Buffer.from(key), "image/png");
    await s3.put("projects/p/decks/d1/x.png", Buffer.from("x"), "image/png");
    seen.length = 0;
    expect(await s3.list("projects/p/assets/")).toEqual(keys);
    expect(seen.length).toBe(3);
    expect(seen[0]!.url).toBe(`/${BUCKET}?list-type=2&prefix=projects%2Fp%2Fassets%2F`);
    expect(await s3.list("projects/q/")).toEqual([]);
    expect(await s3.list("projects/")).toHaveLength(6);
  });

  it("fails loudly when the store refuses the signature", async () => {
    const s3 = storageWith({ secretAccessKey: "wrong" });
    const put = s3.put("projects/p/assets/a.png", Buffer.from("x"), "image/png");
    await expect(put).rejects.toBeInstanceOf(S3Error);
    await expect(put).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(s3.list("projects/")).rejects.toThrow(/403/);
    expect(objects.size).toBe(0);
  });

  it("gives the bucket's public address when one is configured, else the server's", () => {
    const key = "projects/p/assets/a.png";
    expect(storageWith().publicUrl(key)).toBe(`/api/storage/${key}`);
    expect(storageWith({ publicUrl: "https://cdn.example.test/tt/" }).publicUrl(key)).toBe(
      `https://cdn.example.test/tt/${key}`,
    );
    expect(() => storageWith().publicUrl("../x")).toThrow(/Invalid storage key/);
  });
});
