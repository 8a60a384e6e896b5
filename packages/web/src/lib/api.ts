// One fetch helper for every call: the server answers JSON on success and a plain-text message on
// failure, and the UI shows that text as it is (spec section 8), so both are read here.

export interface ApiResult<T = unknown> {
  ok: boolean;
  status: number;
  /** The raw body; on failure this is the message to show. */
  text: string;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: T | undefined;
}

/** Shown when the request never reached the server (offline, server down). */
export const NETWORK_ERROR = "Cannot reach the server. Check your connection and try again.";

export async function api<T = unknown>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = { method: options.method ?? "GET", credentials: "same-origin" };
  if (options.body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    return { ok: false, status: 0, text: NETWORK_ERROR, json: undefined };
  }
  const text = await response.text();
  return { ok: response.ok, status: response.status, text, json: parseJson<T>(text, response) };
}

function parseJson<T>(text: string, response: Response): T | undefined {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The message to show for a failed call: the server's text, or the status when it sent none. */
export function failureText(result: Pick<ApiResult, "status" | "text">): string {
  const text = result.text.trim();
  if (text) return text;
  return result.status ? `Request failed (HTTP ${result.status}).` : NETWORK_ERROR;
}
