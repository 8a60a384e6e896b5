// Conditional values (admin-decks-editor.md sections 3, 4, 5, 8), in exactly the format the engine
// resolves (engine component-info.ts): { defaultResult, conditionalResults: [{ condition, result }] }.
// The first result whose condition matches wins, else the default result. Each function returns a new
// value and leaves its input unchanged.
import { isConditional, type Json } from "@tt/engine";
import { MESSAGES } from "./messages";
import { done, type Outcome, refused } from "./outcome";

export type Condition = { [key: string]: Json };
export interface ConditionalResult {
  condition: Condition;
  result: Json;
}
export interface Conditional {
  defaultResult?: Json;
  conditionalResults: ConditionalResult[];
}

/** Which value of a property the editor works on: the default result or the result at an index. */
export type Branch = "default" | number;

export { isConditional };

const asJson = (c: Conditional): Json => c as unknown as Json;
const copy = (v: Json | undefined): Json | undefined => (v === undefined ? undefined : structuredClone(v));

/** The condition value as typed: text with commas becomes the list of its trimmed items. */
export function parseConditionValue(text: string): Json {
  const trimmed = text.trim();
  if (!trimmed.includes(",")) return trimmed;
  return trimmed
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A condition value as the editor shows it: lists joined with ', '. */
export function conditionValueText(value: Json): string {
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** 'size = 7; colour = red, blue', or 'no conditions'. */
export function conditionLabel(condition: Condition): string {
  const parts = Object.entries(condition).map(([k, v]) => `${k} = ${conditionValueText(v)}`);
  return parts.length ? parts.join("; ") : "no conditions";
}

/** A check needs a non-empty key and value, and a key the condition does not have yet (section 5). */
export function checkProblem(condition: Condition, key: string, valueText: string): string | null {
  if (key.trim() === "") return "Enter a key";
  if (valueText.trim() === "") return "Enter a value";
  if (Object.hasOwn(condition, key.trim())) return `The condition already checks ${key.trim()}`;
  return null;
}

/** The result the editor shows at an index, or the spec's error when there is none. */
export function selectedResult(value: Json | undefined, index: number): Outcome<ConditionalResult> {
  if (!isConditional(value) || value.conditionalResults.length === 0) return refused(MESSAGES.noConditions);
  const result = value.conditionalResults[index];
  if (result === undefined) return refused(MESSAGES.resultNotFound);
  return done(result as ConditionalResult);
}

/** A result whose condition is empty matches everything: the editor flags it with 'Error: No conditions'. */
export const hasNoConditions = (r: ConditionalResult) => Object.keys(r.condition).length === 0;

function toConditional(value: Json | undefined): Conditional {
  if (isConditional(value)) return value as Conditional;
  return value === undefined ? { conditionalResults: [] } : { defaultResult: value, conditionalResults: [] };
}

/**
 * Back to a plain value: the default result. Without one (raw JSON may leave it out) the value is
 * `kept` when given (a property that cannot be removed, such as width, keeps its piece default), else
 * undefined: the property goes and its piece default applies.
 */
export function unconditional(value: Json | undefined, kept?: Json): Json | undefined {
  if (!isConditional(value)) return value;
  return copy(value.defaultResult) ?? copy(kept);
}

/**
 * Adds a key/value check to the result at `index`. A plain value first becomes conditional: its value
 * stays the default and the first result starts as a copy of it.
 */
export function addCondition(
  value: Json | undefined,
  index: number,
  key: string,
  valueText: string,
): Outcome<Json> {
  if (!isConditional(value)) {
    const problem = checkProblem({}, key, valueText);
    if (problem) return refused(problem);
    const first = {
      condition: { [key.trim()]: parseConditionValue(valueText) },
      result: copy(value) ?? null,
    };
    return done(asJson({ ...toConditional(value), conditionalResults: [first] }));
  }
  const target = selectedResult(value, index);
  if (!target.ok) return target;
  const problem = checkProblem(target.value.condition, key, valueText);
  if (problem) return refused(problem);
  const condition = { ...target.value.condition, [key.trim()]: parseConditionValue(valueText) };
  return done(replaceResult(value as Conditional, index, { ...target.value, condition }));
}

/**
 * Removes one check. Removing the last check of the only result makes the value unconditional again
 * (section 4); with other results left, the emptied result stays and is flagged until fixed.
 */
export function removeCondition(
  value: Json | undefined,
  index: number,
  key: string,
  kept?: Json,
): Outcome<Json | undefined> {
  const target = selectedResult(value, index);
  if (!target.ok) return target;
  const cv = value as unknown as Conditional;
  const condition = { ...target.value.condition };
  delete condition[key];
  if (Object.keys(condition).length === 0 && cv.conditionalResults.length === 1)
    return done(unconditional(value, kept));
  return done(replaceResult(cv, index, { ...target.value, condition }));
}

/** Adds a result, a copy of the default, with no checks yet (flagged until it has one). */
export function addResult(value: Json | undefined): Json {
  const cv = toConditional(value);
  const result = copy(cv.defaultResult) ?? null;
  return asJson({ ...cv, conditionalResults: [...cv.conditionalResults, { condition: {}, result }] });
}

/** Removes a result; without results the value is plain again (see unconditional for `kept`). */
export function removeResult(value: Json | undefined, index: number, kept?: Json): Outcome<Json | undefined> {
  const target = selectedResult(value, index);
  if (!target.ok) return target;
  const cv = value as unknown as Conditional;
  const rest = cv.conditionalResults.filter((_, i) => i !== index);
  if (rest.length === 0) return done(unconditional(value, kept));
  return done(asJson({ ...cv, conditionalResults: rest }));
}

function replaceResult(cv: Conditional, index: number, next: ConditionalResult): Json {
  return asJson({ ...cv, conditionalResults: cv.conditionalResults.map((r, i) => (i === index ? next : r)) });
}

/** The branches a property value offers: 'default' alone when plain. */
export function branchesOf(value: Json | undefined): Branch[] {
  if (!isConditional(value)) return ["default"];
  return ["default", ...value.conditionalResults.map((_, i) => i)];
}

export function branchLabel(value: Json | undefined, branch: Branch): string {
  if (branch === "default") return isConditional(value) ? "Default result" : "Value";
  const r = isConditional(value) ? value.conditionalResults[branch] : undefined;
  return `Result ${branch + 1}${r ? ` (${conditionLabel(r.condition as Condition)})` : ""}`;
}

/** The value of one branch: the plain value, the default result, or a result. */
export function branchValue(value: Json | undefined, branch: Branch): Json | undefined {
  if (!isConditional(value)) return branch === "default" ? value : undefined;
  if (branch === "default") return value.defaultResult;
  return value.conditionalResults[branch]?.result;
}

/** The property value with one branch replaced; conditions are kept. */
export function withBranchValue(value: Json | undefined, branch: Branch, next: Json): Json {
  if (!isConditional(value)) return next;
  const cv = value as Conditional;
  if (branch === "default") return asJson({ ...cv, defaultResult: next });
  const target = cv.conditionalResults[branch];
  if (target === undefined) return value;
  return replaceResult(cv, branch, { ...target, result: next });
}
