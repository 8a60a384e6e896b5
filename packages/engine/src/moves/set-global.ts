import { z } from "zod";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setGlobalSchema = z.object({
  type: z.literal("set global"),
  ...moveBaseShape,
  name: z.string().min(1),
  value: jsonSchema,
});
export type SetGlobalMove = z.infer<typeof setGlobalSchema>;

export function applySetGlobal(situation: Situation, move: SetGlobalMove): MoveResult {
  return applied(
    { ...situation, globals: { ...situation.globals, [move.name]: move.value } },
    logFor(move, "", { logStyle: "minor" }),
  );
}
