import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

const site = sharedSite();
const { person } = site;

describe("the profile page", () => {
  it("lets the owner edit the bio, shown to others as plain text, and nobody else", async () => {
    const owner = await person("biographer");
    await owner.page.goto(`${site.server.url}/user/biographer`);
    await owner.page.getByRole("heading", { name: "biographer", level: 1 }).waitFor();
    await owner.page.getByText("You have no tables.").waitFor();
    const bio = "I test <b>card games</b> on weekends.";
    await owner.page.getByRole("textbox", { name: "Your bio" }).fill(bio);
    const saved = owner.page.waitForResponse(
      (r) => r.url().includes("/api/user-bio/") && r.request().method() === "POST",
    );
    await owner.page.getByRole("button", { name: "Update bio" }).click();
    expect((await saved).status()).toBe(200);
    await owner.page.getByRole("checkbox", { name: "Display hover tooltips" }).waitFor();

    const visitor = await person("visitor");
    await visitor.page.goto(`${site.server.url}/user/biographer`);
    await visitor.page.getByTestId("bio-text").getByText(bio).waitFor();
    expect(await visitor.page.locator("[data-testid=bio-text] b").count()).toBe(0);
    expect(await visitor.page.getByRole("textbox", { name: "Your bio" }).count()).toBe(0);
    expect(await visitor.page.getByRole("heading", { name: "Game setup preferences" }).count()).toBe(0);

    await visitor.page.goto(`${site.server.url}/user/nobody-here`);
    await visitor.page.getByRole("alert").getByText("Not Found").waitFor();
    expect([...owner.errors, ...visitor.errors]).toEqual([]);
  });
});
