// The board's stage in the game view: its size and scale (fitted to the game area, times the zoom
// setting), the env every node draws from, and the turn's moves played in order with their sounds.

import { type BoardMark, componentInfo, findComponent, type Situation } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type MouseEvent, useCallback, useEffect, useMemo, useRef } from "react";
import type { BoardEnv } from "./boardEnv";
import { fitBoard } from "./layout";
import {
  createMotion,
  evaluationSpeed,
  MOVE_ANIMATION_MS,
  NO_SCHEDULE,
  scaledMs,
  type TurnSchedule,
  turnSchedule,
} from "./motion";
import type { TableSettings } from "./settings";
import { play, soundsFor } from "./sounds";
import { flowHeight } from "./stage";
import type { Inspecting } from "./tableUi";
import { useTableLayout } from "./useTableLayout";
import type { TableSession } from "./useTableSession";

export interface StageInput {
  table: TableLoadResponse;
  session: TableSession;
  /** What is drawn: the live situation, or the replay's step. */
  situation: Situation;
  replaying: boolean;
  seat: string;
  editMode: boolean;
  /** Every face drawn: a privileged watcher's full view of a running table. */
  reveal: boolean;
  settings: Pick<TableSettings, "zoom" | "evalSpeed">;
  /** Right-click on a deck or bank: its contents are asked for. */
  onInspect: (target: Inspecting) => void;
}

export function useBoardStage(input: StageInput) {
  const { table, session, situation, replaying, seat, editMode, reveal, settings, onInspect } = input;
  const slug = table.projectInfo.slug;
  const ended = session.status === "ended";
  const stageRef = useRef<HTMLDivElement>(null);
  /** The game area: the board stage and one's own player area (hand) below it. */
  const areaRef = useRef<HTMLDivElement>(null);
  /** One's own player area, under the board (docked to the bottom of a phone's screen). */
  const ownRef = useRef<HTMLElement>(null);
  const layout = useTableLayout({ area: areaRef, board: stageRef, own: ownRef });
  const situationRef = useRef(situation);
  situationRef.current = situation;
  // The last turn's moves play in order on section 9's delays, divided by the evaluation speed; a
  // replay step shows its situation at once.
  const turnPlan = useMemo(
    () => turnSchedule(session.turnMoves.steps, settings.evalSpeed, session.turnMoves.renamed),
    [session.turnMoves, settings.evalSpeed],
  );
  const scheduleRef = useRef<TurnSchedule>(NO_SCHEDULE);
  scheduleRef.current = replaying ? NO_SCHEDULE : turnPlan;
  const motion = useMemo(
    () =>
      createMotion(
        () => scaledMs(MOVE_ANIMATION_MS, evaluationSpeed(slug)),
        () => scheduleRef.current,
      ),
    [slug],
  );
  const inspect = useCallback(
    (id: string, _event: MouseEvent) => {
      const c = findComponent(situationRef.current.root, id);
      const label = c?.options.label;
      onInspect({
        id,
        name: typeof label === "string" && label !== "" ? label : (c?.name ?? id),
        mayLook: editMode || ended,
        nonce: Date.now(),
      });
    },
    [editMode, ended, onInspect],
  );

  // Sounds for what changed, then the situation becomes 'previous' for the next change's animations
  // (children's layout effects run before this passive effect, so they still see the old one).
  useEffect(() => {
    const before = motion.previous.current;
    if (before !== null && before !== situation && !replaying)
      for (const sound of soundsFor(before, situation, seat)) play(sound);
    motion.previous.current = situation;
  }, [situation, seat, motion, replaying]);

  const rootInfo = componentInfo(session.pieces, situation.root, situation);
  const stageW = rootInfo.width;
  const stageH = flowHeight(situation, session.pieces) ?? rootInfo.height;
  // Fitted to the game column and to the window less the bars above and one's own area below (issue
  // 37: board and hand on one screen); on a phone to the screen's width. The zoom setting scales it.
  const scale = fitBoard({
    columnWidth: layout.columnWidth,
    stageWidth: stageW,
    stageHeight: stageH,
    windowHeight: layout.windowHeight,
    top: layout.boardTop,
    // Room under the board: the gap, one's own area and the page's bottom padding (the shell's 24 px).
    below: layout.phone || layout.ownHeight === 0 ? 32 : layout.ownHeight + 32,
    phone: layout.phone,
    zoom: settings.zoom,
  });

  const selected = replaying ? null : session.selected;
  const highlightsKey = replaying ? "" : session.highlights.join("|");
  const highlights = useMemo(
    () => new Set(highlightsKey === "" ? [] : highlightsKey.split("|")),
    [highlightsKey],
  );
  const clickableKey = replaying ? "" : session.clickable.join("|");
  const clickable = useMemo(
    () => new Set(clickableKey === "" ? [] : clickableKey.split("|")),
    [clickableKey],
  );
  // What the game marks (the last move, a king in check) on the situation drawn, replay steps too,
  // and whether it turns the board for this seat. A rule script that throws marks nothing.
  const { module, pieces, options } = session;
  const marks = useMemo(() => {
    try {
      return new Map(module.marks(situation, seat, { pieces, options }).map((m) => [m.target, m]));
    } catch {
      return new Map<string, BoardMark>();
    }
  }, [module, situation, seat, pieces, options]);
  const marksKey = [...marks.values()].map((m) => `${m.target}:${m.kind}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content, so a move that leaves the marks as they were re-renders nothing.
  const stableMarks = useMemo(() => marks, [marksKey]);
  let turned = false;
  try {
    turned = module.turnBoard(situation, seat, { pieces, options });
  } catch {
    // Drawn as it stands.
  }
  // The situation's game state, containers and players key the env: nodes draw from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the extra keys are intended.
  const env: BoardEnv = useMemo(
    () => ({
      slug,
      pieces: session.pieces,
      situationRef,
      seat,
      editMode,
      selected,
      highlights,
      marks: stableMarks,
      turned,
      clickable,
      act: session.act,
      motion,
      inspect,
      decks: table.decks,
      reveal,
    }),
    [
      reveal,
      table.decks,
      motion,
      inspect,
      slug,
      session.pieces,
      seat,
      editMode,
      selected,
      highlights,
      stableMarks,
      turned,
      clickable,
      session.act,
      situation.gameState,
      situation.containers,
      situation.players,
    ],
  );

  return { env, scale, stageW, stageH, rootInfo, stageRef, areaRef, ownRef, layout, situationRef };
}

export type BoardStage = ReturnType<typeof useBoardStage>;
