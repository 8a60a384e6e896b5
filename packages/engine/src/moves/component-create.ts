import { z } from "zod";
import { containerSummary, refreshContainers, withFields } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Component, ComponentType, Situation } from "../situation.js";
import { addComponent } from "../tree.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape, placementShape } from "./base.js";
import { placeFailure, toPlacement } from "./place.js";

export const COMPONENT_TYPES = [
  "token",
  "board",
  "deck",
  "bank",
  "var-display",
  "card",
  "clickableArea",
] as const;

export const componentCreateSchema = z.object({
  type: z.literal("component create"),
  ...moveBaseShape,
  name: z.string().min(1),
  componentType: z.enum(COMPONENT_TYPES),
  options: z.record(z.string(), jsonSchema).optional(),
  ...placementShape,
});
export type ComponentCreateMove = z.infer<typeof componentCreateSchema>;

/** Ids of created components come from the situation's counter, so every replica picks the same id. */
export function createdId(counter: number): string {
  return `c${counter}`;
}

export function applyComponentCreate(situation: Situation, move: ComponentCreateMove): MoveResult {
  const id = createdId(situation.createCounter);
  const component: Component = {
    id,
    name: move.name,
    type: move.componentType as ComponentType,
    options: { ...move.options },
    children: {},
    parent: null,
    childData: null,
  };
  const root = addComponent(situation.root, component, toPlacement(move));
  if (typeof root === "string") return placeFailure(root);
  if (root === undefined) return refuse("move/unknown-destination");
  // A created deck or bank is a container from the start: it gets its summary entry here.
  const summary = containerSummary(component);
  const containers = summary === null ? situation.containers : { ...situation.containers, [id]: summary };
  let next = withFields(situation, { root, createCounter: situation.createCounter + 1, containers });
  next = refreshContainers(next, [move.destinationId]);
  return applied(next, logFor(move, `created ${move.name}`, { logDisplayComponent: id }));
}
