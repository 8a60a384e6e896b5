import type { JsonObject } from "./json.js";
import type { ComponentType } from "./situation.js";

/** A component as the project's component tree describes it, before it gets ids and parents. */
export interface ComponentSpec {
  id?: string;
  name: string;
  type: ComponentType;
  options?: JsonObject;
  children?: { [positionName: string]: ComponentSpec[] | { [slot: string]: ComponentSpec } };
}
