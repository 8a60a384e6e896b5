import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, type RunningServer, startServer, watchPageErrors } from "./harness";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_PER_IP: "1000" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  pageErrors = watchPageErrors(page);
});
afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

async function fillRegistration(
  p: Page,
  f: { name: string; password: string; confirm?: string; email?: string; code: string },
) {
  await p.getByLabel("User name").fill(f.name);
  await p.getByLabel("Password", { exact: true }).fill(f.password);
  await p.getByLabel("Confirm password").fill(f.confirm ?? f.password);
  await p.getByLabel("Email address").fill(f.email ?? "tester@example.test");
  await p.getByLabel("Invitation code").fill(f.code);
}

async function registerAndLogIn(p: Page, name: string, code: string) {
  await p.goto(`${server.url}/register?inviteCode=${code}`);
  await fillRegistration(p, { name, password: "password one!", code });
  await p.getByRole("button", { name: "Register" }).click();
  await visible(p, "Registration successful");
  await p.getByLabel("User name").fill(name);
  await p.getByLabel("Password").fill("password one!");
  await p.getByRole("button", { name: "Log in" }).click();
  await p.getByText(`${name} (`).first().waitFor();
}

async function visible(p: Page, text: string | RegExp) {
  await p.getByText(text).first().waitFor({ state: "visible", timeout: 15_000 });
}

describe("accounts in the browser", () => {
  it("registers with the printed link, sees the welcome, the games, /about, logs out and in again", async () => {
    // The link the server printed on first start, as the operator would open it.
    await page.goto(`${server.url}/register?inviteCode=${server.adminInvite}`);
    expect(await page.getByLabel("Invitation code").inputValue()).toBe(server.adminInvite);
    await fillRegistration(page, {
      name: "first_admin",
      password: "a good long password",
      code: server.adminInvite,
    });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Registration successful");
    expect(new URL(page.url()).pathname).toBe("/");

    await page.getByLabel("User name").fill("first_admin");
    await page.getByLabel("Password").fill("a good long password");
    await page.getByRole("button", { name: "Log in" }).click();

    await visible(page, "Welcome to Tabletop Lab");
    await visible(page, "first_admin (admin)");
    await page.getByRole("button", { name: "Got it, let me in already!" }).click();
    await page.getByRole("heading", { name: "Select a game" }).waitFor();
    const tile = page.getByRole("link", { name: /Sandbox/ });
    expect(await tile.getAttribute("href")).toBe("/projects/sandbox");
    // The box image loaded (naturalWidth > 0), not a broken icon.
    const img = tile.locator("img");
    await img.waitFor();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

    // The welcome stays dismissed on the next visit.
    await page.reload();
    await page.getByRole("heading", { name: "Select a game" }).waitFor();

    await page.getByRole("link", { name: "Help" }).click();
    for (const section of [
      "User interface basics",
      "Edit mode",
      "Errors",
      "Lobby",
      "Table modes",
      "Useful tips",
    ]) {
      await page.getByRole("heading", { name: section, exact: true }).waitFor();
    }

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("button", { name: "Log in" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user-name"))).toBeNull();

    await page.getByLabel("User name").fill("first_admin");
    await page.getByLabel("Password").fill("a good long password");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Select a game" }).waitFor();
  });

  it("lets a site admin mint codes on the Invitations page and see them used", async () => {
    const adminCode = await server.invite("admin");
    await registerAndLogIn(page, "invite_admin", adminCode);
    await page.getByRole("link", { name: "Invitations" }).click();
    await page.getByLabel("Count").fill("2");
    await page.getByRole("button", { name: "Create" }).click();
    const codes = page.getByRole("list", { name: "New invitation codes" }).locator("code");
    await codes.nth(1).waitFor();
    const code = (await codes.first().textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{10}$/);

    const other = await browser.newContext();
    const p2 = await other.newPage();
    await registerAndLogIn(p2, "invited_user", code);
    await p2.getByText("invited_user (user)").waitFor();
    // Plain users have no Invitations entry, and the page refuses them.
    expect(await p2.getByRole("link", { name: "Invitations" }).count()).toBe(0);
    await other.close();

    await page.getByRole("button", { name: "used", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: code });
    await row.getByText("invited_user").waitFor();
  });

  it("shows the server's text for a wrong password under the form", async () => {
    const code = await server.invite();
    await page.goto(`${server.url}/register?inviteCode=${code}`);
    await fillRegistration(page, { name: "wrong_pw_user", password: "right password 1", code });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Registration successful");
    await page.getByLabel("User name").fill("wrong_pw_user");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await visible(page, "Wrong user name or password.");
    await page.getByRole("alert").filter({ hasText: "Wrong user name or password." }).waitFor();
  });

  it("refuses a reused code with the server's message", async () => {
    const code = await server.invite();
    await page.goto(`${server.url}/register?inviteCode=${code}`);
    await fillRegistration(page, { name: "code_user_1", password: "password one!", code });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Registration successful");

    await page.goto(`${server.url}/register?inviteCode=${code}`);
    await fillRegistration(page, { name: "code_user_2", password: "password two!", code });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "This invitation code has already been used.");
  });

  it("says 'Passwords don't match' and sends nothing", async () => {
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/registerUser")) requests.push(r.url());
    });
    await page.goto(`${server.url}/register`);
    await fillRegistration(page, {
      name: "mismatch",
      password: "password one!",
      confirm: "password two!",
      code: "ABCDEFGHJK",
    });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Passwords don't match");
    expect(requests).toEqual([]);
  });

  it("explains empty and overlong fields and a name with HTML in it, as text", async () => {
    await page.goto(`${server.url}/register`);
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "User name must be at least 3 characters.");

    await fillRegistration(page, { name: "x".repeat(40), password: "password one!", code: "ABCDEFGHJK" });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "User name must be at most 24 characters.");

    await fillRegistration(page, { name: "okname", password: "p".repeat(200), code: "ABCDEFGHJK" });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Password must be at most 128 characters.");

    const html = "<img src=x>";
    await fillRegistration(page, { name: html, password: "password one!", code: "ABCDEFGHJK" });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, /User name may contain only letters/);
    expect(await page.locator("img[src=x]").count()).toBe(0);

    // The server applies the same rules when the client is bypassed.
    const res = await page.request.post(`${server.url}/api/registerUser`, {
      data: { userName: html, userPassword: "password one!", inviteCode: "ABCDEFGHJK", email: "a@b.test" },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toMatch(/^User name may contain only letters/);
  });

  it("shows 'Please wait, connecting websocket' until the socket is up", async () => {
    const code = await server.invite();
    await page.goto(`${server.url}/register?inviteCode=${code}`);
    await fillRegistration(page, { name: "ws_user", password: "password one!", code });
    await page.getByRole("button", { name: "Register" }).click();
    await visible(page, "Registration successful");
    await page.getByLabel("User name").fill("ws_user");
    await page.getByLabel("Password").fill("password one!");
    // Hold the socket back: the page must wait for it instead of acting.
    await page.route("**/socket.io/**", (route) => route.abort());
    await page.getByRole("button", { name: "Log in" }).click();
    await visible(page, "Please wait, connecting websocket");
    await page.unroute("**/socket.io/**");
    await visible(page, "Welcome to Tabletop Lab");
  });
});
