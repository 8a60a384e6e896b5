import { z } from "zod";
import { emptyGameState } from "../access.js";
import type { GameState } from "../situation.js";
import { jsonSchema } from "./base.js";

export const buttonSchema = z.object({
  name: z.string(),
  text: z.string(),
  style: z.string().optional(),
  disabled: z.boolean().optional(),
  confirm: z.string().max(300).optional(),
  anyTurn: z.boolean().optional(),
});

export const activePlayerSchema = z.union([z.string(), z.array(z.string())]);

/** What a rule module states about a game state; everything else takes the empty state's value. */
export const stateInputSchema = z.object({
  name: z.string(),
  activePlayer: activePlayerSchema,
  message: z.string().optional(),
  buttons: z.array(buttonSchema).optional(),
  editModeButtons: z.array(buttonSchema).optional(),
  forceExpandedContainer: z.string().nullable().optional(),
  /** Positions this state hides: component id -> position name -> false (the default module's isPosVisible). */
  isPosVisible: z.record(z.string(), z.record(z.string(), z.boolean())).nullable().optional(),
  componentOverdrive: z.record(z.string(), z.record(z.string(), jsonSchema)).optional(),
  autoEvalState: z.boolean().optional(),
  delayedEval: z.object({ delay: z.number(), data: jsonSchema.optional() }).nullable().optional(),
  defaultSelected: z.string().nullable().optional(),
  isClickable: z.array(z.string()).nullable().optional(),
  forceSelectedComponent: z.string().nullable().optional(),
  variables: z.record(z.string(), jsonSchema).optional(),
});
export type StateInput = z.infer<typeof stateInputSchema>;

export function toGameState(input: StateInput): GameState {
  const base = emptyGameState(input.name, input.activePlayer);
  const state: GameState = { ...base };
  // Object.keys, not Object.entries: no pair per key (a state is set at nearly every turn).
  const given = input as unknown as Record<string, unknown>;
  const keys = Object.keys(given);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = given[key];
    if (value !== undefined) (state as unknown as Record<string, unknown>)[key] = value;
  }
  return state;
}
