import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite is one process's database: two processes writing the same files would corrupt it.
// An exclusive lock file with our pid keeps a second server out; a lock left by a dead process is taken over.

export class DataDirLockedError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server process (pid ${pid}). ` +
            "The embedded database belongs to one process: stop the other server, choose another DATA_DIR, " +
            "or use PostgreSQL (DATABASE_URL) to run several instances.",
        );
      }
      rmSync(file, { force: true }); // stale lock of a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
