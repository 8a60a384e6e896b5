import type { Config } from "../config";
import { DiskStorage } from "./disk";
import { S3Storage } from "./s3";
import type { Storage } from "./storage";

export { DiskStorage } from "./disk";
export { S3Storage } from "./s3";
export * from "./storage";

/** The storage the configuration names: disk under DATA_DIR/storage (default) or an S3 bucket. */
export function createStorage(config: Pick<Config, "storage">): Storage {
  const s = config.storage;
  return s.kind === "disk" ? new DiskStorage(s.dir) : new S3Storage(s);
}
