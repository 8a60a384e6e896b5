// Feedback calls (platform-lobby-accounts.md section 7): the project's options and permissions, the
// paged results, and saving a reader's note on someone's row.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type FeedbackResultPage,
  type FeedbackRow,
  PROJECT_DETAIL_FAILURE,
  type ProjectDetail,
} from "@tt/protocol";
import { api, failureText } from "../../lib/api";
import { type FeedbackQuery, feedbackResultPath } from "./feedbackQuery";

export type { FeedbackResultPage, FeedbackRow };

/** The server's refusal, shown when the detail says the user may not read feedback and the call fails. */
export const FEEDBACK_FORBIDDEN = "Only project admins, designers and mods may read feedback.";

export const feedbackKeys = {
  detail: (slug: string) => ["feedback", slug, "detail"] as const,
  results: (slug: string) => ["feedback", slug, "results"] as const,
};

const enc = encodeURIComponent;

/** status=none: the project's options and permissions, without joining the lobby room. */
export function useFeedbackProject(slug: string) {
  return useQuery({
    queryKey: feedbackKeys.detail(slug),
    queryFn: async () => {
      const result = await api<ProjectDetail>(`/api/projects/get-project-detail/${enc(slug)}?status=none`);
      if (result.status === 0) throw new Error(failureText(result));
      if (!result.ok || !result.json) throw new Error(PROJECT_DETAIL_FAILURE);
      return result.json;
    },
    retry: false,
  });
}

export function useFeedbackResults(slug: string, query: FeedbackQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...feedbackKeys.results(slug), query] as const,
    queryFn: async () => {
      const result = await api<FeedbackResultPage>(feedbackResultPath(slug, query));
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/submit-feedback {tableId, user, answers: {note}}; a 200 means saved. */
export function useSaveNote(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { tableId: string; user: string; note: string }) => {
      const result = await api("/api/submit-feedback", {
        method: "POST",
        body: { tableId: v.tableId, user: v.user, answers: { note: v.note } },
      });
      if (!result.ok) throw new Error(failureText(result));
      return v;
    },
    onSuccess: (v) => {
      // Every loaded page that shows this row now holds the saved note.
      client.setQueriesData<FeedbackResultPage>({ queryKey: feedbackKeys.results(slug) }, (data) =>
        data
          ? {
              ...data,
              rows: data.rows.map((r) =>
                r.tableId === v.tableId && r.username === v.user ? { ...r, note: v.note } : r,
              ),
            }
          : data,
      );
    },
  });
}
