import { conditionHolds, parseCondition } from "./condition.js";
import type {
  CardRow,
  CardRule,
  DeckLayer,
  DeckLayerText,
  RenderedCard,
  RenderedFont,
  RenderedLayer,
} from "./deck.js";
import { type CardProblem, cardProblem, MAX_CARD_RULES } from "./errors.js";
import { applyLayerRule, findLayers, resolveLongText } from "./layer-rules.js";
import { isTruthy } from "./rows.js";
import {
  assetOf,
  DEFAULT_CARD_FONT,
  fill,
  GLOBAL_RULE_KINDS,
  pixels,
  type RenderableDeck,
  type RenderState,
  type RuleContext,
  report,
  requiredArg,
  ruleKindOf,
} from "./rule-context.js";
import { styledTextToHtml } from "./template.js";

/**
 * The card rule engine: template (.psd layers) + rules (sheet) + one card row -> the rendered card
 * model that the card viewer, the print view/PDF and the game table all draw, so the three can
 * never disagree about what a card shows.
 *
 * Start: every .psd layer as uploaded (visible unless hidden; image layers show their PNG; text
 * layers show their .psd text as literal, escaped text in their .psd font).
 * Then the rules of the side (rules, or rulesRev with { rev: true }) apply in sheet order; a
 * later rule on the same layer wins. A rule is skipped when its condition fails (condition.ts).
 * Every argument is a template (template.ts): {column} everywhere, [icon] only in set_innerHTML.
 *
 * Layer rules (layer = a layer name; a group name targets every layer inside the group; a name
 * matching nothing falls back to layers whose last path segment is that name):
 *   set_innerHTML  arg: html template            -> the layer's html (malformed: left raw)
 *   layer_visible  arg: template                 -> visible when truthy ("x", "1", "true", text)
 *   css            arg: property, arg2: value    -> css[property] = value; an empty value removes it
 *   set_image      arg: asset name template      -> the layer's image; empty -> no image
 *   set_font       arg: family, arg2: size px    -> either may be blank to keep the current one
 *   long_text_size arg: length, arg2: size px    -> font size when the text is longer than length.
 *                  Resolved after all other rules on the final text, and the largest exceeded
 *                  length wins, so the rows may come in any order.
 * Global rules (layer empty or "*"; a layer named on them is ignored):
 *   bleed          arg: px                      -> print margin on each side
 *   flatImage      arg: asset name template     -> the whole card is that image
 *   disableOverlay arg: optional template       -> no layers over the flat image (arg "0"/"false"
 *                                                  turns the overlay back on)
 * Rule names match without regard to case. Problems (unknown rule or layer, bad number...) are
 * reported in errors and the rule is skipped; nothing throws.
 */

export interface RenderOptions {
  /** Render the reverse side, with rulesRev. */
  rev?: boolean;
}

export interface CardRender {
  card: RenderedCard;
  /** The problems behind card.errors, with codes, layer and rule index (for the debug view). */
  problems: CardProblem[];
}

export function renderCard(deck: RenderableDeck, row: CardRow, options: RenderOptions = {}): RenderedCard {
  return renderCardDetailed(deck, row, options).card;
}

export function renderCardDetailed(
  deck: RenderableDeck,
  row: CardRow,
  options: RenderOptions = {},
): CardRender {
  const problems: CardProblem[] = [];
  if (deck.cardInfo === null) problems.push(cardProblem("card/no-card-info"));
  const state: RenderState = {
    deck,
    row,
    problems,
    layers: deck.layers.map(initialLayer),
    bleed: 0,
    flatImage: null,
    overlay: true,
    longText: new Map(),
  };
  const rules = options.rev === true ? deck.rulesRev : deck.rules;
  if (rules.length > MAX_CARD_RULES) problems.push(cardProblem("card/too-many-rules"));
  rules.slice(0, MAX_CARD_RULES).forEach((rule, index) => {
    applyRule(state, rule, index);
  });
  resolveLongText(state);
  if (state.flatImage !== null && !state.overlay) {
    for (const layer of state.layers) layer.visible = false;
  }
  const card: RenderedCard = {
    width: deck.cardInfo?.w ?? 0,
    height: deck.cardInfo?.h ?? 0,
    bleed: state.bleed,
    flatImage: state.flatImage,
    overlay: state.overlay,
    layers: state.layers,
    errors: [...new Set(problems.map((p) => p.message))],
  };
  return { card, problems };
}

function initialLayer(layer: DeckLayer): RenderedLayer {
  const text = layer.text;
  const isText = layer.kind === "text";
  return {
    name: layer.name,
    kind: layer.kind,
    left: layer.left,
    top: layer.top,
    width: layer.width,
    height: layer.height,
    visible: !layer.hidden,
    image: isText ? null : (layer.asset ?? null),
    html: isText ? (text === undefined ? "" : styledTextToHtml(text)) : null,
    css: {},
    notice: null,
    font: !isText ? null : text === undefined ? { ...DEFAULT_CARD_FONT } : textFont(text),
  };
}

/** A .psd text's style as the layer's font: only what the file says, so older decks draw as before. */
function textFont(text: DeckLayerText): RenderedFont {
  const font: RenderedFont = { family: text.font, size: text.size, color: text.color, align: text.align };
  if (text.bold === true) font.weight = 700;
  if (text.italic === true) font.italic = true;
  if (text.underline === true) font.underline = true;
  if (text.leading !== undefined) font.leading = text.leading;
  if (text.kind === "point") font.wrap = false;
  return font;
}

function applyRule(state: RenderState, rule: CardRule, index: number): void {
  const kind = ruleKindOf(rule.rule);
  if (kind === null) {
    const where = rule.layer.trim() === "" ? { rule: index } : { layer: rule.layer.trim(), rule: index };
    state.problems.push(cardProblem("card/unknown-rule", { rule: rule.rule.trim() }, where));
    return;
  }
  const ctx: RuleContext = { state, rule, kind, index };
  const condition = parseCondition(rule.condition);
  if (!condition.ok) {
    report(ctx, "card/bad-condition", { value: rule.condition ?? "" });
    return;
  }
  if (!conditionHolds(condition.value, state.row)) return;
  if ((GLOBAL_RULE_KINDS as readonly string[]).includes(kind)) {
    applyGlobalRule(ctx);
    return;
  }
  const layerName = rule.layer.trim();
  if (layerName === "" || layerName === "*") {
    report(ctx, "card/no-layer");
    return;
  }
  ctx.layer = layerName;
  const targets = findLayers(state.layers, layerName);
  if (targets.length === 0) {
    report(ctx, "card/unknown-layer");
    return;
  }
  applyLayerRule(ctx, targets);
}

function applyGlobalRule(ctx: RuleContext): void {
  const { state } = ctx;
  if (ctx.kind === "disableOverlay") {
    const arg = ctx.rule.arg ?? "";
    if (arg.trim() === "") {
      state.overlay = false;
      return;
    }
    const value = fill(ctx, arg);
    if (value !== null) state.overlay = !isTruthy(value);
    return;
  }
  const value = requiredArg(ctx);
  if (value === null) return;
  if (ctx.kind === "bleed") {
    const px = pixels(ctx, value, 0);
    if (px !== null) state.bleed = px;
  } else {
    state.flatImage = assetOf(ctx, value);
  }
}
