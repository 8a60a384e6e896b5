/**
 * Problems found while rendering a card. A bad rule or a bad cell must never stop a deck from
 * showing, so problems are values with a stable code: renderCard lists their messages in
 * RenderedCard.errors and draws the rest of the card.
 */

/** The spec's message for card text with unbalanced braces or brackets (section 5). */
export const MALFORMED_TEXT = "Malformed icon variable text.";

/** Most rules applied to one side of a card; a bigger sheet is almost surely a mistake. */
export const MAX_CARD_RULES = 2000;
/** Longest text a template may produce, so one odd cell cannot flood the renderers. */
export const MAX_TEMPLATE_OUTPUT = 20_000;

export const CARD_ERROR_MESSAGES = {
  "card/malformed-text": MALFORMED_TEXT,
  "card/no-card-info": "Card info missing (missing .psd?)",
  "card/unknown-rule": 'Unknown rule "{rule}".',
  "card/unknown-layer": 'Cannot find layer "{layer}" for rule {rule}.',
  "card/no-layer": "Rule {rule} needs a layer.",
  "card/no-arg": "Rule {rule} needs an argument.",
  "card/bad-number": 'Rule {rule} needs a number, not "{value}".',
  "card/bad-css-property": 'Invalid css property "{value}".',
  "card/bad-css-value": 'Invalid css value "{value}".',
  "card/unknown-asset": 'Cannot find asset "{value}".',
  "card/unknown-icon": 'Cannot find icon "{value}".',
  "card/bad-condition": 'Invalid condition "{value}".',
  "card/too-long": `Text longer than ${MAX_TEMPLATE_OUTPUT} characters was cut.`,
  "card/too-many-rules": `Too many rules: only the first ${MAX_CARD_RULES} are applied.`,
} as const;

export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

export interface CardProblem {
  code: CardErrorCode;
  message: string;
  /** Layer the problem concerns, when there is one. */
  layer?: string;
  /** 0-based index of the rule in rules or rulesRev, when a rule caused it. */
  rule?: number;
}

export interface ProblemDetail {
  rule?: string;
  layer?: string;
  value?: string;
}

/** Builds a problem, filling the message's {rule}, {layer} and {value} placeholders. */
export function cardProblem(
  code: CardErrorCode,
  detail: ProblemDetail = {},
  where: { layer?: string; rule?: number } = {},
): CardProblem {
  const message = (CARD_ERROR_MESSAGES[code] as string).replace(
    /\{(rule|layer|value)\}/g,
    (_, key: keyof ProblemDetail) => detail[key] ?? "",
  );
  const problem: CardProblem = { code, message };
  if (where.layer !== undefined) problem.layer = where.layer;
  if (where.rule !== undefined) problem.rule = where.rule;
  return problem;
}
