import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SecurityServer, startSecurityServer } from "./world";

// Inputs the HTTP fuzz (fuzz.test.ts) once found a server error with, kept as plain tests.

let server: SecurityServer;

beforeAll(async () => {
  server = await startSecurityServer();
}, 120_000);
afterAll(() => server?.close());

describe("shipped game images (/game-assets/:slug/:file)", () => {
  it("serves a game's own image, and answers 404 for names of Object's members", async () => {
    const board = await fetch(`${server.url}/game-assets/sandbox/table.svg`);
    expect(board.status).toBe(200);
    expect(board.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    for (const file of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await fetch(`${server.url}/game-assets/sandbox/${file}`);
      expect({ file, status: res.status, text: await res.text() }).toEqual({
        file,
        status: 404,
        text: "Not found",
      });
    }
  });
});
