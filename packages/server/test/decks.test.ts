import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  createViewerLog,
  type Deck,
  receiveViewEvent,
  type Situation,
  type ViewEvent,
  type ViewerLog,
} from "@tt/engine";
import type { DeckUpdate, TableEventMessage, TableInfo, TableLoadResponse } from "@tt/protocol";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../src/db/schema";
import { CMYK_NOTE } from "../src/decks/psd";
import { buildPsd, FIXTURE_CARD } from "./fixtures/psdFixture";
import { buildWorkbook } from "./fixtures/xlsxFixture";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";
import { rawPsd } from "./psdBytes";

// Data sheets and decks (admin-decks-editor.md section 7): permissions, spreadsheets from an upload or
// a linked sheet (served here by a local HTTP server standing in for the spreadsheet service), .psd
// templates, and a table that starts with the designer's cards.

let server: TestServer;
let sheets: Server;
let as: Record<Role, Client>;
const FONTS = path.join(import.meta.dirname, "fixtures/fonts");
const sockets: Socket[] = [];
const served = new Map<string, Buffer>();

beforeAll(async () => {
  sheets = createServer((req, res) => {
    const id = /^\/export\/([^/]+)\.xlsx$/.exec(req.url ?? "")?.[1];
    const body = id === undefined ? undefined : served.get(id);
    if (!body) {
      res.writeHead(404).end("no such sheet");
      return;
    }
    res.writeHead(200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    res.end(body);
  });
  await new Promise<void>((r) => sheets.listen(0, "127.0.0.1", r));
  const port = (sheets.address() as AddressInfo).port;
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    SHEET_URL_TEMPLATE: `http://127.0.0.1:${port}/export/{id}.xlsx`,
  });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
  await new Promise((r) => sheets.close(r));
});

async function postForm(
  client: Client,
  path: string,
  fields: Record<string, string>,
  files: Record<string, [Buffer, string]>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files)) form.append(k, new Blob([bytes]), name);
  const res = await fetch(server.url + path, {
    method: "POST",
    body: form,
    headers: { cookie: client.cookie },
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

const cardsBook = () =>
  buildWorkbook({
    data: [
      ["ID", "title", "body", "suit", "value", "__copies", "_exclude"],
      ["c1", "Fox", "Quick {suit}", "hearts", 1, 2, null],
      ["c2", "Owl", "Wise", "spades", 2, null, "x"],
      ["c3", "Elk", "Tall", "hearts", 3, 1, null],
    ],
    rules: [
      ["layer", "rule", "arg", "arg2", "condition"],
      ["title", "set_innerHTML", "{title}", null, null],
      ["text", "set_innerHTML", "{body}", null, null],
      ["art", "layer_visible", "false", null, "suit=spades"],
    ],
    rules_rev: [
      ["layer", "rule", "arg"],
      ["title", "set_innerHTML", "Back"],
    ],
  });

async function decksOf(client: Client, slug = "test-game") {
  return (await client.get(`/api/projects/${slug}/decks`)).json() as {
    decks: Record<string, Deck>;
    dataSheet: Record<string, number>;
    dataSheetId: string;
    mayEdit: boolean;
    sheetOpenUrl: string;
  };
}

describe("decks", () => {
  it("are seen by the project's admins and changed only by its designers and site admins", async () => {
    expect((await as.mod.get("/api/projects/test-game/decks")).status).toBe(200);
    expect((await decksOf(as.mod)).mayEdit).toBe(false);
    expect((await decksOf(as.designer)).mayEdit).toBe(true);
    // 'Open the spreadsheet' opens the sheet where this server fetches it from.
    expect((await decksOf(as.designer)).sheetOpenUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/export\/\{id\}\.xlsx$/,
    );
    expect((await as.player.get("/api/projects/test-game/decks")).status).toBe(403);
    expect((await as.outsider.get("/api/projects/closed-game/decks")).status).toBe(404);
    const mod = await as.mod.post("/api/projects/create-deck/test-game", { deckName: "Heroes" });
    expect(mod.status).toBe(403);
    expect((await as.player.post("/api/projects/create-deck/test-game", { deckName: "Heroes" })).status).toBe(
      403,
    );
    const bad = await as.designer.post("/api/projects/create-deck/test-game", { deckName: "../etc" });
    expect(bad.status).toBe(400);
    const made = await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Heroes" });
    expect(made.status).toBe(200);
    expect(made.json()).toMatchObject({
      name: "Heroes",
      rulesSheetName: "rules",
      dataSheetName: "data",
      cards: [],
    });
    const twice = await as.admin.post("/api/projects/create-deck/test-game", { deckName: "Heroes" });
    expect(twice.status).toBe(400);
    expect(twice.text).toBe("A deck named Heroes already exists.");
  });

  it("reads rules, reverse rules and cards from the project's data sheet, an uploaded .xlsx or a linked sheet", async () => {
    const deck = (
      await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Beasts" })
    ).json() as Deck;
    // No data sheet yet and no sheet id: a clear message.
    const none = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId: deck.id,
      deckName: "Beasts",
    });
    expect(none.status).toBe(400);

    const upload = await postForm(
      as.designer,
      "/api/projects/upload-data-sheet/test-game",
      {},
      { file: [await cardsBook(), "cards.xlsx"] },
    );
    expect(upload).toMatchObject({ status: 200, text: "Upload success" });
    expect((await decksOf(as.mod)).dataSheet).toEqual({ data: 3, rules: 3, rules_rev: 1 });

    const fromDataSheet = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId: deck.id,
      deckName: "Beasts",
      sheetId: "",
      rulesSheetName: "",
      rulesRevSheetName: "",
      dataSheetName: "",
    });
    expect(fromDataSheet.status).toBe(200);
    const filled = fromDataSheet.json() as Deck;
    expect(filled.cards.map((c) => c.ID)).toEqual(["c1", "c2", "c3"]);
    expect(filled.rules).toHaveLength(3);
    expect(filled.rules[2]).toMatchObject({
      layer: "art",
      rule: "layer_visible",
      arg: "false",
      condition: "suit=spades",
    });
    expect(filled.rulesRev).toEqual([{ layer: "title", rule: "set_innerHTML", arg: "Back" }]);

    // A sheet name that is not in the workbook names the ones that are.
    const wrong = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId: deck.id,
      deckName: "Beasts",
      dataSheetName: "cards",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("no sheet named 'cards'");

    // An .xlsx sent with the settings.
    const book = await buildWorkbook({
      cards: [
        ["ID", "title"],
        ["z1", "Zebra"],
      ],
    });
    const sent = await postForm(
      as.designer,
      "/api/update-deck-source-sheet/test-game",
      { deckId: deck.id, deckName: "Beasts", dataSheetName: "cards" },
      { xlsx: [book, "zoo.xlsx"] },
    );
    expect(sent.status).toBe(200);
    expect((sent.json() as Deck).cards).toEqual([{ ID: "z1", title: "Zebra" }]);

    // A linked sheet, fetched from the configured URL template.
    served.set("linked-1", await cardsBook());
    const linked = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId: deck.id,
      deckName: "Beasts",
      sheetId: "linked-1",
    });
    expect(linked.status).toBe(200);
    expect((linked.json() as Deck).sheetId).toBe("linked-1");
    expect((linked.json() as Deck).cards).toHaveLength(3);
    const missing = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId: deck.id,
      deckName: "Beasts",
      sheetId: "nope",
    });
    expect(missing.status).toBe(502);
    expect(missing.text).toContain("(404)");
    const sneaky = await as.designer.post("/api/projects/update-data-sheet/test-game", {
      dataSheetId: "../../admin",
    });
    expect(sneaky.status).toBe(400);
    const good = await as.designer.post("/api/projects/update-data-sheet/test-game", {
      dataSheetId: "linked-1",
    });
    expect(good).toMatchObject({ status: 200, text: "Update success" });
    expect((await decksOf(as.mod)).dataSheetId).toBe("linked-1");

    // Garbage is refused with the parser's message, and nothing changes.
    const junk = await postForm(
      as.designer,
      "/api/projects/upload-data-sheet/test-game",
      {},
      {
        file: [Buffer.from("not a workbook"), "junk.xlsx"],
      },
    );
    expect(junk.status).toBe(400);
    expect(junk.text).toBe("The file is not a readable .xlsx workbook.");
    expect((await as.mod.post("/api/projects/upload-data-sheet/test-game", {})).status).toBe(403);
  });

  it("takes its card template from a .psd: size, layers, and the layer images as deck assets", async () => {
    const deck = (
      await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Spells" })
    ).json() as Deck;
    const res = await postForm(
      as.designer,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id, deckCloudId: deck.id, deckName: "Spells" },
      { psdfile: [buildPsd(), "card.psd"] },
    );
    expect(res.status).toBe(200);
    const got = res.json() as Deck;
    expect(got.cardInfo).toEqual(FIXTURE_CARD);
    expect(got.layers.map((l) => [l.name, l.kind])).toEqual([
      ["background", "image"],
      ["art", "image"],
      ["title", "text"],
      ["text", "text"],
    ]);
    const assets = Object.values(got.assets);
    expect(assets).toHaveLength(2);
    const image = await fetch(server.url + assets[0]!.url, { headers: { cookie: as.player.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    // Deck assets: an icon uploaded, listed with its aspect, served, then erased.
    const { PNG } = await import("pngjs");
    const icon = new PNG({ width: 20, height: 10 });
    const added = await postForm(
      as.designer,
      "/api/update-deck-assets/test-game",
      { targetId: deck.id },
      {
        "additional-assets": [PNG.sync.write(icon), "coin.png"],
      },
    );
    expect(added).toMatchObject({ status: 200, text: "assets updated" });
    const withIcon = (await decksOf(as.mod)).decks.Spells!;
    expect(withIcon.assets["coin.png"]?.aspect).toBe(2);
    const notPng = await postForm(
      as.designer,
      "/api/update-deck-assets/test-game",
      { targetId: deck.id },
      {
        "additional-assets": [Buffer.from("<html>"), "evil.png"],
      },
    );
    expect(notPng.status).toBe(400);
    // A designer's font: kept with what its own tables say, served with the cards.
    const fontBytes = readFileSync(path.join(FONTS, "TTBoxes-Bold.otf"));
    const withFont = await postForm(
      as.designer,
      "/api/update-deck-assets/test-game",
      { targetId: deck.id },
      { "additional-assets": [fontBytes, "TTBoxes-Bold.otf"] },
    );
    expect(withFont).toMatchObject({ status: 200, text: "assets updated" });
    const fontAsset = (await decksOf(as.mod)).decks.Spells!.assets["TTBoxes-Bold.otf"];
    expect(fontAsset?.font).toEqual({
      family: "TT Boxes",
      postScript: "TTBoxes-Bold",
      weight: 700,
      italic: false,
    });
    const servedFont = await fetch(server.url + fontAsset!.url, { headers: { cookie: as.player.cookie } });
    expect(Buffer.from(await servedFont.arrayBuffer()).equals(fontBytes)).toBe(true);
    const fakeFont = await postForm(
      as.designer,
      "/api/update-deck-assets/test-game",
      { targetId: deck.id },
      { "additional-assets": [Buffer.from("<script>alert(1)</script>"), "evil.woff2"] },
    );
    expect(fakeFont).toMatchObject({ status: 400, text: "evil.woff2 is not a WOFF2 (.woff2) font." });
    const erased = await as.designer.post("/api/erase-deck-asset/test-game", {
      targetId: deck.id,
      assetName: "coin.png",
      assetUrl: withIcon.assets["coin.png"]!.url,
    });
    expect(erased.status).toBe(200);
    expect((await decksOf(as.mod)).decks.Spells!.assets["coin.png"]).toBeUndefined();
    const gone = await fetch(server.url + withIcon.assets["coin.png"]!.url, {
      headers: { cookie: as.player.cookie },
    });
    expect(gone.status).toBe(404);

    const bad = await postForm(
      as.designer,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id },
      { psdfile: [Buffer.from("8BPS nonsense"), "bad.psd"] },
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("The file is not a readable .psd file.");
    // A print designer's CMYK file is read, converted, and the answer says the colours are approximate;
    // the next upload's notes replace it.
    const cmyk = await postForm(
      as.designer,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id },
      {
        psdfile: [
          rawPsd({
            mode: "cmyk",
            depth: 8,
            width: 20,
            height: 30,
            layers: [
              { name: "art", left: 0, top: 0, width: 20, height: 30, paint: () => [0, 255, 255, 0, 255] },
            ],
            composite: () => [0, 255, 255, 0],
          }),
          "print.psd",
        ],
      },
    );
    expect(cmyk.status).toBe(200);
    expect((cmyk.json() as DeckUpdate).problems[0]).toBe(CMYK_NOTE);
    const rgb = await postForm(
      as.designer,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id },
      { psdfile: [buildPsd(), "card.psd"] },
    );
    expect((rgb.json() as DeckUpdate).problems).not.toContain(CMYK_NOTE);
    const byMod = await postForm(
      as.mod,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id },
      {
        psdfile: [buildPsd(), "card.psd"],
      },
    );
    expect(byMod.status).toBe(403);
  });

  it("gives a table of the card template the designer's cards and template", async () => {
    await server.database.db
      .update(projects)
      .set({ roles: { designer: ["designer"] } })
      .where(eq(projects.slug, "template-cards"));
    const shipped = (await decksOf(as.designer, "template-cards")).decks.cards!;
    expect(shipped.cards.length).toBeGreaterThan(10);
    const book = await cardsBook();
    const sent = await postForm(
      as.designer,
      "/api/update-deck-source-sheet/template-cards",
      { deckId: shipped.id, deckName: "cards" },
      { xlsx: [book, "cards.xlsx"] },
    );
    expect(sent.status).toBe(200);
    await postForm(
      as.designer,
      "/api/update-deck-source-psd/template-cards",
      { deckId: shipped.id },
      {
        psdfile: [buildPsd(), "card.psd"],
      },
    );

    const sheet = await postForm(
      as.designer,
      "/api/projects/upload-data-sheet/template-cards",
      {},
      {
        file: [book, "sheet.xlsx"],
      },
    );
    expect(sheet.status).toBe(200);
    const t = (
      await as.designer.post("/api/projects/template-cards/new-table", {
        start_position: { options: {} },
        tableMode: "public-sandbox",
      })
    ).json() as TableInfo;
    const load = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    expect(load.decks.cards?.layers).toHaveLength(4);
    // The table lobby and the rules see the data sheet the table started with.
    expect(load.dataSheet).toEqual({ data: 3, rules: 3, rules_rev: 1 });
    // A sandbox table: everyone sees everything, so the user's view holds every card's identity.
    expect(load.live?.viewer).toBe("full");
    const situation = load.live?.situation as Situation;
    // c1 twice (__copies 2), c2 left out (_exclude x), c3 once; rows keyed by their ID.
    expect(situation.deckData.cards?.cards.map((c) => c.cardId)).toEqual(["c1", "c2", "c3"]);
    const ids: string[] = [];
    const visit = (c: Situation["root"]) => {
      if (c.type === "card") ids.push(String(c.options.cardId));
      for (const kids of Object.values(c.children))
        for (const k of Array.isArray(kids) ? kids : Object.values(kids)) visit(k);
    };
    visit(situation.root);
    expect(ids.sort()).toEqual(["c1", "c1", "c3"]);

    // A new data sheet and new cards reach the running table when the designer reloads them; a player
    // may not. Each reload is one turn every client folds the same way.
    const designerTab = await openTab(server, as.designer, "reload-designer");
    const playerTab = await openTab(server, as.player, "reload-player");
    sockets.push(designerTab, playerTab);
    const heard = recorder(designerTab);
    const refused = recorder(playerTab);
    await designerTab.emitWithAck("table-subscribe", { tableId: t.tableId, lastSeq: -1 });
    await playerTab.emitWithAck("table-subscribe", { tableId: t.tableId, lastSeq: -1 });
    playerTab.emit("reload data sheet", { tableId: t.tableId });
    expect(((await refused.next("table-event-reject")) as { reason: string }).reason).toBe(
      "Only the project's designers and site admins may reload a table.",
    );
    const newer = await buildWorkbook({
      data: [
        ["ID", "title"],
        ["n1", "Newt"],
      ],
    });
    await postForm(
      as.designer,
      "/api/projects/upload-data-sheet/template-cards",
      {},
      { file: [newer, "n.xlsx"] },
    );
    designerTab.emit("reload data sheet", { tableId: t.tableId });
    // The designer's tab folds each reload into its view, as every client does.
    let view: ViewerLog = createViewerLog(load.live!.viewer, situation, load.live!.events);
    const fold = (event: ViewEvent) => {
      const received = receiveViewEvent(view, event);
      if (received.kind !== "applied") throw new Error(`reload not folded: ${received.kind}`);
      view = received.log;
    };
    const sheetEvent = (await heard.next("table-event")) as TableEventMessage & { event: ViewEvent };
    expect(sheetEvent.type).toBe("reload-data-sheet");
    expect(sheetEvent.event.steps).toEqual([{ type: "reload data" }]);
    fold(sheetEvent.event);
    expect(view.view.dataSheet).toEqual({ data: [{ ID: "n1", title: "Newt" }] });
    await postForm(
      as.designer,
      "/api/update-deck-source-sheet/template-cards",
      { deckId: shipped.id, deckName: "cards" },
      {
        xlsx: [newer, "n.xlsx"],
      },
    );
    designerTab.emit("reload decks", { tableId: t.tableId });
    const deckEvent = (await heard.next("table-event")) as TableEventMessage & { event: ViewEvent };
    expect(deckEvent.type).toBe("reload-decks");
    fold(deckEvent.event);
    expect(view.view.deckData.cards?.cards.map((c) => c.cardId)).toEqual(["n1"]);
    const reloaded = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    expect(reloaded.decks.cards?.cards).toEqual([{ ID: "n1", title: "Newt" }]);
    expect(reloaded.live?.events.slice(-2).map((e) => e.kind === "turn" && e.preventUndo)).toEqual([
      true,
      true,
    ]);

    // The designer pulls the components of this latest table into development.
    const pull = await as.designer.post("/api/projects/template-cards/update-dev-from-latest-table", {});
    expect(pull.status).toBe(200);
    const dev = (
      await as.designer.get("/api/projects/template-cards/components?development=true")
    ).json() as {
      components: unknown;
    };
    expect(dev.components).toEqual(load.components);
  });
});

describe("a data sheet's upload", () => {
  it("says what it left out: a hidden row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("data");
    sheet.addRow(["ID", "name"]);
    sheet.addRow(["a", "A"]);
    sheet.addRow(["b", "set aside"]);
    sheet.getRow(3).hidden = true;
    const sent = await postForm(
      as.designer,
      "/api/projects/upload-data-sheet/test-game",
      {},
      { file: [Buffer.from(await workbook.xlsx.writeBuffer()), "hidden.xlsx"] },
    );
    expect(sent).toMatchObject({ status: 200, text: "Upload success. Sheet 'data': hidden row 3 left out." });
    expect((await decksOf(as.designer)).dataSheet).toEqual({ data: 1 });
  });
});

describe("a deck's update", () => {
  it("answers with what its cards trip over: rows left out, unknown rules and layers", async () => {
    const deck = (
      await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Checked" })
    ).json() as Deck;
    await postForm(
      as.designer,
      "/api/update-deck-source-psd/test-game",
      { deckId: deck.id },
      {
        psdfile: [buildPsd(), "card.psd"],
      },
    );
    const book = await buildWorkbook({
      data: [
        ["ID", "title"],
        ["a", "A"],
        [null, "no id"],
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{title}"],
        [],
        ["banner", "set_innerHTML", "x"],
        ["title", "sparkle", "x"],
        ["title", null, "a row without its rule"],
      ],
    });
    const sent = await postForm(
      as.designer,
      "/api/update-deck-source-sheet/test-game",
      { deckId: deck.id, deckName: "Checked", sheetId: "" },
      { xlsx: [book, "checked.xlsx"] },
    );
    expect(sent.status).toBe(200);
    // Rows as the designer sees them in the sheet: a blank row 3 in the rules sheet moves the rest down.
    expect((sent.json() as DeckUpdate).problems).toEqual([
      "Sheet 'rules': row 6 holds no rule, left out.",
      "Row 3 has no ID: it is left out of the table and print.",
      'Rules row 4: Cannot find layer "banner" for rule set_innerHTML. (card row 2)',
      'Rules row 5: Unknown rule "sparkle". (card row 2)',
    ]);
  });
});

describe("a project made on 'New project'", () => {
  it("plays its deck at a table with no game code: entries in the tree, the deck on the board, hands private", async () => {
    const made = await as.admin.post("/api/projects/create", {
      slug: "fresh-cards",
      projectName: "Fresh Cards",
      visibility: "public",
    });
    expect(made.status).toBe(200);
    const deck = (
      await as.admin.post("/api/projects/create-deck/fresh-cards", { deckName: "heroes" })
    ).json() as Deck;
    // Its entries are in the tree the component editor reads, before any card or .psd.
    const tree = async () =>
      (
        (await as.admin.get("/api/projects/fresh-cards/components")).json() as {
          components: Record<string, unknown>;
        }
      ).components;
    expect(Object.keys(await tree())).toEqual(
      expect.arrayContaining(["root", "player-area", "__card-heroes", "deck-heroes"]),
    );

    const book = await buildWorkbook({
      data: [
        ["ID", "title"],
        ["ann", "Ann"],
        ["bob", "Bob"],
        ["cy", "Cy"],
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{title}"],
      ],
    });
    const sheet = await postForm(
      as.admin,
      "/api/update-deck-source-sheet/fresh-cards",
      { deckId: deck.id, deckName: "heroes", sheetId: "" },
      { xlsx: [book, "heroes.xlsx"] },
    );
    expect(sheet.status).toBe(200);
    const psd = await postForm(
      as.admin,
      "/api/update-deck-source-psd/fresh-cards",
      { deckId: deck.id },
      {
        psdfile: [buildPsd(), "card.psd"],
      },
    );
    expect(psd.status).toBe(200);
    // Every card draws cleanly: nothing to report.
    expect((psd.json() as DeckUpdate).problems).toEqual([]);
    // The card's size on the board follows the .psd's ratio.
    const card = (await tree())["__card-heroes"] as { width: number; height: number };
    expect(card.width / card.height).toBeCloseTo(FIXTURE_CARD.w / FIXTURE_CARD.h, 1);

    // A competitive table with the player: the deck is on the board, shuffled, and nobody holds a card.
    const t = (
      await as.admin.post("/api/projects/fresh-cards/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.admin.get(`/api/projects/fresh-cards/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/fresh-cards/join-table/${t.tableId}?color=blue`);
    expect((await as.admin.post(`/api/projects/fresh-cards/${t.tableId}/start-table`, {})).status).toBe(200);
    const load = (await as.player.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    expect(load.live?.viewer).toBe("blue");
    const situation = load.live?.situation as Situation;
    const [onBoard] = (situation.root.children.decks ?? []) as Situation["root"][];
    expect(onBoard?.options.deckName).toBe("heroes");
    // The draw pile shows the player three backs, no card's identity.
    const pile = onBoard?.children.deck as Situation["root"][];
    expect(pile).toHaveLength(3);
    expect(pile.every((c) => c.options.cardId === undefined)).toBe(true);
    expect(Object.keys(load.components ?? {})).toEqual(
      expect.arrayContaining(["__card-heroes", "deck-heroes"]),
    );
  });
});

describe("the game implementation", () => {
  it("saves to development, pushes development to production as a new version, for designers only", async () => {
    const before = (await as.designer.get("/api/projects/test-game/components?development=true")).json() as {
      version: number;
    };
    const tree = { version: 1, baseScale: 1, dims: [800, 600], root: { width: 800, height: 600 } };
    expect((await as.mod.post("/api/projects/test-game/components?development=true", tree)).status).toBe(403);
    expect(
      (await as.designer.post("/api/projects/test-game/components?development=maybe", tree)).status,
    ).toBe(400);
    expect(
      (await as.designer.post("/api/projects/test-game/components?development=true", { nope: 1 })).status,
    ).toBe(400);
    expect(
      await as.designer.post("/api/projects/test-game/components?development=true", { ...tree, root: [] }),
    ).toMatchObject({ status: 400, text: "The component tree needs a root piece." });
    expect((await as.designer.post("/api/projects/test-game/components?development=true", tree)).status).toBe(
      200,
    );
    const pushed = await as.designer.post("/api/projects/test-game/push-dev-to-production", {});
    expect(pushed.status).toBe(200);
    expect(pushed.json()).toEqual({ version: before.version + 1 });
    const prod = (await as.designer.get("/api/projects/test-game/components")).json() as {
      components: unknown;
    };
    // The designer's tree, with what a project without game code needs filled in (games/src/noCode.ts);
    // what is stored is the designer's tree alone.
    expect(prod.components).toMatchObject(tree);
    const [row] = await server.database.db.select().from(projects).where(eq(projects.slug, "test-game"));
    expect(row?.components).toEqual(tree);
    expect(row?.changeLog.at(-1)).toMatchObject({ version: `components ${before.version + 1}` });
    expect((await as.player.post("/api/projects/test-game/push-dev-to-production", {})).status).toBe(403);
    // No table has started: nothing to pull from.
    const pull = await as.designer.post("/api/projects/test-game/update-dev-from-latest-table", {});
    expect(pull.status).toBe(404);
  });

  it("saves straight to production without ?development=true, as a new version in the change log", async () => {
    const before = (await as.designer.get("/api/projects/test-game/components")).json() as {
      version: number;
    };
    const dev = (await as.designer.get("/api/projects/test-game/components?development=true")).json() as {
      components: unknown;
    };
    const tree = { version: 2, baseScale: 1.5, dims: [640, 480], root: { width: 640, height: 480 } };
    for (const who of ["mod", "player", "outsider"] as const)
      expect((await as[who].post("/api/projects/test-game/components", tree)).status).toBe(403);
    expect(
      await as.designer.post("/api/projects/test-game/components", { ...tree, root: "none" }),
    ).toMatchObject({ status: 400, text: "The component tree needs a root piece." });

    const saved = await as.designer.post("/api/projects/test-game/components", tree);
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ components: tree, version: before.version + 1, development: false });
    expect((await as.designer.get("/api/projects/test-game/components")).json()).toMatchObject({
      components: tree,
      version: before.version + 1,
      development: false,
    });
    const [row] = await server.database.db.select().from(projects).where(eq(projects.slug, "test-game"));
    expect(row?.components).toEqual(tree);
    expect(row?.changeLog.at(-1)).toMatchObject({
      version: `components ${before.version + 1}`,
      notes: "<p>Components saved to production by designer.</p>",
    });
    // The development copy the editor works on is left as it was.
    expect(
      (
        (await as.designer.get("/api/projects/test-game/components?development=true")).json() as {
          components: unknown;
        }
      ).components,
    ).toEqual(dev.components);
    // A site admin may too, with ?development=false spelled out.
    const byAdmin = await as.admin.post("/api/projects/test-game/components?development=false", tree);
    expect(byAdmin.json()).toMatchObject({ version: before.version + 2, development: false });
  });
});
