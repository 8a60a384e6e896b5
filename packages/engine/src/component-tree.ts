import { z } from "zod";
import type { PieceDefinition } from "./component-info.js";
import type { Json } from "./json.js";

/**
 * The component tree (admin-decks-editor.md section 3): version, baseScale, dims, the root piece and
 * named pieces (including __card-{deck} and deck-{name} entries). What the component editor edits, what
 * a project stores and what a table starts with.
 */
export interface ComponentTree {
  version: number;
  baseScale: number;
  dims: [number, number];
  root: PieceDefinition;
  [pieceName: string]: PieceDefinition | number | [number, number];
}

/**
 * A component tree as a designer sends it: an object with a root piece. Deeper checks belong to the
 * editor and to component info, which already cope with pieces and properties they do not know, so a
 * tree is taken as the designer wrote it.
 */
export const componentTreeSchema = z
  .record(z.string(), z.unknown())
  // typeof [] is 'object' too: an array is no root piece.
  .refine(
    (t) => typeof t.root === "object" && t.root !== null && !Array.isArray(t.root),
    "The component tree needs a root piece.",
  )
  .transform((t) => t as ComponentTree);

/**
 * A component tree while a designer edits it (the component editor's model): any entry may hold any
 * JSON until it is checked, because the editor must open, show and repair a tree that is wrong.
 */
export type ComponentTreeDraft = { [entry: string]: Json };

/** A piece while a designer edits it: property name -> plain or conditional value. */
export type PieceDraft = { [property: string]: Json };
