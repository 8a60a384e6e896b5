import { z } from "zod";
import { SITUATION_VERSION } from "./constants.js";
import { activePlayerSchema, buttonSchema } from "./moves/state-schema.js";
import type { Component, GameState, Situation } from "./situation.js";

/** zod schemas of the situation: persisted JSON is parsed (and migrated) through these. */

const json = z.json();
const jsonObject = z.record(z.string(), json);

export const counterSchema = z.object({
  name: z.string(),
  value: z.number(),
  options: z.object({
    parentCounter: z.string().optional(),
    buttonsEnabled: z.boolean().optional(),
    invisibleIfZero: z.boolean().optional(),
    maxValue: z.number().optional(),
    displayAsComponents: z.boolean().optional(),
    customIcon: z.string().optional(),
    clickable: z.boolean().optional(),
    marginRight: z.number().optional(),
  }),
});

export const playerSchema = z.object({
  color: z.string(),
  area: z.string(),
  counters: z.array(counterSchema),
  stats: jsonObject,
  customAttrs: jsonObject,
  isAutoma: z.boolean(),
});

export const componentOptionsSchema = z.looseObject({
  deckName: z.string().optional(),
  cardId: z.string().optional(),
  cardFlipped: z.boolean().optional(),
  cardUnflippedFor: z.array(z.string()).optional(),
  facedown: z.boolean().optional(),
  revImageName: z.string().optional(),
  contentNames: z.array(z.string()).optional(),
  label: z.string().optional(),
  position: z.string().optional(),
});

const animationDataSchema = z.object({
  timestamp: z.number(),
  offsetX: z.number(),
  offsetY: z.number(),
  dx: z.number(),
  dy: z.number(),
  duration: z.number(),
  flipped: z.boolean(),
});

export const componentSchema: z.ZodType<Component> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(["token", "board", "deck", "bank", "var-display", "card", "clickableArea"]),
    options: componentOptionsSchema,
    children: z.record(
      z.string(),
      z.union([z.array(componentSchema), z.record(z.string(), componentSchema)]),
    ),
    parent: z.string().nullable(),
    childData: z.object({ positionName: z.string(), childPos: z.string().nullable() }).nullable(),
    variables: jsonObject.optional(),
    origin: z.string().optional(),
    animationData: animationDataSchema.optional(),
    animationHide: z.boolean().optional(),
    placeholder: z.enum(["back", "hidden"]).optional(),
  }),
) as z.ZodType<Component>;

export const containerSchema = z.object({
  kind: z.enum(["deck", "bank"]),
  deckName: z.string().nullable(),
  contentNames: z.array(z.string()),
  componentAmt: z.number().int(),
  discardSize: z.number().int(),
  deckTopCard: z.string().nullable(),
});

export const gameStateSchema: z.ZodType<GameState> = z.lazy(() =>
  z.object({
    name: z.string(),
    activePlayer: activePlayerSchema,
    message: z.string(),
    buttons: z.array(buttonSchema),
    editModeButtons: z.array(buttonSchema),
    forceExpandedContainer: z.string().nullable(),
    isPosVisible: z.record(z.string(), z.record(z.string(), z.boolean())).nullable(),
    subState: gameStateSchema.nullable(),
    componentOverdrive: z.record(z.string(), jsonObject),
    autoEvalState: z.boolean(),
    delayedEval: z.object({ delay: z.number(), data: json.optional() }).nullable(),
    defaultSelected: z.string().nullable(),
    isClickable: z.array(z.string()).nullable(),
    forceSelectedComponent: z.string().nullable(),
    variables: jsonObject,
  }),
) as z.ZodType<GameState>;

export const situationSchema = z.object({
  version: z.literal(SITUATION_VERSION),
  globals: jsonObject,
  createCounter: z.number().int().nonnegative(),
  players: z.array(playerSchema),
  deckData: z.record(
    z.string(),
    z.object({
      cards: z.array(z.looseObject({ cardId: z.string() })),
      cardInfo: z.object({ w: z.number(), h: z.number() }).optional(),
    }),
  ),
  root: componentSchema,
  containers: z.record(z.string(), containerSchema),
  stats: jsonObject,
  objectStats: z.record(z.string(), jsonObject),
  gameState: z.object({ current: gameStateSchema }),
  ended: z.boolean(),
  dataSheet: json,
  evaledMoves: z.number().int().nonnegative(),
  selected: z.record(z.string(), z.string().nullable()),
  rng: z.object({ state: z.number().int() }),
});

/**
 * Ordered migrations: MIGRATIONS[v] turns version v JSON into version v + 1. Empty while version 1
 * is the only one; a change of the situation shape adds an entry here and bumps SITUATION_VERSION.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

export type ParseResult = { ok: true; value: Situation } | { ok: false; error: string };

/** Parses persisted situation JSON, migrating older versions first. */
export function parseSituation(input: unknown): ParseResult {
  if (typeof input !== "object" || input === null)
    return { ok: false, error: "Situation must be an object." };
  let data = input as Record<string, unknown>;
  let version = typeof data.version === "number" ? data.version : 1;
  while (version < SITUATION_VERSION) {
    const migrate = MIGRATIONS[version];
    if (migrate === undefined) return { ok: false, error: `No migration from situation version ${version}.` };
    data = { ...migrate(data), version: version + 1 };
    version++;
  }
  const parsed = situationSchema.safeParse({ ...data, version });
  return parsed.success
    ? { ok: true, value: parsed.data as Situation }
    : { ok: false, error: parsed.error.message };
}

export function serializeSituation(situation: Situation): string {
  return JSON.stringify(situation);
}
