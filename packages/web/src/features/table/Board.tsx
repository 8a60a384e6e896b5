// The situation board: absolutely positioned divs in a scaled stage, one memoised node per component
// (ComponentNode.tsx, drawing componentView.ts's pure view with the parts of NodeParts.tsx). The board
// draws the situation and emits intents; it never decides what is legal. Turned for a seat (the rules'
// turnBoard, chess's Black) the root is drawn half round and each piece turned back upright.

import type { Component } from "@tt/engine";
import { type BoardEnv, BoardEnvProvider, TurnedFrame } from "./boardEnv";
import { ComponentNode } from "./ComponentNode";

/** The root component at stage size; player areas are drawn by the page. */
export function RootStage({
  env,
  root,
  width,
  height,
}: {
  env: BoardEnv;
  root: Component;
  width: number;
  height: number;
}) {
  return (
    <BoardEnvProvider env={env}>
      {/* The root's own frame is the page's: never turned, whatever the seat. */}
      <TurnedFrame value={false}>
        <ComponentNode component={root} x={width / 2} y={height / 2} scale={1} />
      </TurnedFrame>
    </BoardEnvProvider>
  );
}
