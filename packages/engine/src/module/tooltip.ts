import type { Situation } from "../situation.js";
import type { RuleContext, RuleModule } from "./types.js";

/** A component's tooltip; a failing tooltip script shows 'Error:' and its message (game-table.md section 8). */
export function tooltipFor(
  module: RuleModule,
  situation: Situation,
  componentId: string,
  seat: string,
  ctx: RuleContext,
): string | null {
  try {
    return module.tooltip(situation, componentId, seat, ctx);
  } catch (error) {
    return `Error: ${error instanceof Error ? error.message : String(error)}`;
  }
}
