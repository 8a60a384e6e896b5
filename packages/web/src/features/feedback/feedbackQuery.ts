// The query string of GET /api/get-feedback-result/{slug} (spec section 7):
// ?stat[]=..&tableOption[]=..&globalStats[]=..&page={n}&filterUser={username}

export interface FeedbackQuery {
  stats: string[];
  options: string[];
  globalStats: string[];
  /** 1-based. */
  page: number;
  filterUser?: string | null;
}

const enc = encodeURIComponent;

/** Drops blanks and repeats, keeping the first spelling's order. */
export function cleanNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
  }
  return out;
}

export function feedbackQueryString(q: FeedbackQuery): string {
  const parts = [
    ...cleanNames(q.stats).map((s) => `stat[]=${enc(s)}`),
    ...cleanNames(q.options).map((o) => `tableOption[]=${enc(o)}`),
    ...cleanNames(q.globalStats).map((g) => `globalStats[]=${enc(g)}`),
    `page=${Math.max(1, Math.floor(q.page) || 1)}`,
  ];
  if (q.filterUser) parts.push(`filterUser=${enc(q.filterUser)}`);
  return `?${parts.join("&")}`;
}

export function feedbackResultPath(slug: string, q: FeedbackQuery): string {
  return `/api/get-feedback-result/${enc(slug)}${feedbackQueryString(q)}`;
}
