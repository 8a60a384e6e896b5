import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";
import {
  area,
  board,
  findPiece,
  log,
  logText,
  message,
  type Piece,
  type Seat,
  sameLog,
  settled,
  stateButton,
  statusBar,
} from "./tablePage";

// Two traders play a whole game of Night Market in two browsers: buying from the row, foraging,
// selling sets, a purchase the rules refuse, the Closing Bell and the last turns, each move seen live
// on the other trader's page, and the same final scores on both pages and on the server.

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });

/**
 * The parts of GET /api/table-open this test reads: a running table's situation as a watcher with the
 * full view sees it (deck order, both hands), and an ended table's whole log.
 */
interface TableOpen {
  status: string;
  live: {
    viewer: string;
    situation: {
      root: Piece;
      gameState: { current: { activePlayer: string } };
    };
  } | null;
  events: {
    moves?: { type: string; result?: { winners: string[]; scores: Record<string, number> } }[];
  }[];
  endedLog: string | null;
}

type Trader = Seat;

const kindOf = (card: Piece) => String(card.options.cardId);
const goodName = (good: string) => good.charAt(0).toUpperCase() + good.slice(1);

// What a person sees and clicks on the page, beyond ./tablePage.
const card = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
/**
 * Clicks a card where a person would: a hand is fanned, each card under the next but for its left
 * edge, so the click goes to the edge that shows.
 */
const clickCard = (page: Page, id: string) => card(page, id).click({ position: { x: 12, y: 100 } });
/** The picture on a card: its face (card-silk.svg) or its back (card-back.svg). */
const picture = (page: Page, id: string) =>
  card(page, id)
    .locator(":scope > img")
    .getAttribute("src")
    .then((src) => /([^/]+)\.svg$/.exec(src ?? "")?.[1] ?? "");

/**
 * A turn plays its moves one after another on the default delays of game-table.md section 9 (500 ms
 * per component move at evaluation speed 1): a card moved late in a turn lands a couple of seconds
 * after the turn is shown, so where it lies is read for longer than the default second.
 */
const LANDED = { timeout: 10_000 };

/** Where a card lies on the market board: the position (and slot) whose spot is under its centre. */
async function placeOf(page: Page, id: string): Promise<string> {
  return card(page, id).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const market = el.closest('[data-component-id="market"]');
    if (market === null) return "off the market";
    for (const spot of market.querySelectorAll<HTMLElement>(":scope > div > [data-position]")) {
      const s = spot.getBoundingClientRect();
      if (x >= s.left && x <= s.right && y >= s.top && y <= s.bottom) {
        return [spot.dataset.position, spot.dataset.slot].filter(Boolean).join(" ");
      }
    }
    return "on the market";
  });
}

/** Every component a trader's area draws, by the id the page gives it. */
const idsIn = (page: Page, color: string) =>
  area(page, color)
    .locator("[data-component-id]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-component-id") ?? ""));

/**
 * Watches a trader's area on every page for the card the next move brings in. A card taken into a
 * trader's stall passes out of the rival's sight, so it is given a new id (DESIGN.md 'Hidden
 * information'): it is found as a person finds it, the one card in that area that was not there
 * before. Both pages show it under the same id.
 */
async function newcomer(traders: Trader[], color: string): Promise<() => Promise<string>> {
  const before = await Promise.all(traders.map(async (t) => new Set(await idsIn(t.page, color))));
  return async () => {
    const arrived = (i: number) => async () =>
      (await idsIn(traders[i]!.page, color)).filter((id) => !before[i]!.has(id));
    await expect.poll(arrived(0), LANDED).toHaveLength(1);
    const [id] = await arrived(0)();
    for (const i of traders.keys()) await expect.poll(arrived(i), LANDED).toEqual([id]);
    return id as string;
  };
}

/** A coin counter as its player area shows it ('coins: 4'). */
async function coins(page: Page, color: string): Promise<number> {
  const text = await area(page, color)
    .getByText(/^coins:/)
    .textContent();
  return Number(/coins:\s*(\d+)/.exec(text ?? "")?.[1]);
}

/** Each turn's status bar messages: what the pages showed, and what the game's stateMessage words. */
const shown: string[] = [];
const worded: string[] = [];

/**
 * The turn has passed: the trader to play has the Forage button and their area says 'to play', on
 * both pages. The messages are kept for the end: the game's stateMessage hook (module.ts) words them
 * per seat ('blue is trading.' for the other trader, and the last turns counted once the bell has
 * rung); the page must show those.
 */
async function waiting(active: Trader, idle: Trader, closing?: string) {
  const instructions = "Buy from the row, sell a good from your hand, or forage.";
  for (const page of [active.page, idle.page]) {
    await area(page, active.color).and(page.locator('[data-active="true"]')).waitFor();
  }
  await expect(area(active.page, active.color).textContent()).resolves.toContain("(you) - to play");
  await stateButton(active.page, "Forage by lantern light").waitFor();
  await expect.poll(() => stateButton(idle.page, "Forage by lantern light").count()).toBe(0);
  await expect.poll(() => message(active.page)).toContain(instructions);
  const tail = closing === undefined ? "" : ` ${closing}`;
  shown.push(`${active.color}: ${await message(active.page)}`, `${idle.color}: ${await message(idle.page)}`);
  worded.push(`${active.color}: ${instructions}${tail}`, `${idle.color}: ${active.color} is trading.${tail}`);
}

describe("a game of Night Market between two browsers", () => {
  it("is played to the end through the page, each move live on the other page, with one refused purchase", {
    timeout: 180_000,
  }, async () => {
    // Ann runs playtests (staff see the hidden 'Sprint' length: the bell five cards from the top).
    const ann = await site.person("nm_ann", "cgestaff");
    const ben = await site.person("nm_ben");
    const api = `${site.server.url}/api/projects/night-market`;
    const options = { length: "sprint", moths: false, oil: false, prices: "floating" };
    const create = await ann.page.request.post(`${api}/new-table`, {
      data: { start_position: { options }, tableMode: "competitive-edit" },
    });
    expect(create.status()).toBe(200);
    const { tableId } = (await create.json()) as { tableId: string };
    expect((await ann.page.request.get(`${api}/join-table/${tableId}?color=red`)).status()).toBe(200);
    expect((await ben.page.request.get(`${api}/join-table/${tableId}?color=blue`)).status()).toBe(200);
    expect((await ann.page.request.post(`${api}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
    // Secrets stay on the server: a trader's page is sent only what that trader may see. The deal is
    // read by a site admin who holds no seat and watches with the full view (every hand, the deck).
    const watcher = await site.person("nm_watch", "admin");
    const open = async () =>
      (await (
        await watcher.page.request.get(`${site.server.url}/api/table-open/${tableId}?view=full`)
      ).json()) as TableOpen;

    // The deal is random: read it, and plan the game from it.
    const dealt = (await open()).live;
    expect(dealt?.viewer).toBe("full");
    const start = dealt!.situation;
    const market = findPiece(start.root, "market");
    const deck = [...(findPiece(market, "goods-deck").children.deck as Piece[])].reverse(); // top first
    const row = market.children.row as Record<string, Piece>;
    const handOf = (color: string) => findPiece(start.root, `area-${color}`).children.hand as Piece[];
    // Sprint: the bell is the fifth card from the top; without moths the rest are goods.
    expect(
      deck.slice(0, 6).map((c) => (kindOf(c) === "bell" ? "bell" : GOODS.includes(kindOf(c)) && "good")),
    ).toEqual(["good", "good", "good", "good", "bell", "good"]);
    const who = (color: string): Trader => {
      const p = color === "red" ? ann : ben;
      return { color, page: p.page, errors: p.errors };
    };
    const first = who(start.gameState.current.activePlayer);
    const second = who(first.color === "red" ? "blue" : "red");
    const both = [first, second];

    const url = `${site.server.url}/projects/night-market/table/${tableId}`;
    for (const t of both) await t.page.goto(url);
    for (const t of both) await board(t.page).locator(`[data-component-id="${row["1"]!.id}"]`).waitFor();
    await expect.poll(() => first.page.title()).toBe("(Your turn) Night Market - Tabletop Lab");
    await settled(both);
    for (const t of both) {
      await expect.poll(() => coins(t.page, first.color)).toBe(2);
      await expect.poll(() => coins(t.page, second.color)).toBe(3);
      for (const slot of ["1", "2", "3", "4"])
        await expect.poll(() => placeOf(t.page, row[slot]!.id), LANDED).toBe(`row ${slot}`);
      // Your own goods face up, the rival's as card backs.
      const mine = handOf(t.color)[0]!;
      const theirs = handOf(t === first ? second.color : first.color)[0]!;
      await expect.poll(() => picture(t.page, mine.id)).toBe(`card-${kindOf(mine)}`);
      await expect.poll(() => picture(t.page, theirs.id)).toBe("card-back");
    }
    await expect(statusBar(first.page).textContent()).resolves.toContain(
      "Buy from the row, sell a good from your hand, or forage.",
    );
    await stateButton(first.page, "Forage by lantern light").waitFor();
    await expect.poll(() => stateButton(second.page, "Forage by lantern light").count()).toBe(0);
    // Coins change only by buying and selling: a -/+ button on them does nothing but log 'pressed
    // counter:coins:1' (only the oil counter has buttons, and oil is off here).
    const coinButtons = await first.page
      .getByRole("button", { name: /^(Increase|Decrease) coins of / })
      .count();

    // Turn 1, first trader. The rightmost card costs 3 coins, and they have 2: refused, nothing moves.
    await card(first.page, row["4"]!.id).click();
    await first.page
      .getByRole("alert")
      .filter({ hasText: "Cannot make move: You need 3 coins for that card." })
      .waitFor();
    await settled(both);
    for (const t of both) {
      await expect.poll(() => placeOf(t.page, row["4"]!.id), LANDED).toBe("row 4");
      await expect.poll(() => coins(t.page, first.color)).toBe(2);
      await expect(logText(t.page)).resolves.toBe("No moves yet.");
    }
    // The leftmost card is free: into their stall; the row slides left and restocks from the deck.
    // The log says it in the game's words, in one line (the moves behind it are the designers').
    const intoFirst = await newcomer(both, first.color);
    await card(first.page, row["1"]!.id).click();
    await sameLog(both, new RegExp(`${first.color} took ${goodName(kindOf(row["1"]!))} for free$`));
    // The card in their stall, now out of the rival's sight (a new id on both pages).
    const bought1 = await intoFirst();
    for (const t of both) {
      await expect.poll(() => placeOf(t.page, row["2"]!.id), LANDED).toBe("row 1");
      await expect.poll(() => placeOf(t.page, row["3"]!.id), LANDED).toBe("row 2");
      await expect.poll(() => placeOf(t.page, row["4"]!.id), LANDED).toBe("row 3");
      await expect.poll(() => placeOf(t.page, deck[0]!.id), LANDED).toBe("row 4");
      await expect.poll(() => picture(t.page, deck[0]!.id)).toBe(`card-${kindOf(deck[0]!)}`);
    }
    await expect.poll(() => picture(second.page, bought1)).toBe("card-back");
    await expect.poll(() => picture(first.page, bought1)).toBe(`card-${kindOf(row["1"]!)}`);
    await waiting(second, first);

    // Turn 2, second trader. The first one may not play now.
    await card(first.page, row["2"]!.id).click();
    await first.page
      .getByRole("alert")
      .filter({ hasText: "You cannot play now: Wait for your turn" })
      .waitFor();
    // Forage: the top card of the deck turns up in the lantern-lit stall, for both to see.
    await stateButton(second.page, "Forage by lantern light").click();
    await sameLog(
      both,
      new RegExp(`${second.color} went foraging and turned up ${goodName(kindOf(deck[1]!))}$`),
    );
    for (const t of both) {
      await expect.poll(() => placeOf(t.page, deck[1]!.id), LANDED).toBe("stall");
      await expect.poll(() => picture(t.page, deck[1]!.id)).toBe(`card-${kindOf(deck[1]!)}`);
    }
    await expect(statusBar(second.page).textContent()).resolves.toContain(
      "Flip another card, or bring your finds home.",
    );
    await stateButton(second.page, "Flip another card").waitFor();
    const intoSecond = await newcomer(both, second.color);
    await stateButton(second.page, "Bring your finds home").click();
    await sameLog(both, new RegExp(`${second.color} brought ${goodName(kindOf(deck[1]!))} home$`));
    const found2 = await intoSecond();
    await expect.poll(() => picture(first.page, found2)).toBe("card-back");
    await expect.poll(() => picture(second.page, found2)).toBe(`card-${kindOf(deck[1]!)}`);
    await waiting(first, second);

    // Turn 3, first trader: sells their largest set at 2 coins a card; that good falls to 1, the rest rise to 3.
    const firstHand = [...handOf(first.color), { ...row["1"]!, id: bought1 }];
    const sale1 = bestSale(firstHand, () => 2);
    await clickCard(first.page, sale1.cards[0]!.id);
    await sameLog(both, saleLine(first.color, sale1));
    const prices: Record<string, number> = {};
    for (const good of GOODS) prices[good] = good === sale1.good ? 1 : 3;
    for (const t of both) {
      await expect.poll(() => coins(t.page, first.color)).toBe(2 + sale1.earned);
      for (const c of sale1.cards)
        await expect
          .poll(() => area(t.page, first.color).locator(`[data-component-id="${c.id}"]`).count())
          .toBe(0);
      for (const good of GOODS) await expect.poll(() => priceShown(t.page, good)).toBe(prices[good]);
      await expect
        .poll(() => area(t.page, first.color).getByLabel("lantern", { exact: true }).count())
        .toBe(sale1.cards.length >= 3 ? 1 : 0);
    }
    await waiting(second, first);

    // Turn 4, second trader: the second card of the row costs 1 coin. The purchase is one line of the
    // log on both pages, the good by its name and its price (issue 37 point 3), where the moves wrote
    // 'moved card' five times.
    const buying4 = await newcomer(both, second.color);
    await card(second.page, row["3"]!.id).click();
    const bought = `${second.color} bought ${goodName(kindOf(row["3"]!))} for 1 coin`;
    await sameLog(both, new RegExp(`\n${bought}$`));
    for (const t of both) {
      await expect.poll(() => log(t.page).locator("[data-seq]").last().textContent()).toBe(bought);
      await expect(logText(t.page)).resolves.not.toMatch(/moved card|revealed card|lost 1 coins/);
    }
    const bought4 = await buying4();
    await expect.poll(() => picture(first.page, bought4)).toBe("card-back");
    await expect.poll(() => picture(second.page, bought4)).toBe(`card-${kindOf(row["3"]!)}`);
    for (const t of both) {
      await expect.poll(() => coins(t.page, second.color)).toBe(2);
      await expect.poll(() => placeOf(t.page, row["2"]!.id), LANDED).toBe("row 1");
      await expect.poll(() => placeOf(t.page, row["4"]!.id), LANDED).toBe("row 2");
      await expect.poll(() => placeOf(t.page, deck[0]!.id), LANDED).toBe("row 3");
      await expect.poll(() => placeOf(t.page, deck[2]!.id), LANDED).toBe("row 4");
    }
    await waiting(first, second);

    // Turn 5, first trader forages twice: a good, then the Closing Bell, which rings: last turns.
    await stateButton(first.page, "Forage by lantern light").click();
    await sameLog(
      both,
      new RegExp(`${first.color} went foraging and turned up ${goodName(kindOf(deck[3]!))}$`),
    );
    await stateButton(first.page, "Flip another card").click();
    await sameLog(
      both,
      new RegExp(`${first.color} flipped the Closing Bell\nThe Closing Bell rings: one last turn each\\.$`),
    );
    for (const t of both) {
      await expect.poll(() => placeOf(t.page, deck[4]!.id), LANDED).toBe("bell");
      await expect.poll(() => picture(t.page, deck[4]!.id)).toBe("card-bell");
      await expect.poll(() => placeOf(t.page, deck[3]!.id), LANDED).toBe("stall");
    }
    const bringing5 = await newcomer(both, first.color);
    await stateButton(first.page, "Bring your finds home").click();
    await sameLog(both, new RegExp(`${first.color} brought ${goodName(kindOf(deck[3]!))} home$`));
    const found5 = await bringing5();
    await expect.poll(() => picture(second.page, found5)).toBe("card-back");
    await expect.poll(() => picture(first.page, found5)).toBe(`card-${kindOf(deck[3]!)}`);
    await waiting(second, first, "The closing bell has rung: 2 turn(s) left.");

    // Turn 6, second trader's last: sells the set worth most at the new prices.
    const secondHand = [...handOf(second.color), { ...deck[1]!, id: found2 }, { ...row["3"]!, id: bought4 }];
    const sale2 = bestSale(secondHand, (good) => prices[good]!);
    for (const good of GOODS) prices[good] = good === sale2.good ? 1 : Math.min(6, prices[good]! + 1);
    await clickCard(second.page, sale2.cards[0]!.id);
    await sameLog(both, saleLine(second.color, sale2));
    for (const t of both) {
      await expect.poll(() => coins(t.page, second.color)).toBe(2 + sale2.earned);
      for (const good of GOODS) await expect.poll(() => priceShown(t.page, good)).toBe(prices[good]);
    }
    await waiting(first, second, "The closing bell has rung: 1 turn(s) left.");

    // Turn 7, first trader's last: the free card. The row restocks, and the market closes.
    await card(first.page, row["2"]!.id).click();
    await sameLog(both, /\nThe market closes: .* wins? \(.*\)\.$/);
    // Score: coins, and 5 a lantern (a set of three or more earns one); no oil in this game.
    const lanterns = {
      [first.color]: sale1.cards.length >= 3 ? 1 : 0,
      [second.color]: sale2.cards.length >= 3 ? 1 : 0,
    };
    const purse = { [first.color]: 2 + sale1.earned, [second.color]: 2 + sale2.earned };
    const score = Object.fromEntries(both.map((t) => [t.color, purse[t.color]! + 5 * lanterns[t.color]!]));
    const best = Math.max(...Object.values(score));
    for (const t of both) {
      await t.page.getByRole("heading", { name: "Night Market (ended)" }).waitFor();
      for (const trader of both) {
        await expect.poll(() => coins(t.page, trader.color)).toBe(purse[trader.color]);
        await expect
          .poll(() => area(t.page, trader.color).getByLabel("lantern", { exact: true }).count())
          .toBe(lanterns[trader.color]);
      }
      // Nobody is to play any more, and there is nothing left to press.
      await expect.poll(() => t.page.locator('section[data-active="true"]').count()).toBe(0);
      await expect.poll(() => statusBar(t.page).getByRole("button").count()).toBe(0);
      await expect.poll(() => placeOf(t.page, deck[5]!.id), LANDED).toBe("row 4");
    }
    await expect.poll(() => logText(first.page)).toBe(await logText(second.page));
    // The moves behind each line are for designers and site admins: the traders have no way to them;
    // the site admin opens them on the ended table, the purchase's five 'moved card' among them.
    for (const t of both) expect(await t.page.getByRole("switch", { name: "Moves" }).count()).toBe(0);
    await watcher.page.goto(url);
    await watcher.page.getByRole("dialog", { name: "Game over" }).waitFor();
    await watcher.page.keyboard.press("Escape");
    const purchase = log(watcher.page).locator("[data-seq]").filter({ hasText: bought });
    await purchase.waitFor();
    const seq = await purchase.getAttribute("data-seq");
    const behind = log(watcher.page).locator(`[data-seq="${seq}"][data-log-move="true"]`);
    expect(await behind.count()).toBe(0);
    await watcher.page.getByRole("switch", { name: "Moves" }).check();
    await expect.poll(() => behind.filter({ hasText: /moved card$/ }).count()).toBeGreaterThanOrEqual(4);
    await behind.filter({ hasText: /lost 1 coins$/ }).waitFor();

    // The replay bar shows the marks the rules put on the log: each new round where it began, and the
    // turn the Closing Bell rang (turn 5: rounds 2, 3 and 4 begin with turns 3, 5 and 7).
    await first.page.getByRole("switch", { name: "Replay" }).check();
    const replay = first.page.getByRole("region", { name: "Replay" });
    for (const label of ["S", "Round 2", "Round 3", "Closing bell", "Round 4", "E"])
      await replay.getByText(label, { exact: true }).waitFor();
    // A mark is a stop: choosing it shows that event (and the address follows).
    const bell = replay.getByRole("button", { name: /Closing bell/ });
    await bell.click();
    await expect.poll(() => bell.getAttribute("aria-current")).toBe("step");
    await expect.poll(() => new URL(first.page.url()).searchParams.get("turnNumber")).toMatch(/^[1-9]\d*$/);

    // The server agrees: the table has ended, with these scores and winners (an ended table sends its
    // whole log to anyone, the moves in it).
    const final = await open();
    expect(final.status).toBe("ended");
    expect(final.live).toBeNull();
    // The load says where the whole log is read (as in table.spec.ts).
    const endedLog = (await (
      await watcher.page.request.get(`${site.server.url}${final.endedLog}`)
    ).json()) as Pick<TableOpen, "events">;
    const end = endedLog.events.flatMap((e) => e.moves ?? []).find((m) => m.type === "game end");
    expect(end?.result).toEqual({
      scores: score,
      winners: both.map((t) => t.color).filter((c) => score[c] === best),
    });
    expect(ann.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
    // Last, as these fail until the product is fixed (see the report): the page shows the game's own
    // status messages (see waiting()), and no coin buttons the rules do not use.
    expect.soft(shown, "status bar messages, turn by turn").toEqual(worded);
    expect.soft(coinButtons, "coin -/+ buttons on the first trader's page").toBe(0);
  });
});

const GOODS = ["silk", "spice", "tea", "jade", "incense"];

/** The set worth most in a hand (the first of equals): its cards and what it earns. */
function bestSale(hand: Piece[], price: (good: string) => number) {
  let pick = { good: "", cards: [] as Piece[], earned: -1 };
  for (const good of GOODS) {
    const cards = hand.filter((c) => kindOf(c) === good);
    const earned = cards.length * price(good);
    if (cards.length > 0 && earned > pick.earned) pick = { good, cards, earned };
  }
  return pick;
}

/** A sale as the log says it: 'red sold 3 Tea for 6 coins and earned a lantern'. */
function saleLine(color: string, sale: ReturnType<typeof bestSale>): RegExp {
  const lantern = sale.cards.length >= 3 ? " and earned a lantern" : "";
  const coins = `${sale.earned} coin${sale.earned === 1 ? "" : "s"}`;
  return new RegExp(`${color} sold ${sale.cards.length} ${goodName(sale.good)} for ${coins}${lantern}$`);
}

/** The price a good's plaque shows (its picture: price-silk-3.svg). */
async function priceShown(page: Page, good: string): Promise<number> {
  const src = await page
    .getByLabel(`${goodName(good)} price`)
    .locator(":scope > img")
    .getAttribute("src");
  return Number(/-(\d+)\.svg$/.exec(src ?? "")?.[1]);
}
