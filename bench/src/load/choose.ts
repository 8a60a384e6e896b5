import {
  type Action,
  activeState,
  mayAct,
  nextInt,
  type RngState,
  type RuleContext,
  type RuleModule,
  recordTurn,
  type Situation,
  walk,
} from "@tt/engine";

// A bot's turn, chosen by the game module itself: the actions a player could take now (the state's
// buttons, the components the module calls clickable, the delayed evaluation the state waits for),
// tried in a random order through the same recordTurn the browser runs before it sends anything.
// The first one the rules accept is played, so every turn sent is legal by the module's own word.

export type Choice =
  | { kind: "turn"; actions: Action[] }
  /** The state waits for its delayed evaluation; send it once `delay` ms have passed. */
  | { kind: "delayed"; delay: number }
  | { kind: "none" };

/** What a seat could do now, before the rules have had their say. */
export function candidateActions(
  situation: Situation,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
): Action[] {
  const state = activeState(situation);
  const out: Action[] = state.buttons
    .filter((b) => b.disabled !== true)
    .map((b): Action => ({ kind: "press state button", button: b.name }));
  // A state may list its clickables itself; otherwise the module answers component by component.
  const ids: string[] = [];
  if (state.isClickable !== null) ids.push(...state.isClickable);
  else walk(situation.root, (c) => ids.push(c.id));
  for (const id of ids) {
    if (module.isClickable(situation, id, seat, false, ctx))
      out.push({ kind: "click component", componentId: id });
  }
  return out;
}

/**
 * One legal turn for `seat`, or why there is none. `rng` is advanced in place so a run with the same
 * seed makes the same choices. Clicks that only select (a two-click turn) are skipped: the games
 * played here act on one click, and a selection alone is not logged.
 */
export function chooseTurn(
  situation: Situation,
  seq: number,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
  rng: { state: RngState },
): Choice {
  if (situation.ended || !mayAct(situation, seat)) return { kind: "none" };
  const delayed = activeState(situation).delayedEval;
  if (delayed !== null) return { kind: "delayed", delay: delayed.delay };
  const pool = candidateActions(situation, seat, module, ctx);
  // Drawing without replacement: usually the first draw is legal, so a turn costs one evaluation.
  while (pool.length > 0) {
    const [i, next] = nextInt(rng.state, pool.length);
    rng.state = next;
    const action = pool.splice(i, 1)[0]!;
    const tried = recordTurn(
      situation,
      seq,
      { seat, actions: [action], timestamp: 0, turnUID: "probe", editMode: false },
      module,
      ctx,
    );
    if (tried.ok && tried.value.event !== null) return { kind: "turn", actions: [action] };
  }
  return { kind: "none" };
}
