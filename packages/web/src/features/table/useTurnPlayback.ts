// A turn's moves as the page shows them (game-table.md sections 4 and 9): the moves of the turn drawn
// last, which the board slides one after another on section 9's delays divided by the evaluation
// speed (motion.ts); each move's popupMessage in the alert popup when its move starts; and, while
// someone else's turn plays, the status 'Updating game situation, please wait...' (waitingEvaluate:
// no input) until it has played or the player presses Skip, which shows the end state at once.

import type { MoveStep, Renames } from "@tt/engine";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  dueAt,
  evaluationSpeed,
  finishAnimations,
  IDLE,
  type Playback,
  skipTurn,
  startTurn,
  turnSchedule,
} from "./motion";
import { type AlertMessage, popupAlert } from "./statusBar";

export interface TurnMoves {
  steps: readonly MoveStep[];
  renamed: Renames;
}

const NO_MOVES: TurnMoves = { steps: [], renamed: [] };

export function useTurnPlayback(slug: string, showAlert: (message: AlertMessage) => void) {
  const [turnMoves, setTurnMovesState] = useState<TurnMoves>(NO_MOVES);
  const [playing, setPlaying] = useState(false);
  const playback = useRef<Playback>(IDLE);
  const timer = useRef<number | null>(null);

  const cancelTimer = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Shows the popups that are due, and looks again when the next one is or the wait ends. */
  const tick = useCallback(() => {
    cancelTimer();
    const now = Date.now();
    const due = dueAt(playback.current, now);
    playback.current = due.playback;
    for (const text of due.show) showAlert(popupAlert(text));
    setPlaying(due.playing);
    if (due.next !== null) timer.current = window.setTimeout(tick, Math.max(0, due.next - now));
  }, [cancelTimer, showAlert]);

  useEffect(() => cancelTimer, [cancelTimer]);

  /**
   * Shows a turn's moves. `blocking`: a turn this tab did not just draw itself (another's, or its own
   * that waited for the server): input waits until it has played.
   */
  const play = useCallback(
    (steps: readonly MoveStep[], renamed: Renames = [], blocking = false) => {
      setTurnMovesState(steps.length === 0 && renamed.length === 0 ? NO_MOVES : { steps, renamed });
      if (steps.length === 0) return;
      const schedule = turnSchedule(steps, evaluationSpeed(slug), renamed);
      playback.current = startTurn(playback.current, schedule, Date.now(), blocking);
      tick();
    },
    [slug, tick],
  );

  /** Draws the board as it is, or plays the moves this tab has just drawn itself. */
  const setTurnMoves = useCallback(
    (steps: readonly MoveStep[], renamed: Renames = []) => play(steps, renamed, false),
    [play],
  );

  /** Skip: every move shown at its end at once; the last popup not yet shown still shows. */
  const skip = useCallback(() => {
    cancelTimer();
    finishAnimations();
    const skipped = skipTurn(playback.current);
    playback.current = skipped.playback;
    if (skipped.show !== null) showAlert(popupAlert(skipped.show));
    setTurnMovesState(NO_MOVES);
    setPlaying(false);
  }, [cancelTimer, showAlert]);

  return { turnMoves, playing, play, setTurnMoves, skip };
}
