import { DEFAULT_DELAYS, EVALUATION_SPEED } from "../constants.js";
import type { Move } from "../moves/index.js";

/** What timing reads of a move: its type and its own delays (a viewer's event outlines moves so). */
type Timed = Pick<Move, "type" | "moveDelay" | "moveTimeout">;

export interface MoveTiming {
  /** Wait before showing the move, in ms. */
  delay: number;
  /** Time the move's animation takes before the next one, in ms. */
  timeout: number;
}

/**
 * How long the client spends on a move (game-table.md section 9 default delays), divided by the
 * player's evaluation speed. A move's own moveDelay / moveTimeout win over the defaults.
 */
export function moveTiming<M extends Timed>(
  move: M,
  evaluationSpeed: number = EVALUATION_SPEED.default,
): MoveTiming {
  const speed = Math.min(EVALUATION_SPEED.max, Math.max(EVALUATION_SPEED.min, evaluationSpeed));
  let delay = 0;
  let timeout = 0;
  switch (move.type) {
    case "inc counter":
    case "set counter":
      delay = DEFAULT_DELAYS.counterChangeDelay;
      timeout = DEFAULT_DELAYS.counterChangeTimeout;
      break;
    case "set global":
      timeout = DEFAULT_DELAYS.setGlobal;
      break;
    case "set gamestate":
    case "add substate":
    case "resolve current state":
    case "set gamestate variable":
      timeout = DEFAULT_DELAYS.gameStateMoves;
      break;
    case "component move":
    case "move all":
    case "discard":
    case "return to top":
    case "put to bottom":
    case "move to bank":
    case "component create":
      timeout = DEFAULT_DELAYS.componentMoveTimeout;
      break;
    default:
      break;
  }
  return { delay: (move.moveDelay ?? delay) / speed, timeout: (move.moveTimeout ?? timeout) / speed };
}
