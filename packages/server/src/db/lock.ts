import { execFileSync } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite is one process's database: two processes writing the same files would corrupt it.
// An exclusive lock file keeps a second server out; a lock left by a dead process is taken over.
// The file names the process by pid and start time: after a crash and a reboot (or in a container,
// where the server is pid 1 each time) the pid may belong to another, live process, which must not
// pass for the server that left the lock.

export class DataDirLockedError extends Error {}

export interface LockOwner {
  pid: number;
  /** When the process started, as processStart reads it; null in lock files from before it was kept. */
  start: string | null;
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "server.lock");
  const me: LockOwner = { pid: process.pid, start: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeFileSync(fd, formatLock(me));
      closeSync(fd);
      return () => {
        try {
          const owner = parseLock(readFileSync(file, "utf8"));
          if (owner?.pid === me.pid && owner.start === me.start) rmSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = parseLock(readFileSync(file, "utf8"));
      if (owner && owner.pid !== process.pid && ownerIsRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server process (pid ${owner.pid}). ` +
            "The embedded database belongs to one process: stop the other server, choose another DATA_DIR, " +
            "or use PostgreSQL (DATABASE_URL) to run several instances.",
        );
      }
      rmSync(file, { force: true }); // stale lock of a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}.`);
}

export function formatLock(owner: LockOwner): string {
  return JSON.stringify(owner);
}

/** The lock file's owner; a bare pid is a lock file from before start times were kept. */
export function parseLock(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), start: null };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid as number) <= 0) return null;
    return { pid: parsed.pid as number, start: typeof parsed.start === "string" ? parsed.start : null };
  } catch {
    return null; // torn or foreign: nobody we could ask
  }
}

/**
 * Whether the process that wrote the lock still runs: its pid is alive and started when the lock
 * says. Where the start time cannot be read (an old lock file, a system without /proc or ps), a live
 * pid counts: refusing to start is the safe mistake, two writers the unsafe one.
 */
export function ownerIsRunning(owner: LockOwner, startOf: (pid: number) => string | null = processStart) {
  if (!isAlive(owner.pid)) return false;
  if (owner.start === null) return true;
  const now = startOf(owner.pid);
  return now === null || now === owner.start;
}

/**
 * When a process started, in a form that changes when its pid is given to another process. Linux:
 * the boot's id and the start tick from /proc (exact, and no clock is involved); elsewhere what `ps`
 * prints (to the second). Null when neither can be read.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime); fields are counted after the command name, which may hold spaces and ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = fields[19];
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    if (ticks && /^\d+$/.test(ticks)) return `${boot}:${ticks}`;
  } catch {
    // no /proc here (macOS, Windows): ask ps
  }
  try {
    const out = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).trim();
    return out || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
