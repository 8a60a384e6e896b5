import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkKey, checkPrefix, proxiedUrl, type Storage, type StoredObject } from "./storage";

// Any S3-compatible object store (AWS S3, MinIO, Ceph, R2, ...) through AWS's own client
// (@aws-sdk/client-s3), with path-style URLs (`{endpoint}/{bucket}/{key}`), which every implementation
// takes. Tested against a real S3-compatible server started by the test (s3.test.ts).

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (a path after the host is kept). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load objects from directly (a public bucket or a CDN); else through the server. */
  publicUrl?: string | undefined;
  /** The most one operation may take, retries included. */
  timeoutMs?: number;
  /** Keys per page of a listing; unset, the store's own (S3: 1000). Tests make it small. */
  listPageSize?: number;
}

/** A failure of the store (credentials, bucket, network): an error for the operator, not a refusal. */
export class S3Error extends Error {
  constructor(
    /** The HTTP status the store answered, or 0 when no answer came (network, timeout). */
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default since 2025 adds CRC32 checksums to every upload and asks for them on every
      // download; several S3-compatible stores refuse or mishandle those. S3 itself requires them only
      // for a few operations this class does not use (the hand-made client before it sent none).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: checkKey(key),
      Body: bytes,
      ContentType: contentType,
    });
    await this.run("PUT", key, (abortSignal) => this.client.send(command, { abortSignal }));
  }

  async get(key: string): Promise<StoredObject | null> {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) });
    return this.run(
      "GET",
      key,
      async (abortSignal) => {
        const answer = await this.client.send(command, { abortSignal });
        const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
        return {
          bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: answer.ContentType ?? "application/octet-stream",
        };
      },
      () => null,
    );
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) });
    // S3 answers 204 for a missing key; some compatible stores answer NoSuchKey.
    await this.run<unknown>(
      "DELETE",
      key,
      (abortSignal) => this.client.send(command, { abortSignal }),
      () => null,
    );
  }

  /** ListObjectsV2, following continuation tokens until the listing is complete. */
  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    return this.run("LIST", prefix, async (abortSignal) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.options.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: this.options.listPageSize,
          }),
          { abortSignal },
        );
        for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    });
  }

  publicUrl(key: string): string {
    checkKey(key);
    const base = this.options.publicUrl?.replace(/\/+$/, "");
    return base ? `${base}/${key}` : proxiedUrl(key);
  }

  /**
   * Runs one operation under the deadline and turns the SDK's failures into S3Error with the store's
   * status and code. `ifNoSuchKey`, when given, answers for a key the store does not have: only the key
   * may be missing, a missing bucket is a configuration error and fails loudly.
   */
  private async run<T>(
    op: string,
    key: string,
    operation: (signal: AbortSignal) => Promise<T>,
    ifNoSuchKey?: () => T,
  ): Promise<T> {
    try {
      return await operation(AbortSignal.timeout(this.options.timeoutMs ?? 30_000));
    } catch (err) {
      if (err instanceof S3ServiceException) {
        if (ifNoSuchKey && err.name === "NoSuchKey") return ifNoSuchKey();
        const status = err.$metadata.httpStatusCode ?? 0;
        throw new S3Error(status, `S3 ${op} ${key}: HTTP ${status} ${err.name}`, { cause: err });
      }
      const why = err instanceof Error ? err.message : String(err);
      throw new S3Error(0, `S3 ${op} ${key}: ${why}`, { cause: err });
    }
  }
}
