import type { DeckUpdate } from "@tt/protocol";
import { type Browser, chromium, type Page } from "playwright-core";
import { buildWorkbook } from "../../../packages/server/test/fixtures/xlsxFixture";
import { deploy } from "../load/deploy";
import { HttpClient, HttpFailure } from "../load/http";

// Our card renderer as a designer meets it: the real server (as `npm start` runs it, embedded
// database, the built web app), a project made by the site admin, one deck per .psd with the file
// uploaded and one card of no rules from an .xlsx, then the deck's preview on the administration page
// (the card viewer, CardViewer -> CardFace) in headless Chromium at device scale factor 1, the window
// tall enough for the viewer's scale to be 1 (it keeps a card at most half the window's height).

const SLUG = "fidelity";
const PASSWORD = "fidelity bench password";

export interface CardInput {
  /** The deck's name: the file's name without '.psd'. */
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export type CardShot = { ok: true; png: Buffer; problems: string[] } | { ok: false; reason: string };

/** Every input's card as the viewer draws it, in input order. */
export async function shootCards(inputs: CardInput[], browserPath: string): Promise<CardShot[]> {
  const deployment = await deploy("pglite");
  let browser: Browser | undefined;
  try {
    const url = deployment.servers[0]!.url;
    const http = await siteAdmin(url, deployment.servers[0]!.output());
    await http.call("create project", "POST", "/api/projects/create", {
      slug: SLUG,
      projectName: "Fidelity bench",
      designer: "bench",
      visibility: "closed",
    });
    const book = await buildWorkbook({ data: [["ID"], ["c1"]] });
    const decks: ({ id: string; problems: string[] } | { refused: string })[] = [];
    for (const input of inputs) decks.push(await uploadDeck(http, input, book));

    browser = await chromium.launch({ executablePath: browserPath, headless: true });
    const tallest = Math.max(...inputs.map((i) => i.height));
    const context = await browser.newContext({
      viewport: { width: 1400, height: Math.max(1000, 2 * tallest + 200) },
      deviceScaleFactor: 1,
    });
    const [name, ...value] = http.cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url }]);
    const tab = await context.newPage();
    await tab.goto(`${url}/projects/${SLUG}/admin`);
    const shots: CardShot[] = [];
    for (const deck of decks) {
      if ("refused" in deck) shots.push({ ok: false, reason: deck.refused });
      else shots.push({ ok: true, png: await shootDeck(tab, deck.id), problems: deck.problems });
    }
    return shots;
  } finally {
    await browser?.close();
    await deployment.stop();
  }
}

/** The first start prints the first site admin's invitation; registering with it makes the admin. */
async function siteAdmin(url: string, output: string): Promise<HttpClient> {
  const code = /inviteCode=([A-Za-z0-9]+)/.exec(output)?.[1];
  if (!code) throw new Error(`no first-admin invitation in the server's output:\n${output}`);
  const http = new HttpClient(url);
  await http.call("registerUser", "POST", "/api/registerUser", {
    userName: "fidelity",
    userPassword: PASSWORD,
    inviteCode: code,
    email: "fidelity@bench.test",
  });
  await http.call("login", "POST", "/api/login", { userName: "fidelity", userPassword: PASSWORD });
  if (!http.cookie) throw new Error("no session cookie for the bench's admin");
  return http;
}

/** The admin page's calls: create the deck, its sheet, then its .psd. A refused .psd is a result. */
async function uploadDeck(
  http: HttpClient,
  input: CardInput,
  book: Buffer,
): Promise<{ id: string; problems: string[] } | { refused: string }> {
  const { id } = await http.call<{ id: string }>("create deck", "POST", `/api/projects/create-deck/${SLUG}`, {
    deckName: input.name,
  });
  await multipart(
    http,
    `/api/update-deck-source-sheet/${SLUG}`,
    { deckId: id, deckName: input.name },
    {
      field: "file",
      name: "cards.xlsx",
      bytes: book,
    },
  );
  try {
    const deck = (await multipart(
      http,
      `/api/update-deck-source-psd/${SLUG}`,
      { deckId: id },
      {
        field: "psdfile",
        name: `${input.name}.psd`,
        bytes: input.bytes,
      },
    )) as DeckUpdate;
    return { id, problems: deck.problems };
  } catch (err) {
    if (err instanceof HttpFailure && err.status === 400) return { refused: err.message };
    throw err;
  }
}

async function multipart(
  http: HttpClient,
  route: string,
  fields: Record<string, string>,
  file: { field: string; name: string; bytes: Buffer },
): Promise<unknown> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  const res = await fetch(http.base + route, {
    method: "POST",
    headers: { cookie: http.cookie },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new HttpFailure(route, res.status, text);
  return (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
}

/** The element these callbacks get, as far as they use it (the bench is compiled without the DOM). */
interface FaceElement {
  style: { background: string; left: string; top: string };
  scrollIntoView(options: { block: "center" }): void;
  querySelectorAll(selector: string): ArrayLike<{ decode(): Promise<void> }>;
  ownerDocument: { fonts: { ready: Promise<unknown> } };
}

/** Opens the deck's panel and screenshots its card once the panel, images and fonts have settled. */
async function shootDeck(tab: Page, deckId: string): Promise<Buffer> {
  // Opening one deck's panel closes the one before (the page keeps one open).
  await tab.locator(`#admin-deck-${deckId}-heading`).click({ timeout: 60_000 });
  const face = tab.locator(`#admin-deck-${deckId} [data-card-face]`);
  await face.waitFor({ timeout: 30_000 });
  // The accordion opens with a height transition: wait until the card stops moving.
  let last = "";
  for (let stable = 0; stable < 3; ) {
    await tab.waitForTimeout(100);
    const box = JSON.stringify(await face.boundingBox());
    stable = box === last ? stable + 1 : 0;
    last = box;
  }
  await face.evaluate((el) => {
    const card = el as unknown as FaceElement;
    const images = Array.from(card.querySelectorAll("img")).map((img) => img.decode().catch(() => undefined));
    return Promise.all([...images, card.ownerDocument.fonts.ready]);
  });
  // In the middle of the window, clear of the page's sticky bar; transparent parts of the card show
  // white, as the .psd's composite is compared on white.
  await face.evaluate((el) => {
    const card = el as unknown as FaceElement;
    card.scrollIntoView({ block: "center" });
    card.style.background = "#ffffff";
  });
  // The page's text above it can leave the card on a fraction of a pixel: moved onto whole pixels
  // by its position (it is relatively positioned), not a transform, whose edges would be blended.
  const box = await face.boundingBox();
  if (box) {
    const dx = Math.round(box.x) - box.x;
    const dy = Math.round(box.y) - box.y;
    await face.evaluate(
      (el, shift) => {
        const style = (el as unknown as FaceElement).style;
        style.left = `${shift.dx}px`;
        style.top = `${shift.dy}px`;
      },
      { dx, dy },
    );
  }
  return face.screenshot({ animations: "disabled" });
}
