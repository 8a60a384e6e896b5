import type { CardRow, CardRule, Deck, RenderedFont, RenderedLayer } from "./deck.js";
import { type CardErrorCode, type CardProblem, cardProblem, type ProblemDetail } from "./errors.js";
import { fillTemplate, findAsset, type TemplateOutcome } from "./template.js";

/**
 * Rule kinds and what every rule shares: its context, reading its arguments as templates, and
 * reporting problems against its layer and index. The rules themselves are in render.ts (global)
 * and layer-rules.ts.
 */

export const LAYER_RULE_KINDS = [
  "set_innerHTML",
  "layer_visible",
  "css",
  "set_image",
  "set_font",
  "long_text_size",
] as const;
export const GLOBAL_RULE_KINDS = ["bleed", "flatImage", "disableOverlay"] as const;
export type LayerRuleKind = (typeof LAYER_RULE_KINDS)[number];
export type GlobalRuleKind = (typeof GLOBAL_RULE_KINDS)[number];
export type CardRuleKind = LayerRuleKind | GlobalRuleKind;

/** Font of a layer that had none (an image layer given html or a font by a rule). */
export const DEFAULT_CARD_FONT: Readonly<RenderedFont> = {
  family: "sans-serif",
  size: 16,
  color: "#000000",
  align: "left",
};

export type RenderableDeck = Pick<Deck, "cardInfo" | "layers" | "rules" | "rulesRev" | "assets">;

const KINDS_BY_LOWER = new Map<string, CardRuleKind>(
  [...LAYER_RULE_KINDS, ...GLOBAL_RULE_KINDS].map((k) => [k.toLowerCase(), k]),
);

/** The canonical rule kind of a sheet's rule cell, or null when unknown. */
export function ruleKindOf(rule: string): CardRuleKind | null {
  return KINDS_BY_LOWER.get(rule.trim().toLowerCase()) ?? null;
}

/** What rendering one side of a card has built so far; rules change it in place. */
export interface RenderState {
  deck: RenderableDeck;
  row: CardRow;
  problems: CardProblem[];
  layers: RenderedLayer[];
  bleed: number;
  flatImage: string | null;
  overlay: boolean;
  /** long_text_size rules by layer index, resolved once the text is final. */
  longText: Map<number, { length: number; size: number }[]>;
}

/** Everything a rule needs to read its arguments and report problems. */
export interface RuleContext {
  state: RenderState;
  rule: CardRule;
  kind: CardRuleKind;
  index: number;
  layer?: string;
}

/** A rule's arg (or arg2), filled; null (reported) when absent, blank or malformed. */
export function requiredArg(ctx: RuleContext, which: "arg" | "arg2" = "arg"): string | null {
  const raw = ctx.rule[which];
  if (raw === undefined || raw.trim() === "") {
    report(ctx, "card/no-arg");
    return null;
  }
  return fill(ctx, raw);
}

/** Fills a non-html argument; null (reported) when malformed, so the rule is skipped. */
export function fill(ctx: RuleContext, template: string): string | null {
  const outcome = fillTemplate(template, ctx.state.row);
  reportOutcome(ctx, outcome);
  return outcome.malformed ? null : outcome.text;
}

/** A number of px ("12" or "12px") at least `min`; null (reported) otherwise. */
export function pixels(ctx: RuleContext, text: string, min: number): number | null {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:px)?\s*$/i.exec(text);
  const n = match === null ? Number.NaN : Number(match[1]);
  if (!Number.isFinite(n) || n < min) {
    report(ctx, "card/bad-number", { value: text });
    return null;
  }
  return n;
}

/** The deck asset a filled argument names; empty means none, unknown is reported as none. */
export function assetOf(ctx: RuleContext, name: string): string | null {
  const wanted = name.trim();
  if (wanted === "") return null;
  const key = findAsset(ctx.state.deck.assets, wanted);
  if (key === null) report(ctx, "card/unknown-asset", { value: wanted });
  return key;
}

export function reportOutcome(ctx: RuleContext, outcome: TemplateOutcome): void {
  for (const p of outcome.problems) report(ctx, p.code, p.value === undefined ? {} : { value: p.value });
}

export function report(ctx: RuleContext, code: CardErrorCode, detail: ProblemDetail = {}): void {
  const where = ctx.layer === undefined ? { rule: ctx.index } : { layer: ctx.layer, rule: ctx.index };
  ctx.state.problems.push(cardProblem(code, { rule: ctx.kind, layer: ctx.layer, ...detail }, where));
}
