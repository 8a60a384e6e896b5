import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// What a person sees of issue 20's rights and names: the Invitations page shows an admin no unused
// code above their role and offers no such role; the register page refuses names that pass for
// another (mixed scripts, look-alikes of an existing name, fullwidth forms, fillers), saying why.

const site = sharedSite();
const pageErrors: string[][] = [];

afterEach(() => {
  for (const errors of pageErrors.splice(0)) expect(errors).toEqual([]);
});

async function person(name: string, role = "user") {
  const p = await site.person(name, role);
  pageErrors.push(p.errors);
  return p;
}

/** The codes in the Invitations page's list, with the filter on 'all'. */
async function listedCodes(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "all", exact: true }).click();
  const table = page.getByRole("table", { name: "Invitations" });
  await table.waitFor();
  return (await table.locator("tbody code").allTextContents()).map((c) => c.trim());
}

async function createCode(page: Page, role: string): Promise<string> {
  await page.getByLabel("Count").fill("1");
  await page.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: role, exact: true }).click();
  await page.getByRole("button", { name: "Create" }).click();
  const created = page.getByRole("list", { name: "New invitation codes" });
  await created.getByText(`(${role})`).waitFor();
  return (await created.locator("code").first().textContent())!.trim();
}

describe("the Invitations page", () => {
  it("shows an admin no unused superadmin code and offers no superadmin role; a superadmin sees both", async () => {
    const sup = await person("inv_super", "superadmin");
    await sup.page.goto(`${site.server.url}/invitations`);
    await sup.page.getByRole("heading", { name: "Invitations", level: 1 }).waitFor();
    const superCode = await createCode(sup.page, "superadmin");
    expect(await listedCodes(sup.page)).toContain(superCode);
    expect(await sup.page.getByText(/are not shown/).count()).toBe(0);

    const adm = await person("inv_admin", "admin");
    await adm.page.goto(`${site.server.url}/invitations`);
    await adm.page.getByText("Unused codes for roles above yours (superadmin) are not shown.").waitFor();
    const adminCode = await createCode(adm.page, "admin");
    const seen = await listedCodes(adm.page);
    expect(seen).toContain(adminCode);
    expect(seen).not.toContain(superCode);
    const superRows = adm.page
      .getByRole("row")
      .filter({ has: adm.page.getByRole("cell", { name: "superadmin", exact: true }) });
    // The code inv_super registered with is used: history, shown. No unused one is.
    expect(await superRows.filter({ hasText: "inv_super" }).count()).toBe(1);
    expect(await superRows.filter({ hasText: "unused" }).count()).toBe(0);

    await adm.page.getByRole("combobox", { name: "Role" }).click();
    const offered = await adm.page.getByRole("option").allTextContents();
    expect(offered).toEqual(["user", "cgestaff", "admin"]);
    await adm.page.keyboard.press("Escape");

    // Asked directly, the server says the same.
    const res = await adm.page.request.post(`${site.server.url}/api/invitations`, {
      data: { count: 1, role: "superadmin" },
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toBe("Only a superadmin may invite a superadmin.");
  });
});

describe("the register page", () => {
  async function register(page: Page, name: string) {
    await page.goto(`${site.server.url}/register?inviteCode=${await site.server.invite()}`);
    await page.getByLabel("User name").fill(name);
    await page.getByLabel("Password", { exact: true }).fill("password one!");
    await page.getByLabel("Confirm password").fill("password one!");
    await page.getByLabel("Email address").fill("names@example.test");
    await page.getByRole("button", { name: "Register" }).click();
  }
  const alert = (page: Page, text: string) =>
    page.getByRole("alert").filter({ hasText: text }).waitFor({ timeout: 15_000 });

  it("refuses names that pass for an existing one, with the reason", async () => {
    await person("alice_e2e");
    await person("ace_e2e");
    const context = await site.browser.newContext();
    site.contexts.push(context);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/registerUser")) sent.push(r.postData() ?? "");
    });

    // A Cyrillic 'а' among Latin letters: refused at once, nothing sent.
    await register(page, "\u0430lice_e2e");
    await alert(
      page,
      "User name mixes letters of Cyrillic and Latin, which lets it pass for another name: write it in one script.",
    );
    expect(sent).toEqual([]);

    // Fullwidth letters are the same name once normalised: taken.
    await register(page, "ａｌｉｃｅ＿ｅ２ｅ");
    await alert(page, "The user name 'alice_e2e' is already taken.");

    // All Cyrillic letters that read 'ace': one script, but a look-alike.
    const cyrillic = "\u0430\u0441\u0435_\u04352\u0435";
    await register(page, cyrillic);
    await alert(
      page,
      `The user name '${cyrillic}' looks like the existing user name 'ace_e2e'. Please choose another.`,
    );

    // Made of Hangul fillers only.
    await register(page, "\u3164\u3164\u3164\u3164");
    await alert(page, "User name may not contain invisible or blank characters (U+1160).");

    // A name of its own goes through.
    await register(page, "alice_real");
    await page.getByText("Registration successful").first().waitFor();
  });
});
