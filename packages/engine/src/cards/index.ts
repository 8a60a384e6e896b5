/** The card rule engine: deck data in, a rendered card model out, for every card renderer. */

export { type Condition, type ConditionParse, conditionHolds, parseCondition } from "./condition.js";
export * from "./deck.js";
export * from "./errors.js";
export * from "./fonts.js";
export * from "./pdf.js";
export * from "./render.js";
export * from "./report.js";
export * from "./rows.js";
export {
  type CardRuleKind,
  DEFAULT_CARD_FONT,
  GLOBAL_RULE_KINDS,
  type GlobalRuleKind,
  LAYER_RULE_KINDS,
  type LayerRuleKind,
  type RenderableDeck,
  ruleKindOf,
} from "./rule-context.js";
export {
  assetUrl,
  fillHtml,
  fillTemplate,
  findAsset,
  ICON_CLASS,
  iconHtml,
  styledTextToHtml,
  type TemplateOutcome,
  type TemplateProblem,
  textLength,
  textToHtml,
} from "./template.js";
export * from "./viewer.js";
