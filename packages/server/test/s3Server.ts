import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts a real S3-compatible server (s3rver, see s3ServerProcess.mjs) on a free loopback port with an
// empty bucket in a fresh temporary directory. Used by the storage tests (src/storage/s3.test.ts) and the
// app-level test (s3App.test.ts); close() stops it and removes the directory.

/** s3rver's built-in credentials; any other key pair is refused, like a real store would. */
export const TEST_S3 = {
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  region: "eu-test-1",
  bucket: "tt-bucket",
} as const;

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  close(): Promise<void>;
}

const PROCESS = path.join(import.meta.dirname, "s3ServerProcess.mjs");
const START_TIMEOUT_MS = 20_000;

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "tt-s3-"));
  const child = fork(PROCESS, [directory, TEST_S3.bucket], {
    execArgv: ["--openssl-legacy-provider"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("s3rver did not start in time")), START_TIMEOUT_MS);
      child.once("message", (message) => {
        clearTimeout(timer);
        resolve((message as { port: number }).port);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with code ${code} before it listened`));
      });
    });
    return {
      endpoint: `http://127.0.0.1:${port}`,
      directory,
      async close() {
        // Disconnecting the IPC channel tells the child to close its server and exit.
        if (child.connected) child.disconnect();
        await exited;
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    child.kill();
    await exited;
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
}
