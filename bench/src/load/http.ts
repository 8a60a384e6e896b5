// The HTTP half of a bot: a cookie jar of one (the session cookie), as a browser keeps it, and the
// lobby and table calls the web app makes (packages/web/src/features/{lobby,table}/api.ts).

export class HttpFailure extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    text: string,
  ) {
    super(`${route}: ${status} ${text.slice(0, 200)}`);
  }
}

/** HTTP failures by route and status, for the report: a benchmark that hides its errors lies. */
export const httpFailures = new Map<string, number>();
/** Every call made, so a window can say how much lobby traffic (new games) ran beside the turns. */
export const httpCalls = { count: 0 };

export class HttpClient {
  cookie = "";

  constructor(readonly base: string) {}

  /** Same cookie, another instance of the deployment (sessions are database rows, valid on all). */
  on(base: string): HttpClient {
    const other = new HttpClient(base);
    other.cookie = this.cookie;
    return other;
  }

  async call<T>(route: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookie) headers.cookie = this.cookie;
    let res: Response;
    httpCalls.count++;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      count(route, "network");
      throw new HttpFailure(route, 0, (err as Error).message);
    }
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    const text = await res.text();
    if (!res.ok) {
      count(route, String(res.status));
      throw new HttpFailure(route, res.status, text);
    }
    const type = res.headers.get("content-type") ?? "";
    return (type.includes("json") ? JSON.parse(text) : text) as T;
  }
}

function count(route: string, status: string): void {
  const key = `${route} ${status}`;
  httpFailures.set(key, (httpFailures.get(key) ?? 0) + 1);
}
