import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildPsd } from "../packages/server/test/fixtures/psdFixture";
import { buildWorkbook } from "../packages/server/test/fixtures/xlsxFixture";
import { sharedSite, watchPageErrors } from "./harness";

// Script payloads in everything users and designers write (DESIGN.md 'Security model': designers'
// HTML is sanitised, chat and bios are text): a project description, card text from a deck's
// spreadsheet, a chat message, a bio, a user name and feedback answers. Every page that shows them is
// opened in Chromium with a trap: each payload sets window.__xss if it runs. The payloads must show as
// inert text or sanitised markup, and nothing may run.

const SLUG = "template-cards";
/** Each surface gets its own mark, so a test knows it is looking at the right text. */
const payload = (mark: string) =>
  `${mark} <script>window.__xss="script ${mark}"</script>` +
  `<img src="x" onerror="window.__xss='img ${mark}'">` +
  `<a href="javascript:window.__xss='link ${mark}'">link ${mark}</a>` +
  `<svg onload="window.__xss='svg ${mark}'"><circle r="1"></circle></svg>` +
  `"><img src=x onerror=window.__xss=1>`;

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/**
 * A signed-in person whose browser ignores the site's Content-Security-Policy: CSP would stop an
 * injected handler from running, and so hide the injection this test looks for. (The CSP itself is
 * checked in the server's security tests.) The trap: every payload sets window.__xss if it runs.
 */
async function person(name: string, role = "user") {
  const context = await site.browser.newContext({ bypassCSP: true });
  site.contexts.push(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const code = await site.server.invite(role);
  const reg = await page.request.post(`${site.server.url}/api/registerUser`, {
    data: { userName: name, userPassword: "password one!", inviteCode: code, email: `${name}@example.test` },
  });
  if (reg.status() !== 200) throw new Error(`registering ${name}: ${await reg.text()}`);
  const login = await page.request.post(`${site.server.url}/api/login`, {
    data: { userName: name, userPassword: "password one!" },
  });
  if (login.status() !== 200) throw new Error(`logging in ${name}: ${await login.text()}`);
  return { page, context, errors };
}

/** Nothing ran, no page error, and no live handler, script or script link is in the DOM. */
async function inert(page: Page, errors: string[], where: string) {
  const found = await page.evaluate(() => ({
    xss: window.__xss,
    handlers: document.querySelectorAll("[onerror],[onload],[onclick],[onmouseover]").length,
    scripts: [...document.querySelectorAll("script")].filter((s) => s.textContent?.includes("__xss")).length,
    links: document.querySelectorAll('a[href^="javascript:" i]').length,
  }));
  expect(found, where).toEqual({ xss: undefined, handlers: 0, scripts: 0, links: 0 });
  expect(errors, where).toEqual([]);
}

describe("script payloads in user and designer content", () => {
  it("are shown inert in the lobby, admin, cards, table, chat, profile and feedback results", async () => {
    const admin = await person("xss_admin", "admin");
    const player = await person("xss_player");
    const api = admin.page.request;
    const url = (path: string) => `${site.server.url}${path}`;

    // A user name cannot carry markup at all: registration refuses it.
    const badName = await api.post(url("/api/registerUser"), {
      data: {
        userName: "<svg/onload=alert(1)>",
        userPassword: "password one!",
        inviteCode: await site.server.invite(),
        email: "x@example.test",
      },
    });
    expect(badName.status()).toBe(400);
    expect(await badName.text()).toMatch(/^User name may contain only letters, digits/);

    // The designer's and the players' words, each carrying the payload.
    const described = await api.post(url(`/api/projects/update-project-info/${SLUG}?name=description`), {
      data: { newValue: `<p>${payload("DESC-MARK")}</p>` },
    });
    expect(described.status()).toBe(200);
    expect(
      (
        await player.page.request.post(url("/api/user-bio/?username=xss_player"), {
          data: { bioText: payload("BIO-MARK") },
        })
      ).status(),
    ).toBe(200);
    const decks = (await (await api.get(url(`/api/projects/${SLUG}/decks`))).json()) as {
      decks: Record<string, { id: string }>;
    };
    const deckId = decks.decks.cards!.id;
    const book = await buildWorkbook({
      data: [
        ["ID", "title", "body"],
        // Several cards, so every hand the table deals holds one.
        ...["x1", "x2", "x3", "x4", "x5", "x6"].map((id) => [id, payload("CARD-MARK"), payload("BODY-MARK")]),
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{title}"],
        ["text", "set_innerHTML", "{body}"],
      ],
    });
    const sheet = await api.post(url(`/api/update-deck-source-sheet/${SLUG}`), {
      multipart: {
        deckId,
        deckName: "cards",
        file: { name: "cards.xlsx", mimeType: "application/octet-stream", buffer: book },
      },
    });
    expect(sheet.status()).toBe(200);
    const psd = await api.post(url(`/api/update-deck-source-psd/${SLUG}`), {
      multipart: {
        deckId,
        psdfile: { name: "card.psd", mimeType: "application/octet-stream", buffer: buildPsd() },
      },
    });
    expect(psd.status()).toBe(200);

    // The lobby: the project header's description.
    await player.page.goto(url(`/projects/${SLUG}`));
    await player.page.getByText("DESC-MARK").first().waitFor();
    await inert(player.page, player.errors, "lobby");

    // The administration page: description, the deck's card preview, and a role form echoing a name.
    const page = admin.page;
    await page.setViewportSize({ width: 1300, height: 1000 });
    await page.goto(url(`/projects/${SLUG}/admin`));
    await page.getByRole("heading", { name: `${SLUG} administration` }).waitFor();
    await page.getByText("DESC-MARK").first().waitFor();
    await page
      .getByRole("navigation", { name: "Administration sections" })
      .getByText("cards", { exact: true })
      .click();
    await page
      .locator("#admin-deck-cards")
      .getByRole("region", { name: "Preview of cards" })
      .getByText("CARD-MARK")
      .first()
      .waitFor();
    const form = page.getByRole("form", { name: "Add a member" });
    // The server's 'User ... not found.' echoes the name: the echo must stay text. (Short: names are
    // at most 100 characters.)
    await form
      .getByRole("textbox", { name: "User name" })
      .fill("ROLE-MARK<img src=x onerror=window.__xss=9>");
    await form.getByRole("button", { name: "Add" }).click();
    await page.getByText("User ROLE-MARK<img src=x onerror=window.__xss=9> not found.").waitFor();
    await inert(page, admin.errors, "admin page");

    // Profiles: the bio as plain text, and a user name from the address.
    await page.goto(url("/user/xss_player"));
    await page.getByText("BIO-MARK").first().waitFor();
    await page
      .getByText('<script>window.__xss="script BIO-MARK"</script>', { exact: false })
      .first()
      .waitFor();
    await inert(page, admin.errors, "profile");
    await page.goto(url(`/user/${encodeURIComponent(payload("NAME-MARK"))}`));
    await page.waitForLoadState("networkidle");
    await inert(page, admin.errors, "profile of a name with markup");

    // The table: the cards as the table draws them, and the chat.
    const created = await player.page.request.post(url(`/api/projects/${SLUG}/new-table`), {
      data: { start_position: { options: {} }, tableMode: "public-sandbox" },
    });
    const { tableId } = (await created.json()) as { tableId: string };
    const table = player.page;
    await table.goto(url(`/projects/${SLUG}/table/${tableId}`));
    await table.getByRole("application", { name: "Game board" }).waitFor();
    await table.getByRole("combobox", { name: "Play as" }).click();
    await table.getByRole("option", { name: "red" }).click();
    await table.getByText("CARD-MARK").first().waitFor();
    await table.getByRole("textbox", { name: "Chat message" }).fill(payload("CHAT-MARK"));
    await table.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await table.getByRole("log", { name: "Chat messages" }).getByText("CHAT-MARK").first().waitFor();
    await inert(table, player.errors, "table");
    // Another viewer loads the chat with the table.
    await page.goto(url(`/projects/${SLUG}/table/${tableId}`));
    await page.getByRole("log", { name: "Chat messages" }).getByText("CHAT-MARK").first().waitFor();
    await inert(page, admin.errors, "table, chat loaded with it");

    // Feedback: the games end (archived), the player answers the form's question at a table where they
    // had a seat (feedback is the seated players'), the reader notes; both in the results.
    const asked = await api.post(url("/api/update-form-questions"), {
      data: { projectSlug: SLUG, questions: { comment: { text: "Comments", type: "textarea" } } },
    });
    expect(asked.status()).toBe(200);
    const seatedAt = (await (
      await player.page.request.post(url(`/api/projects/${SLUG}/new-table`), {
        data: { start_position: { options: {} }, tableMode: "competitive-edit" },
      })
    ).json()) as { tableId: string };
    const joined = await player.page.request.get(
      url(`/api/projects/${SLUG}/join-table/${seatedAt.tableId}?color=red`),
    );
    expect(joined.status()).toBe(200);
    expect((await api.post(url(`/api/projects/${SLUG}/archive-tables`))).status()).toBe(200);
    const answered = await player.page.request.post(url("/api/submit-feedback"), {
      data: { tableId: seatedAt.tableId, answers: { comment: payload("FB-MARK") } },
    });
    expect(answered.status()).toBe(200);
    const noted = await api.post(url("/api/submit-feedback"), {
      data: { tableId: seatedAt.tableId, user: "xss_player", answers: { note: payload("NOTE-MARK") } },
    });
    expect(noted.status()).toBe(200);
    await page.goto(url(`/projects/${SLUG}/feedback`));
    await page.getByRole("heading", { name: `Feedback results for project ${SLUG}` }).waitFor();
    await page.getByText("FB-MARK").first().waitFor();
    await inert(page, admin.errors, "feedback results");
    await table.goto(url(`/projects/${SLUG}/table/${tableId}`));
    await table.getByText("Score overview").first().waitFor();
    await inert(table, player.errors, "ended table");
  });
});
