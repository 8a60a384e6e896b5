import { z } from "zod";
import type { LogMessage } from "../log/message.js";
import type { Result } from "../result.js";
import type { Situation } from "../situation.js";

/** Fields every move may carry (game-table.md section 3, 'Move'). */
export const moveBaseShape = {
  editMode: z.boolean().optional(),
  username: z.string().optional(),
  /** Seat colour of the turn that produced the move. */
  sourcePlayer: z.string().optional(),
  timestamp: z.number().optional(),
  currTurn: z.number().optional(),
  logMessage: z.string().optional(),
  moveDelay: z.number().optional(),
  moveTimeout: z.number().optional(),
  skipAnimation: z.boolean().optional(),
  popupMessage: z.string().optional(),
  gameMoveUID: z.string().optional(),
  forceEvaluate: z.boolean().optional(),
  eventRecipients: z.array(z.string()).optional(),
};

const moveBaseSchema = z.object(moveBaseShape);
export type MoveBase = z.infer<typeof moveBaseSchema>;

/** Placement fields shared by moves that put a component somewhere. */
export const placementShape = {
  destinationId: z.string(),
  positionName: z.string(),
  /** Slot key of a keyed position; absent for a multi position. */
  positionIndex: z.union([z.string(), z.number()]).optional(),
  /** Index inside a multi position; absent puts the component on top. */
  multiPositionIndex: z.number().int().optional(),
};

export interface Applied {
  situation: Situation;
  log: LogMessage[];
  /**
   * The move as it must be recorded, when applying it decided something the move did not say: the
   * outcome of chance (a shuffle's order, a roll). Replaying the recorded move then draws nothing,
   * so a log folds to the same situation without the random state, which never leaves the server.
   */
  resolved?: unknown;
}

export type MoveResult = Result<Applied>;

export function applied(situation: Situation, log: LogMessage[], resolved?: unknown): MoveResult {
  return { ok: true, value: resolved === undefined ? { situation, log } : { situation, log, resolved } };
}

export const jsonSchema = z.json();
