import type { RenderedLayer } from "./deck.js";
import { MALFORMED_TEXT } from "./errors.js";
import { isTruthy } from "./rows.js";
import {
  assetOf,
  DEFAULT_CARD_FONT,
  fill,
  pixels,
  type RenderState,
  type RuleContext,
  report,
  reportOutcome,
  requiredArg,
} from "./rule-context.js";
import { fillHtml, textLength } from "./template.js";

/** The layer rules (their meaning is documented in render.ts). */

export function applyLayerRule(ctx: RuleContext, targets: RenderedLayer[]): void {
  const { rule, state } = ctx;
  switch (ctx.kind) {
    case "set_innerHTML": {
      const outcome = fillHtml(rule.arg ?? "", state.row, state.deck.assets);
      reportOutcome(ctx, outcome);
      // Malformed text is still shown, raw, so the designer sees what to fix, with the message on the
      // layer: in the debug list alone it would go unseen in print and at the table. A later rule that
      // sets well-formed text clears it.
      for (const layer of targets) {
        layer.html = outcome.text;
        layer.notice = outcome.malformed ? MALFORMED_TEXT : null;
        layer.font ??= { ...DEFAULT_CARD_FONT };
      }
      return;
    }
    case "layer_visible": {
      const value = requiredArg(ctx);
      if (value === null) return;
      for (const layer of targets) layer.visible = isTruthy(value);
      return;
    }
    case "css":
      applyCss(ctx, targets);
      return;
    case "set_image": {
      const value = requiredArg(ctx);
      if (value === null) return;
      const image = assetOf(ctx, value);
      for (const layer of targets) layer.image = image;
      return;
    }
    case "set_font":
      applyFont(ctx, targets);
      return;
    case "long_text_size": {
      const length = requiredArg(ctx);
      const sizeText = requiredArg(ctx, "arg2");
      if (length === null || sizeText === null) return;
      const threshold = pixels(ctx, length, 0);
      const size = pixels(ctx, sizeText, Number.MIN_VALUE);
      if (threshold === null || size === null) return;
      for (const layer of targets) {
        const i = state.layers.indexOf(layer);
        state.longText.set(i, [...(state.longText.get(i) ?? []), { length: threshold, size }]);
      }
      return;
    }
    default:
      return;
  }
}

function applyCss(ctx: RuleContext, targets: RenderedLayer[]): void {
  const propertyText = requiredArg(ctx);
  if (propertyText === null) return;
  const property = cssProperty(propertyText);
  if (property === null) {
    report(ctx, "card/bad-css-property", { value: propertyText });
    return;
  }
  const value = fill(ctx, ctx.rule.arg2 ?? "");
  if (value === null) return;
  // A ; or brace would let one rule smuggle in other properties when a renderer joins the styles.
  if (/[;{}]/.test(value)) {
    report(ctx, "card/bad-css-value", { value });
    return;
  }
  for (const layer of targets) {
    if (value.trim() === "") delete layer.css[property];
    else layer.css[property] = value.trim();
  }
}

function applyFont(ctx: RuleContext, targets: RenderedLayer[]): void {
  const family = fill(ctx, ctx.rule.arg ?? "");
  const sizeText = fill(ctx, ctx.rule.arg2 ?? "");
  if (family === null || sizeText === null) return;
  if (family.trim() === "" && sizeText.trim() === "") {
    report(ctx, "card/no-arg");
    return;
  }
  const size = sizeText.trim() === "" ? undefined : pixels(ctx, sizeText, Number.MIN_VALUE);
  if (size === null) return;
  for (const layer of targets) {
    const font = layer.font ?? { ...DEFAULT_CARD_FONT };
    layer.font = {
      ...font,
      family: family.trim() === "" ? font.family : family.trim(),
      size: size ?? font.size,
    };
  }
}

export function resolveLongText(state: RenderState): void {
  for (const [i, entries] of state.longText) {
    const layer = state.layers[i];
    if (layer === undefined) continue;
    const length = textLength(layer.html ?? "");
    let best: { length: number; size: number } | undefined;
    for (const entry of entries) {
      if (length > entry.length && (best === undefined || entry.length >= best.length)) best = entry;
    }
    if (best !== undefined) layer.font = { ...(layer.font ?? DEFAULT_CARD_FONT), size: best.size };
  }
}

/** Layers a rule names: exact or inside that group; else by last path segment. */
export function findLayers(layers: RenderedLayer[], name: string): RenderedLayer[] {
  const direct = layers.filter((l) => l.name === name || l.name.startsWith(`${name}/`));
  if (direct.length > 0) return direct;
  return layers.filter((l) => l.name.slice(l.name.lastIndexOf("/") + 1) === name);
}

/** Kebab-case property name ("fontSize" -> "font-size"), or null when it is not one. */
function cssProperty(text: string): string | null {
  const trimmed = text.trim();
  const name = trimmed.startsWith("--") ? trimmed : trimmed.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return /^(--[A-Za-z0-9_-]+|-?[a-z][a-z0-9-]*)$/.test(name) ? name : null;
}
