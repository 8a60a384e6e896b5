import type { Situation } from "../situation.js";
import { walk } from "../tree.js";
import type { RuleContext, RuleModule } from "./types.js";

/**
 * The components a seat may click now, as the rules say: what the table offers to the keyboard (Tab
 * reaches them, Enter clicks). The root is the table itself, never a target. A rule script that throws
 * for a component leaves that component out: the mouse click would meet the same error as a refusal.
 */
export function clickableComponents(
  module: RuleModule,
  situation: Situation,
  seat: string,
  editMode: boolean,
  ctx: RuleContext,
): string[] {
  const ids: string[] = [];
  walk(situation.root, (component) => {
    if (component.id === situation.root.id) return;
    try {
      if (module.isClickable(situation, component.id, seat, editMode, ctx)) ids.push(component.id);
    } catch {
      // Left out, as said above.
    }
  });
  return ids;
}
