// The raw JSON view (admin-decks-editor.md sections 2, 4): the text is valid when it parses as a
// component tree, a JSON object with a root piece (what the server stores); only valid text is saved.
// The border follows the text every 1500 ms (section 9), not at every key press.
import { JSON_CHECK_MS } from "./limits";
import { done, type Outcome, refused } from "./outcome";
import { isPiece, type Tree } from "./tree";

export function parseTreeText(text: string): Outcome<Tree> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return refused((err as Error).message);
  }
  if (!isPiece(value as never)) return refused("The component tree is a JSON object.");
  if (!isPiece((value as Tree).root)) return refused("The component tree needs a root piece.");
  return done(value as Tree);
}

/** The text the raw view starts from: two-space indented, as designers read and diff it. */
export const treeText = (tree: Tree) => JSON.stringify(tree, null, 2);

/** A blur saves only text that is valid and says something else than the tree already does. */
export function blurSave(text: string, current: Tree): Tree | null {
  const parsed = parseTreeText(text);
  if (!parsed.ok) return null;
  return JSON.stringify(parsed.value) === JSON.stringify(current) ? null : parsed.value;
}

export type TextCheck = { valid: true } | { valid: false; error: string };

export function checkTreeText(text: string): TextCheck {
  const parsed = parseTreeText(text);
  return parsed.ok ? { valid: true } : { valid: false, error: parsed.error };
}

/**
 * Checks the text `read` answers every JSON_CHECK_MS and hands the verdict to `report`, with the text
 * checked. Answers the function that stops the checks.
 */
export function watchTreeText(
  read: () => string,
  report: (check: TextCheck, text: string) => void,
): () => void {
  const timer = setInterval(() => {
    const text = read();
    report(checkTreeText(text), text);
  }, JSON_CHECK_MS);
  return () => clearInterval(timer);
}
