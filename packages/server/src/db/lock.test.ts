import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, formatLock, lockDataDir, ownerIsRunning, parseLock, processStart } from "./lock";

// The embedded database's lock file names its process by pid and start time (issue 20, point 6): a
// pid given to another process after a crash must not keep the next server out.

let dir: string;
let other: ChildProcess;
const lockFile = () => path.join(dir, "server.lock");

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tt-lock-"));
  // A live process that is not this one: what a reused pid points at.
  other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)"], { stdio: "ignore" });
  await new Promise((resolve) => other.once("spawn", resolve));
});
afterAll(() => {
  other.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("parseLock", () => {
  it("reads the owner, a bare pid from before start times, and nothing from garbage", () => {
    expect(parseLock(formatLock({ pid: 42, start: "b:7" }))).toEqual({ pid: 42, start: "b:7" });
    expect(parseLock("1234\n")).toEqual({ pid: 1234, start: null });
    expect(parseLock('{"pid":-1}')).toBeNull();
    expect(parseLock('{"pid":')).toBeNull();
  });
});

describe("processStart", () => {
  it("tells two live processes apart, and stays the same for one", () => {
    const mine = processStart(process.pid);
    expect(mine).toBeTruthy();
    expect(processStart(process.pid)).toBe(mine);
    expect(processStart(other.pid!)).toBeTruthy();
    expect(processStart(other.pid!)).not.toBe(mine);
  });
});

describe("lockDataDir", () => {
  it("writes this process's pid and start time, and removes the file when released", () => {
    const unlock = lockDataDir(dir);
    expect(parseLock(readFileSync(lockFile(), "utf8"))).toEqual({
      pid: process.pid,
      start: processStart(process.pid),
    });
    unlock();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("keeps a second server out while the owner runs", () => {
    writeFileSync(lockFile(), formatLock({ pid: other.pid!, start: processStart(other.pid!) }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another server process (pid ${other.pid})`);
  });

  it("takes over a lock whose pid now belongs to another process (it started later)", () => {
    writeFileSync(lockFile(), formatLock({ pid: other.pid!, start: "an-earlier-boot:12345" }));
    const unlock = lockDataDir(dir);
    expect(parseLock(readFileSync(lockFile(), "utf8"))?.pid).toBe(process.pid);
    unlock();
  });

  it("takes over a lock of a process that is gone", async () => {
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    const pid = gone.pid!;
    const start = processStart(pid);
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(lockFile(), formatLock({ pid, start }));
    lockDataDir(dir)();
  });

  it("treats a bare pid of a live process as its owner (an old lock file: no start to compare)", () => {
    writeFileSync(lockFile(), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    rmSync(lockFile());
  });

  it("does not release a lock that another process has taken since", () => {
    const unlock = lockDataDir(dir);
    writeFileSync(lockFile(), formatLock({ pid: other.pid!, start: processStart(other.pid!) }));
    unlock();
    expect(existsSync(lockFile())).toBe(true);
    rmSync(lockFile());
  });
});

describe("ownerIsRunning", () => {
  it("believes a live pid when its start cannot be read", () => {
    expect(ownerIsRunning({ pid: other.pid!, start: "x" }, () => null)).toBe(true);
    expect(ownerIsRunning({ pid: other.pid!, start: "x" }, () => "y")).toBe(false);
  });
});
