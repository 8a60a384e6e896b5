import { activeState, findPlayer } from "../access.js";
import { componentInfo, positionSets } from "../component-info.js";
import { positionCoords } from "../layout.js";
import { counterButton } from "../module/default.js";
import type { RuleModule } from "../module/types.js";
import { nextInt } from "../rng.js";
import type { Situation } from "../situation.js";
import { UNSURE_REFUSALS } from "../table/viewer-log.js";
import { walk } from "../tree.js";
import type { Action } from "../turn/actions.js";
import { evaluateTurn } from "../turn/evaluate.js";
import { mayAct } from "../turn/permissions.js";
import type { BotContext, RngCell, Verdict } from "./types.js";

/**
 * A seat's possible turns, found through the rules alone (no game knowledge), on the situation it is
 * given: a seat's view for a bot, so it plays on what that seat may see. Candidates come in tiers,
 * cheapest and likeliest first, because every try is one evaluation of the turn:
 *
 *   1. what a player has in front of them: the state's buttons, the components the rules call
 *      clickable, their own counter buttons (and, after a click that only selects, the places the
 *      rules light up for it, then every other place and component as the second click);
 *   2. every place on the board as a first click (states with a forced or default selection);
 *   3. buttons that ask 'are you sure?' (resign), only when nothing else is legal.
 *
 * A try is the same evaluation the browser runs before it sends a turn (turn/evaluate.ts), so what
 * comes out is legal by the rules' own word, except where the view lacks what decides it: a refusal
 * a placeholder can cause (UNSURE_REFUSALS) leaves the turn to the server, as the browser does.
 */

export type Probe =
  /** Accepted on this situation; `after` is the situation it leads to (on a view: as the seat sees it). */
  | { kind: "turn"; after: Situation }
  /** Refused for a reason a hidden piece may cause: only the server can tell. */
  | { kind: "unsure" }
  /** The click only selected a component: a second click makes the turn. */
  | { kind: "selected"; selected: string }
  | { kind: "refused" };

function hasPlaceholder(situation: Situation): boolean {
  let found = false;
  walk(situation.root, (c) => {
    if (c.placeholder !== undefined) found = true;
  });
  return found;
}

const withoutAutomation = new WeakMap<RuleModule, RuleModule>();

/**
 * The module as a probe runs it: without the automatic evaluation that follows the player's actions
 * (a state's autoEvalState loop). That loop is the rules carrying on, not the player choosing, and on
 * a view it runs on what the seat cannot see: Night Market's restock of the row from the face-down
 * deck took every hidden card for a moth and burnt through the whole deck on every try. The server
 * runs it on the full situation when the turn is sent.
 */
function probing(module: RuleModule): RuleModule {
  let cut = withoutAutomation.get(module);
  if (cut === undefined) {
    cut = { ...module, autoEvaluate: () => [] };
    withoutAutomation.set(module, cut);
  }
  return cut;
}

/**
 * Evaluates `actions` as the seat's whole turn. With `automation` false (the default) the automatic
 * evaluation that follows is left to the server (see probing); `after` then stops where it begins.
 */
export function probe(
  situation: Situation,
  seat: string,
  ctx: BotContext,
  actions: Action[],
  automation = false,
): Probe {
  const tried = evaluateTurn(
    situation,
    { seat, actions, timestamp: 0, turnUID: "bot-probe" },
    automation ? ctx.module : probing(ctx.module),
    ctx.rules,
  );
  if (!tried.ok)
    return UNSURE_REFUSALS.has(tried.code) && hasPlaceholder(situation)
      ? { kind: "unsure" }
      : { kind: "refused" };
  if (tried.value.moves.length > 0) return { kind: "turn", after: tried.value.situation };
  const selected = tried.value.selected;
  return selected !== null && selected !== situation.selected[seat]
    ? { kind: "selected", selected }
    : { kind: "refused" };
}

function clickable(situation: Situation, seat: string, ctx: BotContext, id: string): boolean {
  try {
    return ctx.module.isClickable(situation, id, seat, false, ctx.rules);
  } catch {
    // A throwing rule leaves the component out, as on the table.
    return false;
  }
}

/**
 * Tier 1 before the rules are asked about components: the state's buttons (not the confirming ones),
 * a click on every component the state lets be clicked, the seat's counter buttons.
 */
function directCandidates(situation: Situation, seat: string): Action[] {
  return directPool(situation, seat).map(asAction);
}

/** A candidate as drawn: a component id stands for a click on it (made into an action when drawn). */
type Candidate = Action | string;

const asAction = (candidate: Candidate): Action =>
  typeof candidate === "string" ? { kind: "click component", componentId: candidate } : candidate;

/** directCandidates, the clicks as bare ids: a random draw looks at a few of them, not all. */
function directPool(situation: Situation, seat: string): Candidate[] {
  const state = activeState(situation);
  const out: Candidate[] = [];
  for (const b of state.buttons)
    if (b.disabled !== true && !b.confirm) out.push({ kind: "press state button", button: b.name });
  if (state.isClickable !== null) for (const id of state.isClickable) out.push(id);
  else
    walk(situation.root, (c) => {
      if (c.id !== situation.root.id) out.push(c.id);
    });
  const player = findPlayer(situation, seat);
  for (const counter of player?.counters ?? []) {
    if (counter.options.buttonsEnabled !== true) continue;
    for (const delta of [1, -1])
      out.push({
        kind: "press button",
        componentId: player?.area as string,
        button: counterButton(counter.name, delta),
      });
  }
  return out;
}

/** Tier 1: the state's buttons (not the confirming ones), clickable components, counter buttons. */
export function directActions(situation: Situation, seat: string, ctx: BotContext): Action[] {
  return directCandidates(situation, seat).filter(
    (a) => a.kind !== "click component" || clickable(situation, seat, ctx, a.componentId),
  );
}

/** Tier 3: buttons that ask for confirmation. */
export function confirmingActions(situation: Situation): Action[] {
  return activeState(situation)
    .buttons.filter((b) => b.disabled !== true && b.confirm)
    .map((b): Action => ({ kind: "press state button", button: b.name }));
}

/** Every place on the board: each slot of each position, or the position itself when it piles. */
export function placeActions(situation: Situation, ctx: BotContext): Action[] {
  const out: Action[] = [];
  walk(situation.root, (component) => {
    if (component.placeholder === "hidden") return;
    const info = componentInfo(ctx.rules.pieces, component, situation);
    for (const [positionName, set] of Object.entries(positionSets(info))) {
      if (set.multi === true || set.multiPile === true) {
        out.push({ kind: "click position", destinationId: component.id, positionName });
        continue;
      }
      for (const [slot] of positionCoords(set))
        out.push({ kind: "click position", destinationId: component.id, positionName, positionIndex: slot });
    }
  });
  return out;
}

function componentActions(situation: Situation): Action[] {
  const out: Action[] = [];
  walk(situation.root, (c) => {
    if (c.id !== situation.root.id && c.placeholder !== "hidden")
      out.push({ kind: "click component", componentId: c.id });
  });
  return out;
}

/** The component or slot an action aims at, as highlights name them. */
function targetOf(action: Action): string {
  if (action.kind === "click component") return action.componentId;
  if (action.kind === "click position") return String(action.positionIndex ?? action.destinationId);
  return "";
}

/**
 * Second clicks after `first` selected `selected`: what the rules light up for the selection (a
 * chess piece's squares) first, then every other place and component.
 */
function secondClicks(
  situation: Situation,
  seat: string,
  selected: string,
  ctx: BotContext,
): { lit: Action[]; rest: Action[] } {
  let lit = new Set<string>();
  try {
    const withSelection = { ...situation, selected: { ...situation.selected, [seat]: selected } };
    lit = new Set(ctx.module.highlights(withSelection, seat, ctx.rules));
  } catch {
    // No highlights: every place is as likely.
  }
  const all = [...placeActions(situation, ctx), ...componentActions(situation)];
  return { lit: all.filter((a) => lit.has(targetOf(a))), rest: all.filter((a) => !lit.has(targetOf(a))) };
}

function draw<T>(pool: T[], rng: RngCell): T {
  const [i, next] = nextInt(rng.state, pool.length);
  rng.state = next;
  return pool.splice(i, 1)[0] as T;
}

export interface SearchBudget {
  /** Evaluations to spend at most. */
  budget?: number;
}

/**
 * One legal turn for `seat` drawn at random (one or two actions), or null when the rules accept none
 * within the budget. Tiers are tried in order, each in a random order; a turn only the server can
 * judge (unsure) is played only when no sure one is found.
 */
export function randomLegalTurn(
  situation: Situation,
  seat: string,
  ctx: BotContext,
  rng: RngCell,
  options: SearchBudget = {},
): Action[] | null {
  if (situation.ended || !mayAct(situation, seat)) return null;
  let budget = options.budget ?? 400;
  if (activeState(situation).delayedEval !== null) return [{ kind: "delayed eval" }];
  let unsure: Action[] | null = null;
  // With the table's judge at hand, a candidate is asked there once (see BotContext.judge); else it
  // is tried on the view, and the server evaluates it again when it is sent.
  const judge = ctx.judge;
  const check = (actions: Action[]): Probe | Verdict =>
    judge === undefined ? probe(situation, seat, ctx, actions) : judge(actions);
  // Tier 1 components are asked whether they are clickable only when drawn: drawing until the first
  // accepted turn usually asks about a few of them, not the whole board (the draw stays uniform over
  // the clickable ones).
  const tryFrom = (pool: Candidate[], unchecked = false): Action[] | null => {
    while (pool.length > 0 && budget > 0) {
      const drawn = draw(pool, rng);
      if (unchecked && typeof drawn === "string" && !clickable(situation, seat, ctx, drawn)) continue;
      const first = asAction(drawn);
      budget--;
      const answer = check([first]);
      if (answer.kind === "turn") return [first];
      if (answer.kind === "unsure") unsure ??= [first];
      if (answer.kind !== "selected") continue;
      const { lit, rest } = secondClicks(situation, seat, answer.selected, ctx);
      for (let n = 0; n < 60 && lit.length + rest.length > 0 && budget > 0; n++) {
        const second = draw(lit.length > 0 ? lit : rest, rng);
        budget--;
        const turn = [first, second];
        const result = check(turn);
        if (result.kind === "turn") return turn;
        if (result.kind === "unsure") unsure ??= turn;
      }
    }
    return null;
  };
  return (
    tryFrom(directPool(situation, seat), true) ??
    tryFrom(placeActions(situation, ctx)) ??
    tryFrom(confirmingActions(situation)) ??
    unsure
  );
}

/** A legal turn and where it leads (null: only the server can tell, see Probe 'unsure'). */
export interface LegalTurn {
  actions: Action[];
  after: Situation | null;
}

/**
 * Every legal turn of `seat` the budget allows, tier by tier: the first tier that yields any is
 * the answer (a game's own buttons and clickables before stray places; resigning last). After a
 * selecting click, the lit places are the second clicks when the rules light any, else every place.
 */
export function legalTurns(
  situation: Situation,
  seat: string,
  ctx: BotContext,
  options: SearchBudget = {},
): LegalTurn[] {
  if (situation.ended || !mayAct(situation, seat)) return [];
  if (activeState(situation).delayedEval !== null)
    return [{ actions: [{ kind: "delayed eval" }], after: null }];
  let budget = options.budget ?? 600;
  const collect = (pool: Action[]): LegalTurn[] => {
    const out: LegalTurn[] = [];
    const take = (actions: Action[], answer: Probe) => {
      if (answer.kind === "turn") out.push({ actions, after: answer.after });
      else if (answer.kind === "unsure") out.push({ actions, after: null });
    };
    for (const first of pool) {
      if (budget-- <= 0) break;
      const answer = probe(situation, seat, ctx, [first]);
      take([first], answer);
      if (answer.kind !== "selected") continue;
      const { lit, rest } = secondClicks(situation, seat, answer.selected, ctx);
      for (const second of lit.length > 0 ? lit : rest) {
        if (budget-- <= 0) break;
        take([first, second], probe(situation, seat, ctx, [first, second]));
      }
    }
    return out;
  };
  for (const tier of [directActions(situation, seat, ctx), placeActions(situation, ctx)]) {
    const found = collect(tier);
    if (found.length > 0) return found;
  }
  return collect(confirmingActions(situation));
}
