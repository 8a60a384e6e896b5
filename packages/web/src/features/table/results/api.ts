// The ended table's feedback calls (game-table.md section 7): the form this table asks with the
// user's saved answers, and POST /api/submit-feedback.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeedbackSubmission, TableFeedback } from "@tt/protocol";
import { api, failureText } from "../../../lib/api";

export const tableFeedbackKey = (tableId: string) => ["table-feedback", tableId] as const;

class CallFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 409 while the server has not recorded the end yet; retried for about ten seconds. */
const NOT_ENDED_RETRIES = 20;
const RETRY_MS = 500;

/**
 * The player who ends the game sees the end at once, from their own evaluation of the turn, a moment
 * before the server has stored it: the first ask may meet 'not ended' and is asked again.
 */
export function useTableFeedback(tableId: string) {
  return useQuery({
    queryKey: tableFeedbackKey(tableId),
    queryFn: async () => {
      const result = await api<TableFeedback>(`/api/table-feedback/${encodeURIComponent(tableId)}`);
      if (!result.ok || result.json === undefined) throw new CallFailed(result.status, failureText(result));
      return result.json;
    },
    retry: (count, error) => error instanceof CallFailed && error.status === 409 && count < NOT_ENDED_RETRIES,
    retryDelay: RETRY_MS,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** A 200 stores the answers as the user's (the dialog closes, the section shows them). */
export function useSubmitFeedback(tableId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeedbackSubmission) => {
      const result = await api("/api/submit-feedback", { method: "POST", body });
      if (result.status !== 200) throw new CallFailed(result.status, failureText(result));
      return body.answers;
    },
    onSuccess: (answers) => {
      client.setQueryData<TableFeedback>(tableFeedbackKey(tableId), (data) =>
        data ? { ...data, userAnswers: answers } : data,
      );
    },
    // Spec section 8: a feedback save failure is only logged.
    onError: (error) => console.error("Saving feedback failed:", error.message),
  });
}
