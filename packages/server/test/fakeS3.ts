import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// No S3 runs on this machine, so S3 storage is tested against a fake: a tiny node:http server that keeps
// objects in a Map and, like S3, refuses any request whose SigV4 Authorization header is malformed or
// does not verify. The verification below is written out independently of sigv4.ts, from the request as
// it arrived on the wire; the signer itself is checked against AWS's published examples (sigv4.test.ts).
// Used by the storage unit tests (src/storage/s3.test.ts) and by the app-level test (s3App.test.ts).

export const FAKE_S3 = {
  accessKeyId: "AKIDTESTFAKE",
  secretAccessKey: "fake/secret+key",
  region: "eu-test-1",
  bucket: "tt-bucket",
} as const;

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  seen: { method: string; url: string }[];
  close(): Promise<void>;
}

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
  if (accessKey !== FAKE_S3.accessKeyId) return "unknown access key";
  if (region !== FAKE_S3.region) return "wrong region";
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
  let key = hmac(`AWS4${FAKE_S3.secretAccessKey}`, day!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  return hmac(key, toSign).toString("hex") === signature ? null : "signature does not match";
}

function s3Error(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

/**
 * Starts the fake on a free loopback port. `pageSize` keeps list pages small, so listing has to follow
 * continuation tokens.
 */
export async function startFakeS3(pageSize = 1000): Promise<FakeS3> {
  const objects: FakeS3["objects"] = new Map();
  const seen: FakeS3["seen"] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method ?? "", url: req.url ?? "" });
    if (authProblem(req, body)) return s3Error(res, 403, "SignatureDoesNotMatch");
    const url = new URL(req.url ?? "/", "http://fake");
    const [, bucket, ...rest] = url.pathname.split("/");
    if (bucket !== FAKE_S3.bucket) return s3Error(res, 404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    if (!key && req.method === "GET" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const after = url.searchParams.get("continuation-token") ?? "";
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = all.slice(0, pageSize);
      const truncated = all.length > pageSize;
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Name>${FAKE_S3.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
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

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
