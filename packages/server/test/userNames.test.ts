import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameSkeleton } from "../src/auth/nameSkeleton";
import { invitations, users } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";

// User names that pass for others (issue 20, point 5): normalised (NFKC), refused when they hold
// invisible characters or mix scripts, and refused when their skeleton meets an existing name's.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000", RATE_LIMIT_PER_NAME: "1000" });
  for (const name of ["alice", "ace", "mary", "Olga"]) {
    expect((await new Client(server.url).register(name, await server.invite())).status).toBe(200);
  }
});
afterAll(() => server.close());

/** Registers `name` with a fresh code; answers the response and whether the code stayed unused. */
async function tryName(name: string) {
  const code = await server.invite();
  const res = await new Client(server.url).post("/api/registerUser", {
    userName: name,
    userPassword: "correct horse battery",
    inviteCode: code,
    email: "someone@example.test",
  });
  const [inv] = await server.database.db.select().from(invitations).where(eq(invitations.code, code));
  return { status: res.status, text: res.text, codeUnused: inv!.usedAt === null };
}

const CYRILLIC_A = "\u0430";

describe("registration refuses look-alike names", () => {
  it.each([
    [
      `${CYRILLIC_A}lice`,
      400,
      "User name mixes letters of Cyrillic and Latin, which lets it pass for another name: write it in one script.",
    ],
    ["ａｌｉｃｅ", 409, "The user name 'alice' is already taken."],
    ["ＡＬＩＣＥ", 409, "The user name 'ALICE' is already taken."],
    // All Cyrillic (а, с, е): one script, but it reads 'ace'.
    [
      "\u0430\u0441\u0435",
      409,
      "The user name '\u0430\u0441\u0435' looks like the existing user name 'ace'. Please choose another.",
    ],
    ["rnary", 409, "The user name 'rnary' looks like the existing user name 'mary'. Please choose another."],
    // A capital I for the l, a zero for the O.
    ["AIice", 409, "The user name 'AIice' looks like the existing user name 'alice'. Please choose another."],
    ["0lga", 409, "The user name '0lga' looks like the existing user name 'Olga'. Please choose another."],
  ])("refuses %s with a clear message and leaves the code unused", async (name, status, text) => {
    expect(await tryName(name)).toEqual({ status, text, codeUnused: true });
  });

  it.each([
    ["\u3164\u3164\u3164", "U+1160"], // Hangul fillers only (NFKC turns U+3164 into U+1160)
    ["\u115F\u1160bob", "U+115F"],
    ["bob\uFFA0by", "U+1160"],
    ["al\u200Bice2", "U+200B"], // zero-width space
    ["bo\u200Dbby", "U+200D"], // zero-width joiner
    ["\u202Eecila", "U+202E"], // right-to-left override
    ["bob\u2066by", "U+2066"], // bidi isolate
    ["bob\u00ADby", "U+00AD"], // soft hyphen
  ])("refuses invisible or filler characters: %j", async (name, shown) => {
    expect(await tryName(name)).toEqual({
      status: 400,
      text: `User name may not contain invisible or blank characters (${shown}).`,
      codeUnused: true,
    });
  });

  it("stores the normalised name, which logs in however it is typed", async () => {
    expect((await tryName("ｂｏｂｂｙ_ﬁsh")).status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.usernameKey, "bobby_fish"));
    expect(row).toMatchObject({ username: "bobby_fish", usernameSkeleton: nameSkeleton("bobby_fish") });
    expect((await new Client(server.url).login("ｂｏｂｂｙ_ﬁsh")).json()).toMatchObject({
      username: "bobby_fish",
    });
    expect((await new Client(server.url).login("bobby_fish")).status).toBe(200);
  });

  it("accepts names in one script, and the writing systems that mix theirs", async () => {
    for (const name of ["Иван", "Ελένη", "山田タロウ", "John山田", "김철수kim", "Zoë_Ünal", "ali_2"]) {
      expect((await tryName(name)).status, name).toBe(200);
    }
  });

  it("checks names registered before skeletons were stored", async () => {
    // A row from before the column: no skeleton. The next registration fills it in and compares.
    await server.database.db
      .update(users)
      .set({ usernameSkeleton: null })
      .where(eq(users.usernameKey, "mary"));
    expect((await tryName("rnary")).status).toBe(409);
    const [mary] = await server.database.db.select().from(users).where(eq(users.usernameKey, "mary"));
    expect(mary!.usernameSkeleton).toBe(nameSkeleton("mary"));
    const missing = await server.database.db
      .select()
      .from(users)
      .where(sql`${users.usernameSkeleton} is null`);
    expect(missing).toEqual([]);
  });

  it("lets only one of two look-alike names through when they register at once", async () => {
    // 'pepe' in Latin letters and in Cyrillic ones (р, е) that read the same.
    const names = ["pepe", "\u0440\u0435\u0440\u0435"];
    const results = await Promise.all(names.map((n) => tryName(n)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.text).toMatch(/looks like the existing user name/);
    expect(loser.codeUnused).toBe(true);
  });
});
