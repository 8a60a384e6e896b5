// The board's stage in the game view: its size and scale (fitted to the game area, times the zoom
// setting), the env every node draws from, and the turn's moves played in order with their sounds.

import { boardExtent, componentInfo, findComponent, type Situation } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { BoardEnv } from "./boardEnv";
import {
  createMotion,
  evaluationSpeed,
  MOVE_ANIMATION_MS,
  NO_SCHEDULE,
  scaledMs,
  type TurnSchedule,
  turnSchedule,
} from "./motion";
import { BASE_WIDTH, boardScale, type TableSettings } from "./settings";
import { play, soundsFor } from "./sounds";
import { flowHeight } from "./stage";
import type { Inspecting } from "./tableUi";
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
  /** The game area: the board stage and the player areas (hands) below it. */
  const areaRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number>(BASE_WIDTH);
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
  // Fitted to the game area on a wide window, the mobile scale of the base width on a phone; the zoom
  // setting scales either (section 9).
  const scale = boardScale({
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
    boxWidth,
    stageWidth: stageW,
    stageHeight: stageH,
    zoom: settings.zoom,
    extent: boardExtent(situation.players.length),
  });

  useEffect(() => {
    const el = areaRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

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
      clickable,
      session.act,
      situation.gameState,
      situation.containers,
      situation.players,
    ],
  );

  return { env, scale, stageW, stageH, rootInfo, stageRef, areaRef, situationRef };
}

export type BoardStage = ReturnType<typeof useBoardStage>;
