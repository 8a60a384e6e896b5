// Balance lab calls of the admin page (issue 22): the run form's choices and the runs, one run's
// progress and report, start and cancel, and the report over the games people played on a version. A
// running run is polled until it ends.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BalanceReport } from "@tt/games";
import type { BalanceLab, BalanceRunInfo, BalanceRunRequest, PlayedReportInfo } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

const enc = encodeURIComponent;
/** How often a running run's progress is read. */
export const BALANCE_POLL_MS = 1000;

export const balancePaths = {
  lab: (slug: string) => `/api/projects/${enc(slug)}/balance`,
  runs: (slug: string) => `/api/projects/${enc(slug)}/balance/runs`,
  run: (slug: string, id: number) => `/api/projects/${enc(slug)}/balance/runs/${id}`,
  cancel: (slug: string, id: number) => `/api/projects/${enc(slug)}/balance/runs/${id}/cancel`,
  csv: (slug: string, id: number) => `/api/projects/${enc(slug)}/balance/runs/${id}/games.csv`,
  played: (slug: string, version: number) => `/api/projects/${enc(slug)}/balance/played/${version}`,
  playedCsv: (slug: string, version: number) =>
    `/api/projects/${enc(slug)}/balance/played/${version}/games.csv`,
};

/** How long a report over played games is kept before it is read again (games end slowly). */
const PLAYED_STALE_MS = 60_000;

const labKey = (slug: string) => ["admin", slug, "balance"] as const;

export function useBalanceLab(slug: string) {
  return useQuery({
    queryKey: labKey(slug),
    queryFn: async () => {
      const result = await api<BalanceLab>(balancePaths.lab(slug));
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === "running") ? BALANCE_POLL_MS : false,
  });
}

export interface RunWithReport {
  run: BalanceRunInfo;
  report: BalanceReport | null;
}

/** One run with its report; polled while it runs or its report is not stored yet. */
export function useBalanceRun(slug: string, id: number | null) {
  return useQuery({
    queryKey: [...labKey(slug), "run", id],
    enabled: id !== null,
    queryFn: async () => {
      const result = await api<RunWithReport>(balancePaths.run(slug, id as number));
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
    refetchInterval: (query) => {
      const data = query.state.data;
      return data === undefined || data.run.status === "running" || data.report === null
        ? BALANCE_POLL_MS
        : false;
    },
  });
}

export interface PlayedWithReport {
  info: PlayedReportInfo;
  report: BalanceReport;
}

/** The report over the games people played on a version (the server reads their logs each time). */
export function usePlayedReport(slug: string, version: number | null) {
  return useQuery({
    queryKey: [...labKey(slug), "played", version],
    enabled: version !== null,
    staleTime: PLAYED_STALE_MS,
    queryFn: async () => {
      const result = await api<PlayedWithReport>(balancePaths.played(slug, version as number));
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
  });
}

export function useBalanceActions(slug: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: labKey(slug) });
  return {
    async start(
      request: BalanceRunRequest,
    ): Promise<{ ok: true; run: BalanceRunInfo } | { ok: false; text: string }> {
      const result = await api<BalanceRunInfo>(balancePaths.runs(slug), { method: "POST", body: request });
      await refresh();
      return result.ok && result.json
        ? { ok: true, run: result.json }
        : { ok: false, text: failureText(result) };
    },
    async cancel(id: number): Promise<string | null> {
      const result = await api(balancePaths.cancel(slug, id), { method: "POST" });
      await refresh();
      return result.ok ? null : failureText(result);
    },
  };
}
