import { probe } from "../bot/turns.js";
import { componentInfo, positionSets } from "../component-info.js";
import { positionCoords } from "../layout.js";
import type { Situation } from "../situation.js";
import { walk } from "../tree.js";
import type { Action } from "../turn/actions.js";
import { defaultModule } from "./default.js";
import type { RuleContext, RuleModule } from "./types.js";

/**
 * Where the seat's selected component may go, as the board shows it once a component is picked up:
 * slot names ('e4') and component ids, as highlights name them.
 *
 * A game that names them itself (its own `highlights`, chess's legal squares) is asked. For every
 * other game the places are found through the rules alone: each place on the board (each slot, or the
 * position itself where it piles) and each deck and bank is tried as the click that follows, with the
 * same evaluation the browser runs before it sends a turn, and kept when the rules accept it. So what
 * lights up is exactly what a click would be allowed to do, never a guess of the renderer's.
 *
 * Nothing in edit mode (anything goes there) and nothing past `maxTries` places: a board that large
 * would cost more than a click is worth, and the click itself still answers.
 */
export function selectionTargets(
  module: RuleModule,
  situation: Situation,
  seat: string,
  selected: string | null,
  ctx: RuleContext,
  options: { editMode?: boolean; maxTries?: number } = {},
): string[] {
  if (selected === null || options.editMode === true || situation.ended) return [];
  const withSelection: Situation =
    (situation.selected[seat] ?? null) === selected
      ? situation
      : { ...situation, selected: { ...situation.selected, [seat]: selected } };
  if (module.highlights !== defaultModule.highlights) return module.highlights(withSelection, seat, ctx);
  const candidates = placesFor(withSelection, selected, ctx);
  if (candidates.length > (options.maxTries ?? 400)) return [];
  const bot = { module, rules: ctx, seq: 0 };
  const targets: string[] = [];
  for (const { action, target } of candidates) {
    if (probe(withSelection, seat, bot, [action]).kind === "turn" && !targets.includes(target))
      targets.push(target);
  }
  return targets;
}

interface Candidate {
  action: Action;
  /** What the board lights up for it: the slot, or the component that takes it. */
  target: string;
}

function placesFor(situation: Situation, selected: string, ctx: RuleContext): Candidate[] {
  const out: Candidate[] = [];
  walk(situation.root, (component) => {
    // A hidden container's insides are not a place anyone can aim at; nor is the piece in hand.
    if (component.placeholder === "hidden" || component.id === selected) return;
    if (component.type === "deck" || component.type === "bank") {
      out.push({ action: { kind: "click component", componentId: component.id }, target: component.id });
      return;
    }
    const info = componentInfo(ctx.pieces, component, situation);
    for (const [positionName, set] of Object.entries(positionSets(info))) {
      if (set.multi === true || set.multiPile === true) {
        out.push({
          action: { kind: "click position", destinationId: component.id, positionName },
          target: component.id,
        });
        continue;
      }
      for (const [slot] of positionCoords(set))
        out.push({
          action: { kind: "click position", destinationId: component.id, positionName, positionIndex: slot },
          target: slot,
        });
    }
  });
  return out;
}
