import { describe, expect, it } from "vitest";
import { amzDate, EMPTY_PAYLOAD_HASH, type SignInput, sha256Hex, signRequest, uriEncode } from "./sigv4";

// The worked examples of AWS's S3 API reference ('Signature calculations for the Authorization header:
// transferring payload in a single chunk'), with its documentation-only example credentials.
const EXAMPLE_CREDENTIALS = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const example = (input: Partial<SignInput> & Pick<SignInput, "method" | "path">): SignInput => ({
  origin: "https://examplebucket.s3.amazonaws.com",
  payloadHash: EMPTY_PAYLOAD_HASH,
  region: "us-east-1",
  service: "s3",
  date: new Date("2013-05-24T00:00:00Z"),
  ...input,
});
const CREDENTIAL = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";

describe("signRequest", () => {
  it("matches the documented 'GET object' example", () => {
    const signed = signRequest(
      example({ method: "GET", path: "/test.txt", headers: { range: "bytes=0-9" } }),
      EXAMPLE_CREDENTIALS,
    );
    expect(EMPTY_PAYLOAD_HASH).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(signed.headers.authorization).toBe(
      `${CREDENTIAL},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,` +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(signed.headers).toMatchObject({
      range: "bytes=0-9",
      "x-amz-date": "20130524T000000Z",
      "x-amz-content-sha256": EMPTY_PAYLOAD_HASH,
    });
    expect(signed.url).toBe("https://examplebucket.s3.amazonaws.com/test.txt");
  });

  it("matches the documented 'PUT object' example (encoded path, payload hash, extra headers)", () => {
    const body = "Welcome to Amazon S3.";
    const signed = signRequest(
      example({
        method: "PUT",
        path: "/test$file.text",
        headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256Hex(body),
      }),
      EXAMPLE_CREDENTIALS,
    );
    expect(signed.headers.authorization).toBe(
      `${CREDENTIAL},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,` +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
    expect(signed.url).toBe("https://examplebucket.s3.amazonaws.com/test%24file.text");
  });

  it("matches the documented 'GET bucket (list objects)' example (sorted query)", () => {
    const signed = signRequest(
      example({
        method: "GET",
        path: "/",
        query: [
          ["prefix", "J"],
          ["max-keys", "2"],
        ],
      }),
      EXAMPLE_CREDENTIALS,
    );
    expect(signed.headers.authorization).toBe(
      `${CREDENTIAL},SignedHeaders=host;x-amz-content-sha256;x-amz-date,` +
        "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
    expect(signed.url).toBe("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J");
  });

  it("signs the port of a non-default origin as part of the host", () => {
    const a = signRequest(
      example({ method: "GET", path: "/b/k", origin: "http://127.0.0.1:9000" }),
      EXAMPLE_CREDENTIALS,
    );
    const b = signRequest(
      example({ method: "GET", path: "/b/k", origin: "http://127.0.0.1:9001" }),
      EXAMPLE_CREDENTIALS,
    );
    expect(a.headers.authorization).not.toBe(b.headers.authorization);
  });
});

describe("uriEncode and amzDate", () => {
  it("encodes everything but unreserved characters, and '/' only in paths", () => {
    expect(uriEncode("a-b_c.d~e")).toBe("a-b_c.d~e");
    expect(uriEncode("a b/c+d=é")).toBe("a%20b%2Fc%2Bd%3D%C3%A9");
    expect(uriEncode("/a b/c", true)).toBe("/a%20b/c");
  });
  it("formats the request time without separators or milliseconds", () => {
    expect(amzDate(new Date("2026-11-22T03:04:05.678Z"))).toBe("20261122T030405Z");
  });
});
