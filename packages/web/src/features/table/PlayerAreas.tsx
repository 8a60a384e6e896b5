// Player areas beside the board, scaled with it: the active player's enlarged, the others shrunk, one's
// own drawn readable either way (layout.ts areaScale); their counters (PlayerCounters.tsx).

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  componentInfo,
  findComponent,
  mayAct,
  PLAYER_COLORS,
  type Player,
  showsPlayerButtons,
} from "@tt/engine";
import { type RefObject, useEffect, useRef } from "react";
import { type BoardEnv, BoardEnvProvider } from "./boardEnv";
import { ComponentNode } from "./ComponentNode";
import { areaScale, colorHex } from "./layout";
import { counterFlight, evaluationSpeed, flyTokens } from "./motion";
import { PlayerCounters } from "./PlayerCounters";
import { SeatPresence } from "./SeatPresence";

/** Counter changes send tokens between the board and the counter: gains fly in, losses fly out. */
function useCounterFlights(players: Player[], env: BoardEnv, board: RefObject<HTMLElement | null>) {
  const { slug, motion } = env;
  const last = useRef<Map<string, number> | null>(null);
  const here = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const now = new Map<string, number>();
    for (const p of players) for (const c of p.counters) now.set(`${p.color}/${c.name}`, c.value);
    const before = last.current;
    last.current = now;
    if (before === null || board.current === null || here.current === null) return;
    const speed = evaluationSpeed(slug);
    // Each counter's tokens fly when its move's turn comes in the turn's schedule.
    const schedule = motion.schedule();
    for (const [key, value] of now) {
      const flight = counterFlight(before.get(key) ?? value, value, speed);
      const target = here.current.querySelector(`[data-counter="${CSS.escape(key)}"]`);
      if (flight === null || target === null) continue;
      const color = colorHex(key.slice(0, key.indexOf("/")), PLAYER_COLORS);
      const start = schedule.counters.get(key) ?? 0;
      if (flight.sign > 0) flyTokens(board.current, target, flight, color, start);
      else flyTokens(target, board.current, flight, color, start);
    }
  }, [players, slug, board, motion]);
  return here;
}

export function PlayerAreas({
  env,
  players,
  board,
  boardScale,
}: {
  env: BoardEnv;
  players: Player[];
  board: RefObject<HTMLElement | null>;
  /** The board's scale (fitted to the window, times the zoom setting): areas are drawn at a share of it. */
  boardScale: number;
}) {
  const s = env.situationRef.current;
  const buttons = showsPlayerButtons(s, env.seat, env.editMode);
  const here = useCounterFlights(players, env, board);
  return (
    <BoardEnvProvider env={env}>
      <Box ref={here} sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start", mt: 1 }}>
        {players.map((player) => {
          const active = !s.ended && mayAct(s, player.color);
          const scale = areaScale(boardScale, active, player.color === env.seat);
          const area = findComponent(s.root, player.area);
          const info = area === undefined ? null : componentInfo(env.pieces, area, s);
          const w = info?.width ?? 100;
          const h = info?.height ?? 100;
          return (
            <Paper
              key={player.color}
              component="section"
              aria-label={`${player.color} player area`}
              data-active={active ? "true" : "false"}
              sx={{
                p: 1,
                borderTop: `6px solid ${colorHex(player.color, PLAYER_COLORS)}`,
                opacity: active ? 1 : 0.85,
                minWidth: 200 * scale,
              }}
            >
              <Typography variant={active ? "subtitle1" : "caption"} component="h2" sx={{ fontWeight: 700 }}>
                {player.color}
                {player.color === env.seat ? " (you)" : ""}
                {active ? " - to play" : ""}
              </Typography>
              <SeatPresence color={player.color} />
              <PlayerCounters player={player} env={env} buttons={buttons} />
              {area !== undefined &&
                info !== null &&
                (info.image !== "" || Object.keys(area.children).length > 0) && (
                  <Box sx={{ position: "relative", width: w * scale, height: h * scale, mt: 0.5 }}>
                    <Box
                      sx={{
                        position: "absolute",
                        left: 0,
                        top: 0,
                        width: w,
                        height: h,
                        transform: `scale(${scale})`,
                        transformOrigin: "0 0",
                      }}
                    >
                      <ComponentNode component={area} x={w / 2} y={h / 2} scale={1} />
                    </Box>
                  </Box>
                )}
            </Paper>
          );
        })}
      </Box>
    </BoardEnvProvider>
  );
}
