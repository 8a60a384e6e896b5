import { refreshContainers, withFields } from "../access.js";
import { type Refusal, refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { moveComponent, type PlaceFailure, type Placement } from "../tree.js";

export interface PlacementFields {
  destinationId: string;
  positionName: string;
  positionIndex?: string | number | undefined;
  multiPositionIndex?: number | undefined;
}

export function toPlacement(fields: PlacementFields): Placement {
  const at: Placement = {
    parentId: fields.destinationId,
    positionName: fields.positionName,
    slot: fields.positionIndex === undefined ? null : String(fields.positionIndex),
  };
  if (fields.multiPositionIndex !== undefined) at.index = fields.multiPositionIndex;
  return at;
}

const FAILURE_CODES = {
  "unknown-component": "move/unknown-component",
  "unknown-destination": "move/unknown-destination",
  "into-itself": "move/into-itself",
  "slot-taken": "move/slot-taken",
  "bad-position": "move/bad-position",
} as const;

export function placeFailure(failure: PlaceFailure): Refusal {
  return refuse(FAILURE_CODES[failure]);
}

/**
 * Moves one component and refreshes the deck/bank summaries of the container it left and the one it
 * entered. Every component-moving move goes through here so the summaries never drift.
 */
export function relocate(
  situation: Situation,
  id: string,
  at: Placement,
  change?: (component: Component) => Component,
): Situation | Refusal {
  const result = moveComponent(situation.root, id, at, change);
  if (typeof result === "string") return placeFailure(result);
  const next = withFields(situation, { root: result.root });
  // Only decks and banks have summaries; most moves touch neither and skip the refresh.
  const touched =
    situation.containers[result.from] !== undefined || situation.containers[at.parentId] !== undefined;
  return touched ? refreshContainers(next, [result.from, at.parentId]) : next;
}

export function isRefusal(value: Situation | Refusal): value is Refusal {
  return (value as Refusal).ok === false;
}

/** A short name for log lines; never the identity of a hidden card. */
export function displayName(component: Component): string {
  return component.options.label ?? component.name;
}
