// An ended table's replay (game-table.md section 2): the timeline folded once from its whole log, the
// step shown, and the address's turnNumber kept in step with it.

import type { TableLoadResponse } from "@tt/protocol";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { buildTimeline, clampStep, parseTurnNumber, viewAt } from "./replay";
import type { TableSession } from "./useTableSession";

/** Full event number on an ended table's address; the step shown when replay is on. */
export function useReplay(table: TableLoadResponse, session: TableSession) {
  const [params, setParams] = useSearchParams();
  const ended = session.status === "ended";
  // An ended table comes with its whole log (everything is revealed): the replay folds it here.
  const start = table.start_position;
  const timeline = useMemo(
    () => (ended && start !== null ? buildTimeline(start, table.events) : null),
    [ended, start, table.events],
  );
  const length = timeline?.length ?? 0;
  const linked = parseTurnNumber(params.get("turnNumber"));
  const [replayOn, setReplayOn] = useState(() => ended && linked !== null && linked < table.events.length);
  const [step, setStepState] = useState(() => (linked === null ? Number.POSITIVE_INFINITY : linked));
  const shownStep = timeline === null ? 0 : replayOn ? clampStep(step, length) : length;
  // While the table is ended the address carries the shown event number (section 2).
  useEffect(() => {
    if (timeline === null) return;
    if (params.get("turnNumber") === String(shownStep)) return;
    const next = new URLSearchParams(params);
    next.set("turnNumber", String(shownStep));
    setParams(next, { replace: true });
  }, [timeline, shownStep, params, setParams]);
  const view = useMemo(
    () => (timeline !== null && replayOn ? viewAt(timeline, shownStep) : null),
    [timeline, replayOn, shownStep],
  );
  const setStep = useCallback(
    (next: number) => {
      if (timeline === null) return;
      setReplayOn(true);
      setStepState(clampStep(next, timeline.length));
    },
    [timeline],
  );
  const setOn = useCallback(
    (on: boolean) => {
      setReplayOn(on && timeline !== null);
      if (on && timeline !== null) setStepState((s) => clampStep(s, timeline.length));
    },
    [timeline],
  );
  return { timeline, replayOn, setReplayOn: setOn, step: shownStep, setStep, view };
}

export type Replay = ReturnType<typeof useReplay>;
