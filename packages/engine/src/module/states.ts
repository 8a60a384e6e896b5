import type { Move } from "../moves/index.js";
import type { StateInput } from "../moves/state-schema.js";
import type { ActivePlayer } from "../situation.js";
import type { RuleModule } from "./types.js";

/**
 * Moves that enter a game state the module defines in `gameStates`, carrying its message and state
 * buttons, so the definition lives in one place and the situation still holds everything (the
 * client renders buttons from the situation, never from module code).
 */
export function stateInput(
  module: Pick<RuleModule, "gameStates">,
  name: string,
  activePlayer: ActivePlayer,
  extra: Partial<StateInput> = {},
): StateInput {
  const definition = module.gameStates[name] ?? {};
  return {
    name,
    activePlayer,
    ...(definition.message === undefined ? {} : { message: definition.message }),
    ...(definition.buttons === undefined ? {} : { buttons: definition.buttons }),
    ...(definition.editModeButtons === undefined ? {} : { editModeButtons: definition.editModeButtons }),
    ...extra,
  };
}

export function enterState(
  module: Pick<RuleModule, "gameStates">,
  name: string,
  activePlayer: ActivePlayer,
  extra?: Partial<StateInput>,
): Move {
  return { type: "set gamestate", state: stateInput(module, name, activePlayer, extra) };
}

export function enterSubstate(
  module: Pick<RuleModule, "gameStates">,
  name: string,
  activePlayer: ActivePlayer,
  extra?: Partial<StateInput>,
): Move {
  return { type: "add substate", state: stateInput(module, name, activePlayer, extra) };
}
