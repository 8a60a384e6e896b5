// The edit tools' state in the game view: which dialog is open, and whether the next board click is
// the place for the selected component ('Move to...'). The board's clicks go through `act` here, so
// while a place is awaited a click becomes an edit-mode component move instead of the rules' click.

import type { Action, Move } from "@tt/engine";
import { useCallback, useEffect, useMemo, useState } from "react";
import { clickTarget, moveToMove, type Target } from "./editMoves";
import type { TableSession } from "./useTableSession";

export type EditDialog = "create" | "counters" | "player attribute" | null;

export function useEditTools(session: TableSession, on: boolean) {
  const [placing, setPlacing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<EditDialog>(null);
  const { act, selected, situation } = session;

  /** One hand move, sent alone as an edit-mode turn: the server decides whether this seat may. */
  const send = useCallback(
    (move: Move) => act({ kind: "raw move", move }, { alone: true, edit: true }),
    [act],
  );

  // Waiting for a place ends with edit mode, or when the piece is let go or another one taken.
  useEffect(() => {
    if (!on || selected !== placing) setPlacing(null);
    if (!on) setDialog(null);
  }, [on, selected, placing]);

  const placeAt = useCallback(
    (target: Target) => {
      if (placing === null || situation === null) return;
      send(moveToMove(situation, placing, target));
      setPlacing(null);
    },
    [placing, situation, send],
  );

  const boardAct = useCallback(
    (action: Action, how?: { alone?: boolean }) => {
      const target = placing === null || situation === null ? null : clickTarget(situation, action);
      if (target === null) act(action, how);
      else placeAt(target);
    },
    [placing, situation, act, placeAt],
  );

  /** The session as the board sees it: its clicks pass by the tools first. */
  const boardSession = useMemo(() => ({ ...session, act: boardAct }), [session, boardAct]);

  return {
    shown: on,
    placing,
    setPlacing,
    placeAt,
    dialog,
    setDialog,
    send,
    boardSession,
  };
}

export type EditTools = ReturnType<typeof useEditTools>;
