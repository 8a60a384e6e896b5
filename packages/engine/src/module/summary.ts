import { activeState, DECK_POSITION, DISCARD_POSITION } from "../access.js";
import type { CardRow } from "../cards/deck.js";
import { cardNameOf } from "../cards/rows.js";
import { SPECTATOR } from "../constants.js";
import type { Json } from "../json.js";
import type { SummaryLine } from "../log/summary.js";
import type { Move } from "../moves/index.js";
import type { Component, Situation } from "../situation.js";
import { findComponent } from "../tree.js";
import { seatsOf } from "../view/seats.js";
import { faceMaskList, type SightRules, sightOf } from "../view/sight.js";
import { inlineValue } from "./stats.js";
import type { RuleContext, TurnSummaryInput } from "./types.js";

/**
 * A turn in words: the default module's summarizeTurn, and the pieces a game's own summary is made
 * of. The default reads the moves and says the turn in one line, its moves grouped ('moved 2 cards
 * to red's hand and gained 3 coins'); a card is named (its sheet's name) only where every viewer
 * sees its face, else it is 'a card'. A move whose rules wrote their own log message is said in
 * those words, and one they left unlogged ('') stays out.
 */

/**
 * isPublic for TurnSummaryInput: whether every seat and spectators see a component's face before or
 * after the turn. Worked out only when first asked, from the sights the turn's id re-issue reads
 * (view/reissue.ts asks the same viewers, so the masks are made once a turn).
 */
export function publicFaces(
  before: Situation,
  after: Situation,
  ctx: RuleContext,
  module?: SightRules,
): (componentId: string) => boolean {
  let check: ((id: string) => boolean) | undefined;
  return (id) => {
    if (check === undefined) {
      const viewers = seatsOf(before, after);
      viewers.push(SPECTATOR);
      const all = (1 << viewers.length) - 1;
      const sightBefore = sightOf(before, ctx, module);
      const sightAfter = sightOf(after, ctx, module);
      const was = faceMaskList(sightBefore, viewers);
      const now = faceMaskList(sightAfter, viewers);
      check = (componentId) => {
        const i = sightAfter.indexOf(componentId);
        if (i !== undefined && now[i] === all) return true;
        const j = sightBefore.indexOf(componentId);
        return j !== undefined && was[j] === all;
      };
    }
    return check(id);
  };
}

/** What a component is called when its face shows: a card by its sheet's name, anything else by its label or name. */
export function faceName(situation: Situation, component: Component): string {
  const label = component.options.label;
  if (typeof label === "string" && label !== "") return label;
  if (component.type !== "card") return component.name;
  const { deckName, cardId } = component.options;
  const row =
    deckName === undefined || cardId === undefined
      ? undefined
      : situation.deckData[deckName]?.cards.find((c) => c.cardId === cardId);
  const name = row === undefined ? null : cardNameOf(row as CardRow);
  return name ?? (typeof cardId === "string" && cardId !== "" ? cardId : "card");
}

/** 'a', 'a and b', 'a, b and c'. */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Names, each once, counted: ['Silk', 'Tea', 'Silk'] -> ['2 Silk', 'Tea']. */
function counted(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n === 1 ? name : `${n} ${name}`));
}

/** Names with the same counted once: 'Silk, Tea and Silk' -> '2 Silk and Tea'. */
export function countedList(names: readonly string[]): string {
  return listPhrase(counted(names));
}

/** '1 coin', '3 coins': a counter's name as designers write it (plural), made singular for one. */
export function countOf(n: number, name: string): string {
  const one = Math.abs(n) === 1 && /[^su]s$/.test(name) ? name.slice(0, -1) : name;
  return `${inlineValue(n)} ${one}`;
}

/** A component unnamed: its kind, counted. */
const kindOf = (component: Component) => (component.type === "var-display" ? "display" : component.type);

/** Something a phrase is about: its name where everyone sees its face, else only its kind. */
interface Thing {
  name: string | null;
  kind: string;
}

/**
 * The things one phrase is about, each named where allowed, the rest counted by kind: 'Silk, Tea
 * and 2 cards'.
 */
function things(items: readonly Thing[]): string {
  const named: string[] = [];
  const unnamed = new Map<string, number>();
  for (const item of items) {
    if (item.name !== null) named.push(item.name);
    else unnamed.set(item.kind, (unnamed.get(item.kind) ?? 0) + 1);
  }
  const rest = [...unnamed].map(([kind, n]) => (n === 1 ? `a ${kind}` : `${n} ${kind}s`));
  return listPhrase([...counted(named), ...rest]);
}

/** Where a move puts something, in words: 'red's hand', 'the discard pile', 'c3 on the board'. */
function placeOf(
  situation: Situation,
  destinationId: string,
  positionName: string,
  slot: string | number | undefined,
  isPublic: (id: string) => boolean,
): string {
  const owner = situation.players.find((p) => p.area === destinationId);
  if (owner !== undefined) return `${owner.color}'s ${positionName}`;
  const destination = findComponent(situation.root, destinationId);
  if (destination?.type === "deck") {
    if (positionName === DECK_POSITION) return "the deck";
    if (positionName === DISCARD_POSITION) return "the discard pile";
  }
  if (destination?.type === "bank") return "the bank";
  // The table's root is the table itself: its positions are the places ('the play area').
  const place =
    destination === undefined || destination.parent === null
      ? `the ${positionName}`
      : `the ${isPublic(destination.id) ? faceName(situation, destination) : kindOf(destination)}`;
  return typeof slot === "string" && slot !== "" ? `${slot} on ${place}` : place;
}

type Phrase =
  /** About things, one more each time: 'discarded Silk and a card'. */
  | { kind: "things"; items: Thing[]; say: (things: string) => string }
  /** Values in a row: 'rolled 3 and 5'. */
  | { kind: "values"; items: string[]; say: (values: string) => string }
  /** A change summed over the turn: 'gained 3 coins'. */
  | { kind: "sum"; sum: number; say: (sum: number) => string }
  | { kind: "fixed"; text: string };

function render(phrase: Phrase): string {
  switch (phrase.kind) {
    case "things":
      return phrase.say(things(phrase.items));
    case "values":
      return phrase.say(listPhrase(phrase.items));
    case "sum":
      return phrase.sum === 0 ? "" : phrase.say(phrase.sum);
    case "fixed":
      return phrase.text;
  }
}

/** Phrases this many and more are cut: 'and 3 more'. */
const MAX_PHRASES = 6;

/** One line being made: its phrases in the order of the moves that first wrote each. */
class Line {
  private readonly phrases = new Map<string, Phrase>();
  private readonly presses: string[] = [];

  thing(key: string, say: (things: string) => string, item: Thing) {
    const phrase = this.phrases.get(key);
    if (phrase?.kind === "things") phrase.items.push(item);
    else this.phrases.set(key, { kind: "things", items: [item], say });
  }

  value(key: string, say: (values: string) => string, value: string) {
    const phrase = this.phrases.get(key);
    if (phrase?.kind === "values") phrase.items.push(value);
    else this.phrases.set(key, { kind: "values", items: [value], say });
  }

  sum(key: string, say: (sum: number) => string, amount: number) {
    const phrase = this.phrases.get(key);
    if (phrase?.kind === "sum") phrase.sum += amount;
    else this.phrases.set(key, { kind: "sum", sum: amount, say });
  }

  /** A phrase said once, the turn's last word on it kept: 'shuffled the deck', 'score is now 5'. */
  fixed(key: string, text: string) {
    this.phrases.set(key, { kind: "fixed", text });
  }

  press(text: string) {
    if (!this.presses.includes(text)) this.presses.push(text);
  }

  text(): string {
    const said = [...this.phrases.values()].map(render).filter((p) => p !== "");
    // A button pressed says what the player chose; what followed says it better when there is any.
    if (said.length === 0) return listPhrase(this.presses);
    if (said.length > MAX_PHRASES)
      return `${said.slice(0, MAX_PHRASES).join(", ")} and ${said.length - MAX_PHRASES} more`;
    return listPhrase(said);
  }
}

/**
 * A game end's result in words: 'The game has ended: red wins (red 12, blue 9).' A game may open it
 * in its own words ('The market closes').
 */
export function gameEndLine(result: Json | undefined, base = "The game has ended"): string {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return `${base}.`;
  const winners = Array.isArray(result.winners)
    ? result.winners.filter((w): w is string => typeof w === "string")
    : typeof result.winner === "string"
      ? [result.winner]
      : [];
  const scores = result.scores;
  const table =
    typeof scores === "object" && scores !== null && !Array.isArray(scores)
      ? Object.entries(scores)
          .filter(([, v]) => typeof v === "number")
          .map(([k, v]) => `${k} ${inlineValue(v)}`)
      : [];
  const who = winners.length === 0 ? "" : `: ${listPhrase(winners)} ${winners.length === 1 ? "wins" : "win"}`;
  return `${base}${who}${table.length === 0 ? "" : ` (${table.join(", ")})`}.`;
}

export function defaultTurnSummary(input: TurnSummaryInput, _ctx: RuleContext): SummaryLine[] {
  const { before, after, moves, isPublic } = input;
  const seat = input.turn.seat;
  /** A line for everyone, and one for each set of recipients the moves name. */
  const lines = new Map<string, Line>();
  const lineFor = (move: Move) => {
    const key = move.eventRecipients === undefined ? "" : JSON.stringify([...move.eventRecipients].sort());
    let line = lines.get(key);
    if (line === undefined) {
      line = new Line();
      lines.set(key, line);
    }
    return line;
  };
  const find = (id: string) => findComponent(after.root, id) ?? findComponent(before.root, id);
  const thing = (id: string): Thing => {
    const c = find(id);
    if (c === undefined) return { name: null, kind: "piece" };
    return { name: isPublic(id) ? faceName(after, c) : null, kind: kindOf(c) };
  };
  const unnamed = (id: string): Thing => ({ ...thing(id), name: null });
  const moved = new Set<string>();
  const state = activeState(before);
  const buttons = [...state.buttons, ...state.editModeButtons];
  let ended: { result: Json | undefined } | null = null;

  for (const move of moves) {
    if (move.type === "game end") {
      ended = { result: move.result };
      continue;
    }
    const line = lineFor(move);
    if (move.logMessage !== undefined) {
      // The rules chose the words for this move, or chose to say nothing of it.
      if (move.logMessage !== "") line.fixed(`text:${move.logMessage}`, move.logMessage);
      continue;
    }
    switch (move.type) {
      case "component move": {
        moved.add(move.componentId);
        const was = findComponent(before.root, move.componentId);
        const from = was === undefined || was.parent === null ? undefined : find(was.parent);
        const drawn = from?.type === "deck" && was?.childData?.positionName === DECK_POSITION;
        const mine = after.players.find((p) => p.color === seat)?.area === move.destinationId;
        const place = placeOf(after, move.destinationId, move.positionName, move.positionIndex, isPublic);
        // From a draw pile: drawn into your own area, dealt anywhere else.
        const verb = drawn ? (mine ? "drew" : "dealt") : "moved";
        if (verb === "drew") line.thing("drew", (items) => `drew ${items}`, thing(move.componentId));
        else
          line.thing(`${verb}:${place}`, (items) => `${verb} ${items} to ${place}`, thing(move.componentId));
        break;
      }
      case "discard":
        moved.add(move.componentId);
        line.thing("discard", (items) => `discarded ${items}`, thing(move.componentId));
        break;
      case "component reveal": {
        if (move.forPlayers !== undefined) {
          const to = listPhrase(move.forPlayers);
          line.thing(`show:${to}`, (items) => `showed ${items} to ${to}`, unnamed(move.componentId));
        } else if (move.facedown === true)
          line.thing("facedown", (items) => `turned ${items} face down`, thing(move.componentId));
        // A piece moved in this turn is named where it went, when everyone sees it.
        else if (!moved.has(move.componentId))
          line.thing("reveal", (items) => `revealed ${items}`, thing(move.componentId));
        break;
      }
      case "inc counter":
      case "set counter": {
        const key = `counter:${move.player}:${move.counter}`;
        const other = move.player !== seat;
        if (move.type === "set counter")
          line.fixed(
            key,
            `${other ? `${move.player}'s ` : ""}${move.counter} is now ${inlineValue(move.value)}`,
          );
        else
          line.sum(
            key,
            (sum) =>
              `${other ? `${move.player} ` : ""}${sum > 0 ? "gained" : "lost"} ${countOf(Math.abs(sum), move.counter)}`,
            move.amount,
          );
        break;
      }
      case "randomize variable":
        if (move.result !== undefined)
          line.value("roll", (values) => `rolled ${values}`, inlineValue(move.result));
        break;
      case "set component variable": {
        const { name, kind } = thing(move.componentId);
        const whose = `${name ?? `a ${kind}'s`} `;
        line.fixed(
          `var:${move.componentId}:${move.variable}`,
          `${whose}${move.variable} is now ${inlineValue(move.value)}`,
        );
        break;
      }
      case "component create":
        line.thing("create", (items) => `created ${items}`, { name: move.name, kind: move.componentType });
        break;
      case "move to bank":
        line.thing("bank", (items) => `returned ${items} to the bank`, thing(move.componentId));
        break;
      case "return to top":
        line.thing("top", (items) => `put ${items} on top of the deck`, unnamed(move.componentId));
        break;
      case "put to bottom":
        line.thing("bottom", (items) => `put ${items} at the bottom of the deck`, unnamed(move.componentId));
        break;
      case "reshuffle":
        line.fixed(`shuffle:${move.componentId}`, "shuffled the deck");
        break;
      case "move all": {
        const place = placeOf(after, move.destinationId, move.positionName, move.positionIndex, isPublic);
        line.fixed(
          `all:${move.componentId}:${move.sourcePositionName}`,
          `moved everything from the ${move.sourcePositionName} to ${place}`,
        );
        break;
      }
      case "reveal all":
        line.fixed(
          `revealall:${move.componentId}`,
          move.facedown === true ? "turned everything face down" : "revealed everything",
        );
        break;
      case "press state button":
        line.press(`pressed ${buttons.find((b) => b.name === move.button)?.text ?? move.button}`);
        break;
      case "press button":
        line.press(`pressed ${move.button}`);
        break;
      default:
        // Bookkeeping (stats, globals, states, selections, options): the board shows what it changed.
        break;
    }
  }
  const out: SummaryLine[] = [];
  for (const [key, line] of lines) {
    const message = line.text();
    if (message === "") continue;
    out.push(key === "" ? { message } : { message, recipients: JSON.parse(key) as string[] });
  }
  if (ended !== null) out.push({ message: gameEndLine(ended.result), sourcePlayer: null });
  return out;
}
