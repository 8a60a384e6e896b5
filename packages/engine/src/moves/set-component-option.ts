import { z } from "zod";
import { refreshContainers } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { updateComponent } from "../tree.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setComponentOptionSchema = z.object({
  type: z.literal("set component option"),
  ...moveBaseShape,
  componentId: z.string(),
  option: z.string().min(1),
  /** null removes the option. */
  value: jsonSchema,
});
export type SetComponentOptionMove = z.infer<typeof setComponentOptionSchema>;

export function applySetComponentOption(situation: Situation, move: SetComponentOptionMove): MoveResult {
  const root = updateComponent(situation.root, move.componentId, (c) => {
    const options = { ...c.options };
    if (move.value === null) delete options[move.option];
    else options[move.option] = move.value;
    return { ...c, options };
  });
  if (root === undefined) return refuse("move/unknown-component");
  // Options such as deckName or revealTop feed the container summary.
  const next = refreshContainers({ ...situation, root }, [move.componentId]);
  return applied(
    next,
    logFor(move, `set ${move.option}`, { logDisplayComponent: move.componentId, logStyle: "minor" }),
  );
}
