// The game area: the scaled board stage, one's own player area below it (docked on a phone) and the
// pings over both. Pure layout: what is drawn comes from the stage (useBoardStage), the mouse handlers
// from the hover tooltip; the other seats' areas are in the column beside it (GameView).

import Box from "@mui/material/Box";
import { findPlayer, type Situation } from "@tt/engine";
import type { MouseEvent } from "react";
import { RootStage } from "./Board";
import { OwnArea, useCounterFlights } from "./PlayerAreas";
import type { BoardStage } from "./useBoardStage";
import type { Ping } from "./useTableChat";

export function GameArea(props: {
  stage: BoardStage;
  situation: Situation;
  /** A replay step is looked at, not played. */
  replaying: boolean;
  pings: Ping[];
  onMouseMove: (event: MouseEvent<HTMLDivElement>) => void;
  onMouseLeave: () => void;
}) {
  const { stage, situation, replaying, pings } = props;
  const { env, scale, stageW, stageH, rootInfo, stageRef, areaRef, ownRef, layout } = stage;
  useCounterFlights(situation.players, env, stageRef);
  const own = findPlayer(situation, env.seat);
  return (
    <Box
      ref={areaRef}
      data-game-area="true"
      onMouseMove={props.onMouseMove}
      onMouseLeave={props.onMouseLeave}
      sx={{
        position: "relative",
        flex: 1,
        minWidth: 0,
        width: "100%",
      }}
    >
      <Box
        ref={stageRef}
        role="application"
        aria-label="Game board"
        sx={{ position: "relative", width: stageW * scale, height: stageH * scale, overflow: "hidden" }}
      >
        <Box
          sx={{
            position: "absolute",
            left: 0,
            top: 0,
            width: stageW,
            height: stageH,
            transform: `scale(${scale})`,
            transformOrigin: "0 0",
            pointerEvents: replaying ? "none" : undefined,
          }}
        >
          <RootStage env={env} root={situation.root} width={rootInfo.width} height={rootInfo.height} />
        </Box>
      </Box>
      {own !== undefined && (
        <OwnArea
          env={env}
          player={own}
          phone={layout.phone}
          windowHeight={layout.windowHeight}
          columnWidth={layout.columnWidth}
          ref={ownRef}
        />
      )}
      {/* Pings over the whole game area (a hand may be pinged too), in board units like the board. */}
      <Box
        aria-hidden={pings.length === 0 ? true : undefined}
        sx={{
          position: "absolute",
          left: 0,
          top: 0,
          width: 0,
          height: 0,
          transform: `scale(${scale})`,
          transformOrigin: "0 0",
          zIndex: 5,
          pointerEvents: "none",
        }}
      >
        {pings.map((p) => (
          <Box
            key={p.id}
            data-ping={p.sourcePlayer}
            aria-label={`Ping from ${p.sourcePlayer}`}
            sx={{
              position: "absolute",
              left: p.x - 20,
              top: p.y - 20,
              width: 40,
              height: 40,
              borderRadius: "50%",
              border: "4px solid #ff1744",
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
