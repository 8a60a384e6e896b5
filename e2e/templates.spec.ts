import type { APIRequestContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";
import {
  area,
  board,
  findPiece,
  logText,
  message,
  type Piece,
  type Seat,
  sameLog,
  settled,
  stateButton,
  statusBar,
} from "./tablePage";

// The two template games played to the end by two people in two browsers (cards played on the
// discard pile and drawn; stones placed, scored and counted with the +/- buttons), each move seen
// live on the other page, one move the rules refuse, and the same end on both pages and on the
// server. Then the sandbox: play as either colour, move a card, roll, shuffle and end the game.

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });

/**
 * The parts of GET /api/table-open these tests read: a running table's situation as the asker may
 * see it (the full view for a watcher who asks for it, or at a sandbox), and an ended table's whole log.
 */
interface GameResult {
  winners: string[];
  scores: Record<string, number>;
}
interface Situation {
  root: Piece;
  players: { color: string; area: string }[];
  gameState: { current: { activePlayer: string } };
}
interface TableOpen {
  status: string;
  live: { viewer: string; situation: Situation } | null;
  events: { moves?: { type: string; result?: GameResult }[] }[];
  /** Where an ended table's whole log is read (it is not in the load). */
  endedLog: string | null;
}

/** A table's load, with an ended table's log read from where the load names it, as the page does. */
async function openTable(request: APIRequestContext, path: string): Promise<TableOpen> {
  const load = (await (await request.get(`${site.server.url}${path}`)).json()) as TableOpen;
  if (!load.endedLog) return load;
  const log = (await (await request.get(`${site.server.url}${load.endedLog}`)).json()) as Pick<
    TableOpen,
    "events"
  >;
  return { ...load, events: log.events };
}

type Player = Seat;

const pile = (root: Piece, id: string, position: string): Piece[] => {
  const kids = findPiece(root, id).children[position];
  return kids === undefined ? [] : Array.isArray(kids) ? kids : Object.values(kids);
};

// What a person sees and clicks on the page, beyond ./tablePage.
const alertSaying = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const isSelected = (locator: Locator) => locator.getAttribute("data-selected");

/** Whose turn it is, as both pages show it: the player area lit, and 'to play' on it. */
async function turnOf(players: Player[], color: string) {
  for (const p of players) {
    await area(p.page, color).and(p.page.locator('[data-active="true"]')).waitFor();
    await expect(area(p.page, color).textContent()).resolves.toContain(" - to play");
  }
}

/**
 * An ended game offers nothing to press: no state button, no counter button (pressing one only
 * brings 'You can only do moves in midgame tables.').
 */
async function nothingToPress(p: Player) {
  const shown = [
    ...(await statusBar(p.page).getByRole("button").allTextContents()),
    ...(await p.page
      .getByRole("button", { name: /^(Increase|Decrease) .+ of / })
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""))),
  ];
  expect.soft(shown, `buttons on ${p.color}'s page after the end`).toEqual([]);
}

/** The status line of an ended game, as the page words a {winners, scores} result. */
/** The status line at the end names the players, each with their colour: 'tc_ben (blue)'. */
function endLine(result: GameResult, order: string[], names: Record<string, string>): string {
  const who = (c: string) => `${names[c]} (${c})`;
  const winners =
    result.winners.length === 1
      ? `Winner: ${who(result.winners[0]!)}.`
      : `Winners: ${result.winners.map(who).join(", ")}.`;
  const scores = order.map((c) => `${who(c)} ${result.scores[c]}`).join(", ");
  return `The game has ended. ${winners} Scores: ${scores}.`;
}

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A two-player table of a template, red for Ann and blue for Ben, started; seats in play order. The
 * deal is read by a site admin who holds no seat and watches with the full view (a player's page is
 * sent only what that player may see).
 */
async function startedGame(slug: string, options: Record<string, unknown>, names: [string, string]) {
  const ann = await site.person(names[0]);
  const ben = await site.person(names[1]);
  const watcher = await site.person(`${names[0]}_watch`, "admin");
  const api = `${site.server.url}/api/projects/${slug}`;
  const create = await ann.page.request.post(`${api}/new-table`, {
    data: { start_position: { options }, tableMode: "competitive-edit" },
  });
  expect(create.status()).toBe(200);
  const { tableId } = (await create.json()) as { tableId: string };
  expect((await ann.page.request.get(`${api}/join-table/${tableId}?color=red`)).status()).toBe(200);
  expect((await ben.page.request.get(`${api}/join-table/${tableId}?color=blue`)).status()).toBe(200);
  expect((await ann.page.request.post(`${api}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
  const open = () => openTable(watcher.page.request, `/api/table-open/${tableId}?view=full`);
  const dealt = (await open()).live;
  expect(dealt?.viewer).toBe("full");
  const start = dealt!.situation;
  // The seats are shuffled at the start: the first in seating order plays first.
  const seating = start.players.map((p) => p.color);
  expect(start.gameState.current.activePlayer).toBe(seating[0]);
  const who = (color: string): Player => {
    const p = color === "red" ? ann : ben;
    return { color, page: p.page, errors: p.errors };
  };
  const players = seating.map(who);
  for (const p of players) await p.page.goto(`${site.server.url}/projects/${slug}/table/${tableId}`);
  await settled(players);
  return { tableId, open, start, players, seating, names: { red: names[0], blue: names[1] } };
}

/** The server's end of the game: the table has ended, with this result. */
async function serverEnd(open: () => Promise<TableOpen>): Promise<GameResult | undefined> {
  const final = await open();
  expect(final.status).toBe("ended");
  expect(final.live).toBeNull();
  return final.events.flatMap((e) => e.moves ?? []).find((m) => m.type === "game end")?.result;
}

// ---------------------------------------------------------------------------------------------
// Template: Card Game

interface CardTurn {
  seat: string;
  /** Play this card on the discard pile (whose top is `onto`), or draw the deck's top card. */
  play?: { card: string; onto: string };
  draw?: string;
  /** Cards in hand and coins after the turn, by colour; coins left in the bank. */
  hands: Record<string, string[]>;
  coins: Record<string, number>;
  bank: number;
}

const suitOf = (cardId: string) => cardId.split("-")[0];
const rankOf = (cardId: string) => cardId.split("-")[1];

/**
 * The whole game, planned from the deal as the rules play it (rules.ts, module.ts): each turn the
 * player plays the first card of their hand that matches the top of the discard pile in suit or
 * value, and takes a coin from the bank; else they draw. It ends when a hand is empty or the bank
 * has paid its last coin; a score is coins minus cards in hand, plus the empty-hand bonus (3).
 */
function planCards(start: Situation, bankSize: number) {
  const cardId = new Map<string, string>();
  const root = start.root;
  const seating = start.players.map((p) => p.color);
  const hands: Record<string, string[]> = {};
  for (const p of start.players) hands[p.color] = pile(root, p.area, "hand").map((c) => c.id);
  const deck = pile(root, "deck", "deck").map((c) => c.id); // the top is last
  const discard = pile(root, "deck", "discard").map((c) => c.id);
  const walk = (p: Piece) => {
    if (p.options.cardId !== undefined) cardId.set(p.id, p.options.cardId);
    for (const kids of Object.values(p.children))
      for (const k of Array.isArray(kids) ? kids : Object.values(kids)) walk(k);
  };
  walk(root);
  const face = (id: string) => cardId.get(id) as string;
  const matches = (id: string, top: string) =>
    suitOf(face(id)) === suitOf(face(top)) || rankOf(face(id)) === rankOf(face(top));
  const coins: Record<string, number> = Object.fromEntries(seating.map((c) => [c, 0]));
  let bank = bankSize;
  const turns: CardTurn[] = [];
  for (let i = 0; ; i++) {
    if (i > 60) throw new Error("the planned game does not end");
    const seat = seating[i % seating.length] as string;
    const top = discard.at(-1);
    if (top === undefined) throw new Error("the plan reshuffled the deck: an unlucky deal for this test");
    const card = hands[seat]?.find((c) => matches(c, top));
    const snapshot = () => ({
      hands: Object.fromEntries(seating.map((c) => [c, [...(hands[c] ?? [])]])),
      coins: { ...coins },
      bank,
    });
    if (card === undefined) {
      const drawn = deck.pop();
      if (drawn === undefined) throw new Error("the plan reshuffled the deck: an unlucky deal for this test");
      hands[seat]?.push(drawn);
      turns.push({ seat, draw: drawn, ...snapshot() });
      continue;
    }
    hands[seat] = (hands[seat] ?? []).filter((c) => c !== card);
    discard.push(card);
    const lastCoin = bank <= 1;
    if (bank > 0) {
      bank -= 1;
      coins[seat] = (coins[seat] ?? 0) + 1;
    }
    turns.push({ seat, play: { card, onto: top }, ...snapshot() });
    if (hands[seat]?.length === 0 || lastCoin) break;
  }
  const scores: Record<string, number> = {};
  for (const c of seating) {
    const left = hands[c]?.length ?? 0;
    scores[c] = (coins[c] ?? 0) - left + (left === 0 ? 3 : 0);
  }
  const best = Math.max(...Object.values(scores));
  const result: GameResult = { winners: seating.filter((c) => scores[c] === best), scores };
  return { turns, result, face, matches, firstDiscard: discard[0] as string };
}

/** A card in a player's hand, in their player area below the board. */
const handCard = (page: Page, color: string, id: string) =>
  area(page, color).locator(`[data-component-id="${id}"]`);
/** A card on the deck component: its draw pile or its discard pile beside it. */
const onDeck = (page: Page, id: string) =>
  board(page).locator('[data-component-id="deck"]').locator(`[data-component-id="${id}"]`);

/** Clicks a card of a fanned hand where a person would: its left edge, the part that shows. */
async function clickHandCard(page: Page, color: string, id: string) {
  const card = handCard(page, color, id);
  const box = await card.boundingBox();
  await card.click({ position: { x: 5, y: (box?.height ?? 40) / 2 } });
}

/**
 * Selects a card in the hand, then clicks the discard pile: where its top card lies face up, beside
 * the deck's draw pile. A mouse click at that spot, as a person's: whatever the page has there takes it.
 */
async function playOnDiscard(page: Page, color: string, card: string, top: string) {
  // A click while the page still plays the other's turn is not taken (input waits for it): a person
  // clicks again, and so does this, until the card shows as selected.
  await expect
    .poll(
      async () => {
        if ((await isSelected(handCard(page, color, card))) !== "true")
          await clickHandCard(page, color, card);
        return isSelected(handCard(page, color, card));
      },
      { interval: 500 },
    )
    .toBe("true");
  const at = await centre(onDeck(page, top));
  await page.mouse.click(at.x, at.y);
}

describe("Template: Card Game between two browsers", () => {
  it("is played to the end through the page, each move live on the other page, with one refused card", {
    timeout: 150_000,
  }, async () => {
    // Short: four cards a hand, ten coins in the bank.
    const { start, players, seating, open, names } = await startedGame(
      "template-cards",
      { handSize: "4", coins: "10" },
      ["tc_ann", "tc_ben"],
    );
    const plan = planCards(start, 10);
    const face = plan.face;
    const by = (color: string) => players.find((p) => p.color === color) as Player;
    const other = (color: string) => players.find((p) => p.color !== color) as Player;

    // The deal as each page shows it: your own hand face up, the other's as card backs, the start
    // card face up on the discard pile, 23 cards in the deck and 10 coins in the bank.
    for (const p of players) {
      await expect(p.page.title()).resolves.toMatch(/^(\(Your turn\) )?Template: Card Game - Tabletop Lab$/);
      for (const color of seating) {
        for (const id of pile(start.root, `area-${color}`, "hand").map((c) => c.id)) {
          await expect
            .poll(() => handCard(p.page, color, id).getAttribute("aria-label"))
            .toBe(color === p.color ? `${face(id)} card` : "face-down card");
        }
      }
      await expect
        .poll(() => onDeck(p.page, plan.firstDiscard).getAttribute("aria-label"))
        .toBe(`${face(plan.firstDiscard)} card`);
      await board(p.page).getByLabel("23 in deck").waitFor();
      await board(p.page).getByLabel("10 in bank").waitFor();
      await expect(logText(p.page)).resolves.toBe("No moves yet.");
    }
    await turnOf(players, seating[0] as string);
    await expect
      .poll(() => message(players[0]!.page))
      .toBe("Play a matching card on the discard pile, or draw.");
    await stateButton(players[0]!.page, "Draw a card").waitFor();
    await expect.poll(() => stateButton(players[1]!.page, "Draw a card").count()).toBe(0);
    // The rules set the scores at the end (coins minus cards in hand): a -/+ button on the score
    // counter would only change a number the end overwrites. Counted now, asserted at the end.
    const scoreButtons = await players[0]!.page
      .getByRole("button", { name: /^(Increase|Decrease) score of / })
      .count();

    let refused = false;
    let deckCount = 23;
    for (const [i, turn] of plan.turns.entries()) {
      const me = by(turn.seat);
      const them = other(turn.seat);
      const last = i === plan.turns.length - 1;

      // Once, the first time a player holds a card that does not match: the rules refuse it, with the
      // rules' words, and nothing moves on either page.
      const handBefore =
        i === 0
          ? pile(start.root, `area-${turn.seat}`, "hand").map((c) => c.id)
          : plan.turns[i - 1]!.hands[turn.seat]!;
      const topNow = discardTop(plan, i);
      const wrong = handBefore.find((c) => !plan.matches(c, topNow));
      if (!refused && wrong !== undefined) {
        refused = true;
        const logBefore = await logText(me.page);
        await playOnDiscard(me.page, turn.seat, wrong, topNow);
        const refusal = alertSaying(
          me.page,
          "Cannot make move: Play a card of the same suit or value as the top of the discard pile.",
        );
        await expect
          .poll(() => refusal.count(), {
            timeout: 10_000,
            message:
              "a click on the discard pile, a card selected, is answered by the rules (see the report)",
          })
          .toBe(1);
        await settled(players);
        for (const p of players) {
          await expect(logText(p.page)).resolves.toBe(logBefore);
          await expect.poll(() => handCard(p.page, turn.seat, wrong).count()).toBe(1);
          await expect.poll(() => onDeck(p.page, wrong).count()).toBe(0);
        }
        await expect.poll(() => isSelected(handCard(me.page, turn.seat, wrong))).toBe(null);
        // Closed, as a person would before the next play: the page has scrolled down to the hand, and
        // the refusal (fixed near the window's top, kept while the pointer rests on it) covers the piles.
        await refusal.getByRole("button", { name: "Close" }).click();
        await refusal.waitFor({ state: "detached" });
      }

      if (turn.play !== undefined) {
        const { card, onto } = turn.play;
        await playOnDiscard(me.page, turn.seat, card, onto);
        await sameLog(
          players,
          last
            ? /The game has ended: .*\.$/
            : new RegExp(`discarded ${face(card)} and moved coin to ${turn.seat}'s coins$`),
        );
        for (const p of players) {
          // The card lies face up on the discard pile for both; the coin went to the player.
          await expect.poll(() => onDeck(p.page, card).getAttribute("aria-label")).toBe(`${face(card)} card`);
          await expect.poll(() => handCard(p.page, turn.seat, card).count()).toBe(0);
          await expect
            .poll(() => area(p.page, turn.seat).locator('[data-component-name="coin"]').count())
            .toBe(turn.coins[turn.seat]);
          if (turn.bank > 0) await board(p.page).getByLabel(`${turn.bank} in bank`).waitFor();
        }
      } else {
        const drawn = turn.draw as string;
        await stateButton(me.page, "Draw a card").click();
        // The rules' words for the turn: the card drawn is not named, as the other player may not see it.
        await sameLog(players, new RegExp(`${turn.seat} drew a card$`));
        deckCount -= 1;
        // The drawn card: its face in the drawer's hand, a card back in the other's view of it.
        await expect
          .poll(() => handCard(me.page, turn.seat, drawn).getAttribute("aria-label"))
          .toBe(`${face(drawn)} card`);
        await expect
          .poll(() => handCard(them.page, turn.seat, drawn).getAttribute("aria-label"))
          .toBe("face-down card");
        for (const p of players) await board(p.page).getByLabel(`${deckCount} in deck`).waitFor();
      }
      for (const p of players) {
        for (const color of seating)
          await expect
            .poll(() => area(p.page, color).locator('[data-component-name="card"]').count())
            .toBe(turn.hands[color]!.length);
      }
      if (!last) {
        await turnOf(players, them.color);
        await stateButton(them.page, "Draw a card").waitFor();
        await expect.poll(() => stateButton(me.page, "Draw a card").count()).toBe(0);
      }
    }
    expect(refused, "a turn with a card that does not match").toBe(true);

    // The end: both pages say who won, with the scores; the score counters show them; the logs agree.
    const line = endLine(plan.result, seating, names);
    for (const p of players) {
      await expect.poll(() => message(p.page)).toBe(line);
      await p.page.getByRole("heading", { name: "Template: Card Game (ended)" }).waitFor();
      for (const color of seating) {
        await expect
          .poll(() =>
            area(p.page, color)
              .getByText(/^score:/)
              .textContent(),
          )
          .toBe(`score: ${plan.result.scores[color]}`);
      }
      await expect.poll(() => p.page.locator('section[data-active="true"]').count()).toBe(0);
    }
    await expect.poll(() => logText(players[0]!.page)).toBe(await logText(players[1]!.page));
    expect(await serverEnd(open)).toEqual(plan.result);
    for (const p of players) expect(p.errors).toEqual([]);
    // Last, as these fail until the product is fixed (see the report): no score buttons the rules do
    // not use, and nothing to press on an ended game.
    expect.soft(scoreButtons, "score -/+ buttons on the first player's page").toBe(0);
    for (const p of players) await nothingToPress(p);
  });
});

/** The top of the discard pile when turn i begins. */
function discardTop(plan: ReturnType<typeof planCards>, i: number): string {
  let top = plan.firstDiscard;
  for (const t of plan.turns.slice(0, i)) if (t.play !== undefined) top = t.play.card;
  return top;
}

// ---------------------------------------------------------------------------------------------
// Template: Board Game

const cell = (page: Page, name: string) => board(page).locator(`[data-position="grid"][data-slot="${name}"]`);
const stone = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
const score = async (page: Page, color: string) =>
  Number(
    /score:\s*(-?\d+)/.exec(
      (await area(page, color)
        .getByText(/^score:/)
        .textContent()) ?? "",
    )?.[1],
  );

/** The stone stands on the cell (after its slide has finished). */
async function standsOn(page: Page, id: string, square: string) {
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([centre(stone(page, id)), centre(cell(page, square))]);
      return Math.hypot(a.x - b.x, a.y - b.y);
    })
    .toBeLessThan(4);
}

describe("Template: Board Game between two browsers", () => {
  it("is played to the target through the page, each stone live on the other page, with one refused click", {
    timeout: 120_000,
  }, async () => {
    // Short: the first to 6 points wins; the score counters get their +/- buttons.
    const { players, seating, open, names } = await startedGame(
      "template-board",
      { target: "6", manualScore: true },
      ["tb_ann", "tb_ben"],
    );
    const [first, second] = players as [Player, Player];
    for (const p of players) {
      await expect(p.page.title()).resolves.toMatch(/^(\(Your turn\) )?Template: Board Game - Tabletop Lab$/);
      for (const c of seating)
        await expect
          .poll(() => area(p.page, c).locator(`[data-component-name="stone-${c}"]`).count())
          .toBe(8);
    }

    /** The turn of `me`: their stone to the cell, then Score; both pages see the stone and the points. */
    const turn = async (
      me: Player,
      id: string,
      square: string,
      points: number,
      total: number,
      end = false,
    ) => {
      const them = me === first ? second : first;
      await turnOf(players, me.color);
      await expect.poll(() => message(me.page)).toBe("Place one of your stones on an empty cell.");
      await expect.poll(() => message(them.page)).toBe(`Waiting for ${me.color}.`);
      await stone(me.page, id).click();
      await expect.poll(() => isSelected(stone(me.page, id))).toBe("true");
      await cell(me.page, square).click();
      await sameLog(players, new RegExp(`moved stone-${me.color} to ${square} on the board$`));
      for (const p of players) await standsOn(p.page, id, square);
      await expect.poll(() => message(me.page)).toBe("Press Score to count your stone and its neighbours.");
      await expect.poll(() => stateButton(them.page, "Score").count()).toBe(0);
      await stateButton(me.page, "Score").click();
      await sameLog(
        players,
        end ? /The game has ended: .*\.$/ : new RegExp(`${me.color} gained ${points} score$`),
      );
      for (const p of players) await expect.poll(() => score(p.page, me.color)).toBe(total);
    };

    // Out of turn: the second player reaches for a stone and is told to wait; nothing moves.
    await stone(second.page, `stone-${second.color}-8`).click();
    await alertSaying(second.page, "You cannot play now: Wait for your turn").waitFor();
    await settled(players);
    for (const p of players) await expect(logText(p.page)).resolves.toBe("No moves yet.");

    // The first turn, with the +/- buttons of the score counter on the way (the owner's, on their
    // turn): one up, one down, seen on both pages.
    await turnOf(players, first.color);
    await expect
      .poll(() => second.page.getByRole("button", { name: /^(Increase|Decrease) score of/ }).count())
      .toBe(0);
    await first.page.getByRole("button", { name: `Increase score of ${first.color}` }).click();
    await sameLog(players, /gained 1 score$/);
    for (const p of players) await expect.poll(() => score(p.page, first.color)).toBe(1);
    await first.page.getByRole("button", { name: `Decrease score of ${first.color}` }).click();
    await sameLog(players, /lost 1 score$/);
    for (const p of players) await expect.poll(() => score(p.page, first.color)).toBe(0);

    const f = (n: number) => `stone-${first.color}-${n}`;
    const s = (n: number) => `stone-${second.color}-${n}`;
    await turn(first, f(8), "a1", 1, 1);

    // A taken cell: the second player selects a stone and clicks a1 where the first one's stone stands.
    // The rules refuse it in their words, and nothing moves.
    await stone(second.page, s(8)).click();
    await expect.poll(() => isSelected(stone(second.page, s(8)))).toBe("true");
    const at = await centre(cell(second.page, "a1"));
    await second.page.mouse.click(at.x, at.y);
    const taken = alertSaying(second.page, "Cannot make move: That cell is taken.");
    // (Soft: see the report. A click on the stone that stands there is ignored, so the page says nothing.)
    await expect
      .soft(
        taken.waitFor({ timeout: 3000 }).then(
          () => "shown",
          () => "not shown",
        ),
      )
      .resolves.toBe("shown");
    await settled(players);
    for (const p of players) {
      await expect(logText(p.page)).resolves.toMatch(/gained 1 score$/);
      await standsOn(p.page, f(8), "a1");
    }
    if ((await isSelected(stone(second.page, s(8)))) === "true") await stone(second.page, s(8)).click();
    await expect.poll(() => isSelected(stone(second.page, s(8)))).toBe(null);

    await turn(second, s(8), "e5", 1, 1);
    await turn(first, f(7), "b1", 2, 3);
    await turn(second, s(7), "e4", 2, 3);
    await turn(first, f(6), "a2", 2, 5);
    await turn(second, s(6), "d5", 2, 5);
    // b2 touches b1 and a2: 3 points, 8 in all, past the target.
    await turn(first, f(5), "b2", 3, 8, true);

    const result: GameResult = { winners: [first.color], scores: { [first.color]: 8, [second.color]: 5 } };
    const line = endLine(result, seating, names);
    for (const p of players) {
      await expect.poll(() => message(p.page)).toBe(line);
      await p.page.getByRole("heading", { name: "Template: Board Game (ended)" }).waitFor();
      await expect.poll(() => p.page.locator('section[data-active="true"]').count()).toBe(0);
      for (const [id, square] of [
        [f(8), "a1"],
        [f(7), "b1"],
        [f(6), "a2"],
        [f(5), "b2"],
        [s(8), "e5"],
        [s(7), "e4"],
        [s(6), "d5"],
      ] as const)
        await standsOn(p.page, id, square);
    }
    await expect.poll(() => logText(first.page)).toBe(await logText(second.page));
    expect(await serverEnd(open)).toEqual(result);
    for (const p of players) expect(p.errors).toEqual([]);
    // Last, as it fails until the product is fixed (see the report): nothing to press on an ended game.
    for (const p of players) await nothingToPress(p);
  });
});

// ---------------------------------------------------------------------------------------------
// Sandbox

describe("the sandbox", () => {
  it("plays as either colour, moves a card, rolls, shuffles and ends the game", {
    timeout: 60_000,
  }, async () => {
    const sam = await site.person("sb_sam");
    const { page } = sam;
    const create = await page.request.post(`${site.server.url}/api/projects/sandbox/new-table`, {
      data: {
        start_position: { options: { handSize: "5" }, playerColors: ["red", "blue"] },
        tableMode: "public-sandbox",
      },
    });
    expect(create.status()).toBe(200);
    const table = (await create.json()) as { tableId: string; status: string };
    // A public sandbox starts at once.
    expect(table.status).toBe("midgame");
    const open = () => openTable(page.request, `/api/table-open/${table.tableId}`);
    // A sandbox is free for all: everyone is sent the whole situation.
    const live = (await open()).live;
    expect(live?.viewer).toBe("full");
    const start = live!.situation;
    const blueHand = pile(start.root, "area-blue", "hand");
    const card = blueHand.at(-1) as Piece;

    await page.goto(`${site.server.url}/projects/sandbox/table/${table.tableId}`);
    const me = [{ color: "", page, errors: sam.errors }];
    await settled(me);
    await expect.poll(() => message(page)).toBe("Free play: turn on edit mode and move anything anywhere.");
    const playAs = page.getByRole("combobox", { name: "Play as" });
    const choose = async (color: string) => {
      await playAs.click();
      await page.getByRole("option", { name: color, exact: true }).click();
      await expect.poll(() => playAs.textContent()).toBe(color);
    };

    // As red: red's area is yours, with red's counter buttons; blue's hand shows card backs.
    await choose("red");
    await expect.poll(() => area(page, "red").textContent()).toContain("red (you) - to play");
    await page.getByRole("button", { name: "Increase points of red" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Increase points of blue" }).count()).toBe(0);
    await expect
      .poll(() => handCard(page, "blue", card.id).getAttribute("aria-label"))
      .toBe("face-down card");

    // As blue: blue's hand face up; blue counts a point.
    await choose("blue");
    await expect.poll(() => area(page, "blue").textContent()).toContain("blue (you) - to play");
    await expect
      .poll(() => handCard(page, "blue", card.id).getAttribute("aria-label"))
      .toBe(`${card.options.cardId} card`);
    await page.getByRole("button", { name: "Increase points of blue" }).click();
    await expect.poll(() => logText(page)).toMatch(/gained 1 point$/);
    await expect
      .poll(() =>
        area(page, "blue")
          .getByText(/^points:/)
          .textContent(),
      )
      .toBe("points: 1");

    // Blue lays a card from the hand in the middle of the table, for everyone to see.
    await settled(me);
    await clickHandCard(page, "blue", card.id);
    await expect.poll(() => isSelected(handCard(page, "blue", card.id))).toBe("true");
    await board(page).locator('[data-component-id="table"] [data-position="play"]').first().click();
    await expect.poll(() => logText(page)).toMatch(new RegExp(`moved ${card.options.cardId} to the play$`));
    const onTable = board(page).locator(`[data-component-id="${card.id}"]`);
    await expect
      .poll(() =>
        onTable.evaluate((el) =>
          el.parentElement?.closest("[data-component-id]")?.getAttribute("data-component-id"),
        ),
      )
      .toBe("table");
    await expect.poll(() => handCard(page, "blue", card.id).count()).toBe(0);
    await choose("red");
    await expect.poll(() => onTable.getAttribute("aria-label")).toBe(`${card.options.cardId} card`);

    // The state buttons: roll the dice, shuffle the deck.
    await settled(me);
    await stateButton(page, "Roll the dice").click();
    await expect.poll(() => logText(page)).toMatch(/rolled [1-6] and [1-6]$/);
    await settled(me);
    await stateButton(page, "Shuffle the deck").click();
    await expect.poll(() => logText(page)).toMatch(/red shuffled the deck$/);

    // Ending is for edit mode only.
    await settled(me);
    await expect.poll(() => stateButton(page, "End the game").count()).toBe(0);
    await page.getByRole("switch", { name: "Edit mode" }).check();
    await stateButton(page, "End the game").click();
    await expect.poll(() => message(page)).toBe("The game has ended.");
    await page.getByRole("heading", { name: "Sandbox (ended)" }).waitFor();
    await expect.poll(async () => (await open()).status).toBe("ended");
    expect(sam.errors).toEqual([]);
  });
});
