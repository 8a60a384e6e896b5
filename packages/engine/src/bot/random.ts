import { activeState, findPlayer } from "../access.js";
import { componentInfo, positionSets } from "../component-info.js";
import { positionCoords } from "../layout.js";
import { counterButton } from "../module/default.js";
import type { RuleContext, RuleModule } from "../module/types.js";
import { nextInt } from "../rng.js";
import type { RngState, Situation } from "../situation.js";
import { recordTurn } from "../table/record.js";
import { walk } from "../tree.js";
import type { Action } from "../turn/actions.js";
import { mayAct } from "../turn/permissions.js";

/**
 * A seat's possible turns, found through the rules alone (no game knowledge): the state's buttons,
 * what the rules let it click, its own counter buttons, every place on the board, the delayed
 * evaluation its state waits for; and after a click that only selects, every place and component
 * as the second click. Tried in a random order through recordTurn, the same evaluation the browser
 * runs before it sends a turn, so what it returns is legal by the rules' own word. It reads only the
 * situation it is given: given a seat's view, it plays on what that seat may see.
 */

export interface RandomTurnOptions {
  /** Evaluations to spend at most before giving up on finding a turn. */
  budget?: number;
}

function places(situation: Situation, ctx: RuleContext): Action[] {
  const out: Action[] = [];
  walk(situation.root, (component) => {
    if (component.placeholder === "hidden") return;
    const info = componentInfo(ctx.pieces, component, situation);
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

function components(situation: Situation): Action[] {
  const out: Action[] = [];
  walk(situation.root, (c) => {
    if (c.id !== situation.root.id && c.placeholder !== "hidden")
      out.push({ kind: "click component", componentId: c.id });
  });
  return out;
}

/** What a seat might do as the first action of a turn. */
export function firstActions(
  situation: Situation,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
): Action[] {
  const state = activeState(situation);
  const out: Action[] = state.buttons
    .filter((b) => b.disabled !== true)
    .map((b): Action => ({ kind: "press state button", button: b.name }));
  walk(situation.root, (c) => {
    if (c.id === situation.root.id) return;
    try {
      if (module.isClickable(situation, c.id, seat, false, ctx))
        out.push({ kind: "click component", componentId: c.id });
    } catch {
      // A throwing rule leaves the component out, as on the table.
    }
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
  out.push(...places(situation, ctx));
  return out;
}

/** The component or slot an action aims at, as highlights name them. */
function targetOf(action: Action): string {
  if (action.kind === "click component") return action.componentId;
  if (action.kind === "click position") return String(action.positionIndex ?? action.destinationId);
  return "";
}

function highlighted(
  situation: Situation,
  seat: string,
  selected: string | null,
  module: RuleModule,
  ctx: RuleContext,
): Set<string> {
  try {
    const withSelection = { ...situation, selected: { ...situation.selected, [seat]: selected } };
    return new Set(module.highlights(withSelection, seat, ctx));
  } catch {
    return new Set();
  }
}

function draw<T>(pool: T[], rng: { state: RngState }): T {
  const [i, next] = nextInt(rng.state, pool.length);
  rng.state = next;
  return pool.splice(i, 1)[0] as T;
}

/**
 * A random legal turn for `seat` (one or two actions), or null when the rules accept none within
 * the budget. `rng` is advanced in place, so a run with the same seed plays the same game.
 */
export function randomTurn(
  situation: Situation,
  seq: number,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
  rng: { state: RngState },
  options: RandomTurnOptions = {},
): Action[] | null {
  if (situation.ended || !mayAct(situation, seat)) return null;
  let budget = options.budget ?? 400;
  let selected: string | null = null;
  const accepts = (actions: Action[]) => {
    budget--;
    const tried = recordTurn(situation, seq, { seat, actions, timestamp: 0, turnUID: "probe" }, module, ctx);
    if (!tried.ok) return "refused" as const;
    if (tried.value.event !== null) return "turn" as const;
    selected = tried.value.outcome.selected;
    return selected !== null ? ("selected" as const) : ("refused" as const);
  };
  if (activeState(situation).delayedEval !== null && accepts([{ kind: "delayed eval" }]) === "turn")
    return [{ kind: "delayed eval" }];
  // Buttons that ask 'are you sure?' (resign) are pressed only when nothing else is legal.
  const confirming = new Set(
    activeState(situation)
      .buttons.filter((b) => b.confirm)
      .map((b) => b.name),
  );
  const all = firstActions(situation, seat, module, ctx);
  const isLast = (a: Action) => a.kind === "press state button" && confirming.has(a.button);
  const pool = all.filter((a) => !isLast(a));
  const last = all.filter(isLast);
  let seconds: Action[] | null = null;
  while ((pool.length > 0 || last.length > 0) && budget > 0) {
    const first = draw(pool.length > 0 ? pool : last, rng);
    const answer = accepts([first]);
    if (answer === "turn") return [first];
    if (answer !== "selected") continue;
    seconds ??= [...places(situation, ctx), ...components(situation)];
    // What the rules light up for the selection (a chess piece's squares) is tried first.
    const lit = highlighted(situation, seat, selected, module, ctx);
    const tries = seconds.filter((a) => lit.has(targetOf(a)));
    const rest = seconds.filter((a) => !lit.has(targetOf(a)));
    for (let n = 0; n < 60 && tries.length + rest.length > 0 && budget > 0; n++) {
      const second = draw(tries.length > 0 ? tries : rest, rng);
      if (accepts([first, second]) === "turn") return [first, second];
    }
  }
  return null;
}
