import {
  type Component,
  countedList,
  countOf,
  defaultDescribeStat,
  defaultTurnSummary,
  findComponent,
  gameEndLine,
  type Json,
  type Move,
  type RuleContext,
  type Situation,
  type StatRef,
  type StatRow,
  type SummaryLine,
  type TurnSummaryInput,
} from "@tt/engine";
import { BELL, BOARD, HAND, LANTERNS, STALL } from "./data";
import { GOODS, type Good } from "./images";
import {
  areaOf,
  closing,
  handOf,
  isGood,
  kindOf,
  oilPrice,
  price,
  slotCost,
  slotOf,
  stall,
  stateName,
  turnOf,
} from "./rules";

/**
 * Night Market's log: each thing a trader does in one line, with the goods and the coins ('red bought
 * Silk for 3 coins', 'blue sold 3 Tea for 9 coins'), then what it set off for the whole market (the
 * bell, a reshuffle, the end). The goods named are those everyone saw: the row, the stall, a sale.
 */

/** A card as a line names it, or 'a card' when someone could not see its face. */
function cardName(card: Component | undefined, isPublic: (id: string) => boolean): string {
  if (card === undefined || !isPublic(card.id)) return "a card";
  const kind = kindOf(card);
  if (kind === "bell") return "the Closing Bell";
  if (kind === "moth") return "a Moth";
  return isGood(card) ? GOODS[kind as Good].name : "a card";
}

const coins = (n: number) => countOf(n, "coins");

/** The ids the moves took to a place, in order. */
function movedTo(moves: readonly Move[], destinationId: string, positionName: string): string[] {
  return moves.flatMap((m) =>
    m.type === "component move" && m.destinationId === destinationId && m.positionName === positionName
      ? [m.componentId]
      : [],
  );
}

/** ', bust!' when the turned-up card ends the foraging. */
function bust(after: Situation): string {
  const state = stateName(after);
  if (state === "bust") return ": bust!";
  if (state === "moth") return ": bust, unless they burn 1 oil";
  return "";
}

/** What the trader did, in one line; null when the turn is none of Night Market's actions. */
function action(input: TurnSummaryInput, trader: string, ctx: RuleContext): string | null {
  const { before, after, moves, isPublic } = input;
  const name = (id: string) =>
    cardName(findComponent(after.root, id) ?? findComponent(before.root, id), isPublic);
  const pressed = moves.find((m) => m.type === "press state button");
  const turnedUp = () => countedList(movedTo(moves, BOARD, STALL).map(name));
  switch (pressed?.type === "press state button" ? pressed.button : undefined) {
    case "forage":
      return `went foraging and turned up ${turnedUp()}${bust(after)}`;
    case "flip":
      return `flipped ${turnedUp()}${bust(after)}`;
    case "stop": {
      const finds = movedTo(moves, areaOf(before, trader), HAND).map(name);
      return finds.length === 0 ? "came home empty-handed" : `brought ${countedList(finds)} home`;
    }
    case "burn": {
      const culprit = moves.find((m) => m.type === "discard");
      const what = culprit?.type === "discard" ? ` and threw out ${name(culprit.componentId)}` : "";
      return `burnt 1 oil${what}`;
    }
    case "letgo":
      return "let the stall go dark";
  }
  const oil = moves.find((m) => m.type === "inc counter" && m.counter === "oil");
  if (oil?.type === "inc counter")
    return oil.amount > 0 ? `bought 1 oil for ${coins(oilPrice(ctx))}` : `sold 1 oil for ${coins(1)}`;
  const bought = moves.find(
    (m) =>
      m.type === "component move" && m.positionName === HAND && slotOf(before, m.componentId) !== undefined,
  );
  if (bought?.type === "component move") {
    const cost = slotCost(slotOf(before, bought.componentId) as string);
    const good = name(bought.componentId);
    return cost === 0 ? `took ${good} for free` : `bought ${good} for ${coins(cost)}`;
  }
  const hand = new Set(handOf(before, trader).map((c) => c.id));
  const sold = moves.flatMap((m) => (m.type === "discard" && hand.has(m.componentId) ? [m.componentId] : []));
  if (sold.length > 0) {
    const card = findComponent(before.root, sold[0] as string) as Component;
    const good = kindOf(card) as Good;
    const lantern =
      movedTo(moves, areaOf(before, trader), LANTERNS).length > 0 ? " and earned a lantern" : "";
    const what = isPublic(card.id) ? GOODS[good].name : "cards";
    return `sold ${sold.length} ${what} for ${coins(sold.length * price(before, good))}${lantern}`;
  }
  if (moves.some((m) => m.type === "inc stat" && m.stat === "busts")) {
    const lost = stall(before).map((c) => name(c.id));
    return `lost ${lost.length === 0 ? "nothing" : countedList(lost)} to the dark and took ${coins(1)}`;
  }
  return null;
}

/** What the turn set off for the whole market: nobody's act, so no trader's name before it. */
function marketEvents(input: TurnSummaryInput): string[] {
  const { before, after, moves } = input;
  const out: string[] = [];
  if (moves.some((m) => m.type === "reshuffle")) out.push("The discard pile is shuffled into a new deck.");
  const flown = moves.filter((m) => m.type === "inc stat" && m.stat === "mothsFlown").length;
  if (flown > 0) out.push(flown === 1 ? "A Moth flies off the row." : `${flown} Moths fly off the row.`);
  if (!closing(before) && closing(after)) {
    const bell = findComponent(after.root, BOARD)?.children[BELL];
    out.push(
      Array.isArray(bell) && bell.length > 0
        ? "The Closing Bell rings: one last turn each."
        : "The market has run dry: it closes now.",
    );
  }
  const end = moves.find((m) => m.type === "game end");
  if (end?.type === "game end") out.push(gameEndLine(end.result, "The market closes"));
  return out;
}

export function summarizeTurn(input: TurnSummaryInput, ctx: RuleContext): SummaryLine[] {
  // The line is the trader's (the seat whose turn it was), also when 'alwaysactive' played it.
  const active = turnOf(input.before);
  const trader = input.before.players.some((p) => p.color === active) ? active : input.turn.seat;
  const said = action(input, trader, ctx);
  if (said === null) return defaultTurnSummary(input, ctx);
  return [
    { message: said, sourcePlayer: trader },
    ...marketEvents(input).map((message): SummaryLine => ({ message, sourcePlayer: null })),
  ];
}

/** The stats the rules keep (turns.ts), as the results page labels them. */
const LABELS: Record<StatRef["scope"], Record<string, string>> = {
  player: {
    bought: "Cards bought",
    foraged: "Finds brought home",
    oilBurnt: "Oil burnt",
    bellsRung: "Closing bells rung",
    saleLog: "Goods sold",
  },
  table: { turns: "Turns played", mothsFlown: "Moths flown off the row" },
  component: { sold: "Cards sold", finalPrice: "Final price" },
};

/** One sale of the sale log: '3 Tea at 2 coins'. */
function saleText(sale: Json): string {
  if (typeof sale !== "object" || sale === null || Array.isArray(sale)) return String(sale);
  const good = GOODS[String(sale.good) as Good]?.name ?? String(sale.good);
  return `${Number(sale.cards)} ${good} at ${coins(Number(sale.price))}`;
}

export function describeStat(stat: StatRef): StatRow[] {
  const label = LABELS[stat.scope][stat.key];
  if (stat.scope === "player" && stat.key === "saleLog" && Array.isArray(stat.value))
    return [{ label: label ?? "Goods sold", value: stat.value.map(saleText) }];
  const rows = defaultDescribeStat(stat);
  return label === undefined ? rows : rows.map((row) => ({ ...row, label }));
}
