import { z } from "zod";
import { updateActiveState } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { hasComponent } from "../tree.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setComponentOverdriveSchema = z.object({
  type: z.literal("set component overdrive"),
  ...moveBaseShape,
  componentId: z.string(),
  /** Component info fields overridden while the active state lasts; null clears them. */
  overdrive: z.record(z.string(), jsonSchema).nullable(),
});
export type SetComponentOverdriveMove = z.infer<typeof setComponentOverdriveSchema>;

export function applySetComponentOverdrive(
  situation: Situation,
  move: SetComponentOverdriveMove,
): MoveResult {
  if (!hasComponent(situation.root, move.componentId)) return refuse("move/unknown-component");
  const next = updateActiveState(situation, (state) => {
    const { [move.componentId]: _old, ...rest } = state.componentOverdrive;
    return {
      ...state,
      componentOverdrive: move.overdrive === null ? rest : { ...rest, [move.componentId]: move.overdrive },
    };
  });
  return applied(next, logFor(move, "", { logStyle: "minor" }));
}
