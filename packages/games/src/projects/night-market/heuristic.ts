import { type Component, type RuleContext, type Situation, walk } from "@tt/engine";
import { GOOD_NAMES, LANTERN_POINTS } from "./data";
import type { Good } from "./images";
import {
  closing,
  counter,
  handOf,
  isGood,
  kindOf,
  lanternBank,
  lanternsOf,
  oilInPlay,
  price,
  stall,
  stateName,
} from "./rules";

/**
 * Night Market's heuristic for bots (RuleModule.evaluate): how good a seat's view is for that seat,
 * in points of final score. A seat is worth what it would score now (coins, 5 per lantern, 1 per oil)
 * plus what its goods should turn into: a good at its price, less a margin for the turn a sale costs,
 * and a share of a lantern for a set on its way to three; once the bell has rung, only the one sale a
 * last turn allows. The stall of a forage under way is counted as goods, and each card still face
 * down in it (the view shows the flip as a placeholder) at its expected worth: the chance it is a
 * safe good times a good's worth, less the chance it busts times what the stall would lose. Chances
 * come from the cards the seat has not seen (the deck's make-up less every face it can see).
 *
 * The answer is the seat's worth less the best rival's: a bot should win, not merely score.
 */

const COPIES_PER_GOOD = 7;
const MOTHS = 2;
/** A good in hand is worth this share of its price: selling it takes a turn. */
const HOLD = 0.8;
/** Share of a lantern counted for a set of two of a kind (three earn one). */
const PAIR_LANTERN = 0.3;

interface Unseen {
  goods: Map<string, number>;
  moths: number;
  bell: number;
  total: number;
}

/** The cards `seat` has not seen the face of: the deck's make-up less every face in its view. */
function unseenCards(view: Situation, ctx: RuleContext): Unseen {
  const goods = new Map<string, number>(GOOD_NAMES.map((g) => [g, COPIES_PER_GOOD]));
  let moths = ctx.options.moths === false ? 0 : MOTHS;
  let bell = 1;
  walk(view.root, (c) => {
    if (c.type !== "card" || c.placeholder !== undefined) return;
    const kind = kindOf(c);
    if (goods.has(kind)) goods.set(kind, (goods.get(kind) ?? 0) - 1);
    else if (kind === "moth") moths--;
    else if (kind === "bell") bell--;
  });
  let total = Math.max(0, moths) + Math.max(0, bell);
  for (const n of goods.values()) total += Math.max(0, n);
  return { goods, moths: Math.max(0, moths), bell: Math.max(0, bell), total };
}

function averagePrice(view: Situation): number {
  return GOOD_NAMES.reduce((sum, g) => sum + price(view, g), 0) / GOOD_NAMES.length;
}

/** What a set of goods should become: each at its price held, and lanterns for sets of three. */
function goodsWorth(view: Situation, cards: readonly Component[], lanternsLeft: boolean): number {
  const byKind = new Map<string, number>();
  let unknown = 0;
  for (const c of cards) {
    if (c.placeholder !== undefined || !isGood(c)) {
      if (c.placeholder !== undefined) unknown++;
      continue;
    }
    byKind.set(kindOf(c), (byKind.get(kindOf(c)) ?? 0) + 1);
  }
  const endgame = closing(view);
  let total = 0;
  let bestSale = 0;
  for (const [kind, n] of byKind) {
    const sale = n * price(view, kind as Good);
    const lantern = !lanternsLeft ? 0 : n >= 3 ? LANTERN_POINTS : n === 2 ? PAIR_LANTERN * LANTERN_POINTS : 0;
    total += HOLD * sale + lantern;
    bestSale = Math.max(bestSale, sale + (n >= 3 && lanternsLeft ? LANTERN_POINTS : 0));
  }
  // Cards a rival holds face down: an average good, held.
  total += unknown * HOLD * averagePrice(view) * 0.75;
  // After the bell a trader has one turn left: one sale.
  return endgame ? HOLD * bestSale : total;
}

/** The expected worth of one face-down card flipped into `stall` now. */
function flipWorth(
  view: Situation,
  ctx: RuleContext,
  seat: string,
  known: readonly Component[],
  unseen: Unseen,
) {
  if (unseen.total === 0) return 0;
  const inStall = new Set(known.map(kindOf));
  let bust = unseen.moths;
  let safe = 0;
  for (const [good, n] of unseen.goods) {
    if (n <= 0) continue;
    if (inStall.has(good)) bust += n;
    else safe += n * HOLD * price(view, good as Good);
  }
  const stallWorth = goodsWorth(view, known, lanternBank(view).length > 0);
  // A moth with oil in the lantern costs a drop; otherwise the stall goes dark for a coin.
  const hasOil = oilInPlay(ctx) && counter(view, seat, "oil") > 0;
  const loss = hasOil ? Math.min(1, stallWorth) : stallWorth - 1;
  return (safe - bust * loss) / unseen.total;
}

function seatWorth(view: Situation, ctx: RuleContext, color: string, unseen: Unseen | null): number {
  const lanternsLeft = lanternBank(view).length > 0;
  let worth =
    counter(view, color, "coins") +
    LANTERN_POINTS * lanternsOf(view, color).length +
    counter(view, color, "oil") +
    goodsWorth(view, handOf(view, color), lanternsLeft);
  const active = String(view.gameState.current.activePlayer) === color;
  const state = stateName(view);
  if (active && (state === "forage" || state === "moth")) {
    const cards = stall(view);
    const known = cards.filter((c) => c.placeholder === undefined && isGood(c));
    const hidden = cards.filter((c) => c.placeholder !== undefined).length;
    worth += goodsWorth(view, known, lanternsLeft);
    if (hidden > 0 && unseen !== null) worth += hidden * flipWorth(view, ctx, color, known, unseen);
  }
  // A bust under way pays its coin when it resolves.
  if (active && state === "bust") worth += 1;
  return worth;
}

export function evaluate(view: Situation, seat: string, ctx: RuleContext): number {
  if (view.ended) {
    const result = view.stats.result as { winners?: string[]; scores?: { [c: string]: number } } | undefined;
    const scores = result?.scores ?? {};
    const mine = scores[seat] ?? 0;
    const best = Math.max(...Object.entries(scores).map(([c, v]) => (c === seat ? -Infinity : v)));
    return 1000 * ((result?.winners ?? []).includes(seat) ? 1 : -1) + mine - best;
  }
  const unseen = unseenCards(view, ctx);
  const mine = seatWorth(view, ctx, seat, unseen);
  let best = Number.NEGATIVE_INFINITY;
  for (const p of view.players)
    if (p.color !== seat) best = Math.max(best, seatWorth(view, ctx, p.color, null));
  return mine - (Number.isFinite(best) ? best : 0);
}
