import {
  type Action,
  activeState,
  mayAct,
  nextInt,
  predictTurn,
  type RngState,
  type RuleContext,
  type RuleModule,
  randomTurn,
  type Situation,
  type ViewerLog,
  walk,
} from "@tt/engine";

// A bot's turn, chosen by the game module itself on the seat's own view (a Situation of the same
// shape, the pieces it may not see as placeholders): the actions a player could take now (the state's
// buttons, the components the module calls clickable, the delayed evaluation the state waits for),
// tried in a random order through the engine's predictTurn, the browser's own evaluation before it
// sends anything. The first one the rules accept on the view is played. A turn that needs what the
// view does not hold (chance, a card face down in the deck: foraging) is sent as the browser sends it,
// and the server, which holds the full situation, decides; its refusals are counted.

export type Choice =
  | { kind: "turn"; actions: Action[] }
  /** The state waits for its delayed evaluation; send it once `delay` ms have passed. */
  | { kind: "delayed"; delay: number }
  | { kind: "none" };

/** What a seat could do now, before the rules have had their say. */
export function candidateActions(
  view: Situation,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
): Action[] {
  const state = activeState(view);
  const out: Action[] = state.buttons
    .filter((b) => b.disabled !== true)
    .map((b): Action => ({ kind: "press state button", button: b.name }));
  // A state may list its clickables itself; otherwise the module answers component by component.
  const ids: string[] = [];
  if (state.isClickable !== null) ids.push(...state.isClickable);
  else walk(view.root, (c) => ids.push(c.id));
  for (const id of ids) {
    try {
      if (module.isClickable(view, id, seat, false, ctx))
        out.push({ kind: "click component", componentId: id });
    } catch {
      // A rule that reads a placeholder's face may throw: the browser leaves that component out too.
    }
  }
  return out;
}

/**
 * One turn for `seat` on its viewer log, or why there is none. `rng` is advanced in place so a run
 * with the same seed makes the same choices. One-click turns are tried first (the games played here
 * act on one click, and each try costs one evaluation); when none is accepted, the engine's random
 * bot also tries places, counters and two-click turns (a selection alone is not logged).
 */
export function chooseTurn(
  log: ViewerLog,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
  rng: { state: RngState },
): Choice {
  const view = log.view;
  if (view.ended || !mayAct(view, seat)) return { kind: "none" };
  const delayed = activeState(view).delayedEval;
  if (delayed !== null) return { kind: "delayed", delay: delayed.delay };
  const pool = candidateActions(view, seat, module, ctx);
  // Drawing without replacement: usually the first draw is accepted, so a turn costs one evaluation.
  while (pool.length > 0) {
    const [i, next] = nextInt(rng.state, pool.length);
    rng.state = next;
    const action = pool.splice(i, 1)[0]!;
    const predicted = predictTurn(
      log,
      { seat, actions: [action], timestamp: 0, turnUID: "probe", editMode: false },
      module,
      ctx,
    );
    if (predicted.kind === "predicted" || predicted.kind === "unpredictable")
      return { kind: "turn", actions: [action] };
  }
  const actions = randomTurn(view, log.headers.length, seat, module, ctx, rng);
  return actions === null ? { kind: "none" } : { kind: "turn", actions };
}
