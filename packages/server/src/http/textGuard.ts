// PostgreSQL text and jsonb cannot hold the NUL character. A string carrying one passes every zod
// schema and then fails deep inside a query, which the caller would see as a server error (and, in a
// socket handler, as an unhandled rejection). Inputs are checked for it once, at the edge.

export const NUL_REFUSAL = "Text may not contain the NUL character (\\u0000).";

/** Whether any string (or object key) in a parsed JSON value, query or parameter map holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  // JSON bodies are at most 1 MB; deeper nesting than this is not ours to walk, and zod refuses it anyway.
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes("\u0000") || containsNul(v, depth + 1)) return true;
  }
  return false;
}
