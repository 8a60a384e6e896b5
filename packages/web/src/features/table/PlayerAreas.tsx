// The players' areas (issue 37 points 1 and 2). One's own under the board, always on screen, its hand
// drawn apart in a strip of its own (HandStrip.tsx): the board is fitted so that both share the window,
// and on a phone the area is docked to the bottom of the screen. The other players' areas are compact,
// in the column beside the board (rows under it on a phone). The active seat is marked by a ring and
// its heading, not by a size change of one's own area, so one's hand never moves under the pointer.

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  type Component,
  componentInfo,
  findComponent,
  mayAct,
  PLAYER_COLORS,
  type Player,
  showsPlayerButtons,
} from "@tt/engine";
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from "react";
import { type BoardEnv, BoardEnvProvider } from "./boardEnv";
import { ComponentNode } from "./ComponentNode";
import { HandStrip } from "./HandStrip";
import { areaImageScale, colorHex, HAND_RAISE, handCardHeight, handPositions } from "./layout";
import { counterFlight, evaluationSpeed, flyTokens } from "./motion";
import { PlayerCounters } from "./PlayerCounters";
import { SeatPresence } from "./SeatPresence";

/** Width of the name and counters beside one's own hand on a wide window, px. */
const OWN_INFO_WIDTH = 170;
/** About the height of the name, the player and two counter rows: what is left beside the hand is the image's. */
const OWN_INFO_HEIGHT = 112;

/**
 * Counter changes send tokens between the board and the counter: gains fly in, losses fly out. The
 * counters are looked up on the page: one's own area and the others' are in different columns.
 */
export function useCounterFlights(players: Player[], env: BoardEnv, board: RefObject<HTMLElement | null>) {
  const { slug, motion } = env;
  const last = useRef<Map<string, number> | null>(null);
  useEffect(() => {
    const now = new Map<string, number>();
    for (const p of players) for (const c of p.counters) now.set(`${p.color}/${c.name}`, c.value);
    const before = last.current;
    last.current = now;
    if (before === null || board.current === null) return;
    const speed = evaluationSpeed(slug);
    // Each counter's tokens fly when its move's turn comes in the turn's schedule.
    const schedule = motion.schedule();
    for (const [key, value] of now) {
      const flight = counterFlight(before.get(key) ?? value, value, speed);
      const target = document.querySelector(`[data-counter="${CSS.escape(key)}"]`);
      if (flight === null || target === null) continue;
      const color = colorHex(key.slice(0, key.indexOf("/")), PLAYER_COLORS);
      const start = schedule.counters.get(key) ?? 0;
      if (flight.sign > 0) flyTokens(board.current, target, flight, color, start);
      else flyTokens(target, board.current, flight, color, start);
    }
  }, [players, slug, board, motion]);
}

/** The seat's colour, who sits there and their counters. */
function AreaInfo({
  player,
  env,
  active,
  own,
  slim = false,
}: {
  player: Player;
  env: BoardEnv;
  active: boolean;
  own: boolean;
  /** One's own, docked on a phone: '(you)' says who sits there, and every line counts. */
  slim?: boolean;
}) {
  const s = env.situationRef.current;
  return (
    <>
      <Typography
        variant={own && !slim ? "subtitle1" : "subtitle2"}
        component="h2"
        noWrap
        sx={{ fontWeight: 700 }}
      >
        {player.color}
        {own ? " (you)" : ""}
        {active ? " - to play" : ""}
      </Typography>
      {!slim && <SeatPresence color={player.color} />}
      {/* Rows as tall with their +/- buttons as without: the buttons come and go with the turn, and
          one's area (and hand) must not move when they do. A phone's buttons are thumb-sized. */}
      <Box
        sx={(theme) => ({
          "& [data-counter]": { minHeight: 32, [theme.breakpoints.down("sm")]: { minHeight: 44 } },
        })}
      >
        <PlayerCounters player={player} env={env} buttons={showsPlayerButtons(s, env.seat, env.editMode)} />
      </Box>
    </>
  );
}

/** A player's area component drawn at `scale` (its own frame in units, scaled as one). */
function AreaImage({
  area,
  width,
  height,
  scale,
}: {
  area: Component;
  width: number;
  height: number;
  scale: number;
}) {
  return (
    <Box sx={{ position: "relative", width: width * scale, height: height * scale, flex: "none" }}>
      <Box
        sx={{
          position: "absolute",
          left: 0,
          top: 0,
          width,
          height,
          transform: `scale(${scale})`,
          transformOrigin: "0 0",
        }}
      >
        <ComponentNode component={area} x={width / 2} y={height / 2} scale={1} />
      </Box>
    </Box>
  );
}

/** The frame of a player's area: its colour along the top, a ring while its seat is to play. */
function AreaFrame(props: {
  player: Player;
  active: boolean;
  children: ReactNode;
  sx?: object;
  ref?: RefObject<HTMLElement | null>;
}) {
  const { player, active, children, sx, ref } = props;
  const hex = colorHex(player.color, PLAYER_COLORS);
  return (
    <Paper
      ref={ref}
      component="section"
      aria-label={`${player.color} player area`}
      data-active={active ? "true" : "false"}
      sx={{
        p: 1,
        borderTop: `6px solid ${hex}`,
        // A ring drawn outside the box: marking the seat to play moves nothing.
        outline: active ? `3px solid ${hex}` : "none",
        outlineOffset: 0,
        ...sx,
      }}
    >
      {children}
    </Paper>
  );
}

/** What the area component holds besides the hand (drawn apart), and whether anything is left to draw. */
function useAreaParts(area: Component | undefined, env: BoardEnv, apart: boolean) {
  // Keyed by the area and the env (the situation's game state and containers): the area without its
  // hands stays the same object while they do, so its node stays memoised.
  return useMemo(() => {
    const s = env.situationRef.current;
    const info = area === undefined ? null : componentInfo(env.pieces, area, s);
    const hands = area === undefined || info === null || !apart ? [] : handPositions(area, info);
    let rest = area;
    if (area !== undefined && hands.length > 0) {
      const children = { ...area.children };
      for (const name of hands) children[name] = [];
      rest = { ...area, children };
    }
    const drawn =
      rest !== undefined &&
      info !== null &&
      (info.image !== "" || Object.values(rest.children).some((c) => Object.keys(c).length > 0));
    return { info, hands, rest, drawn };
  }, [area, env, apart]);
}

export function OwnArea(props: {
  env: BoardEnv;
  player: Player;
  phone: boolean;
  windowHeight: number;
  /** The game column's width, px: the hand spreads over what the name and the area leave of it. */
  columnWidth: number;
  ref: RefObject<HTMLElement | null>;
}) {
  const { env, player, phone, windowHeight, columnWidth, ref } = props;
  const s = env.situationRef.current;
  const active = !s.ended && mayAct(s, player.color);
  const area = findComponent(s.root, player.area);
  const { info, hands, rest, drawn } = useAreaParts(area, env, true);
  const cardHeight = handCardHeight(windowHeight, phone);
  const stripHeight = cardHeight + HAND_RAISE;
  // With a hand drawn apart, what is left of the area (Night Market's lanterns) goes small under the
  // name, and the hand has the rest of the width; an area without a hand is drawn beside the name.
  const stacked = hands.length > 0;
  const imageScale =
    info === null
      ? 0
      : phone
        ? areaImageScale(info, "other", { width: columnWidth * 0.4, height: 56 })
        : stacked
          ? areaImageScale(info, "own", {
              width: columnWidth * 0.25,
              height: Math.max(48, stripHeight - OWN_INFO_HEIGHT),
            })
          : areaImageScale(info, "own", { width: columnWidth * 0.5, height: 200 });
  const imageWidth = drawn && info !== null ? info.width * imageScale : 0;
  const infoWidth = stacked ? Math.max(OWN_INFO_WIDTH, imageWidth) : OWN_INFO_WIDTH + 8 + imageWidth;
  const room = Math.max(0, columnWidth - 16 - (phone ? 0 : infoWidth + 8));
  const image =
    drawn && rest !== undefined && info !== null ? (
      <AreaImage area={rest} width={info.width} height={info.height} scale={imageScale} />
    ) : null;
  const strips =
    area === undefined
      ? null
      : hands.map((name) => (
          <HandStrip
            key={name}
            area={area}
            positionName={name}
            cardHeight={cardHeight}
            room={room / hands.length}
            scroll={phone}
          />
        ));
  return (
    <BoardEnvProvider env={env}>
      <AreaFrame
        ref={ref}
        player={player}
        active={active}
        // A phone docks one's own area to the bottom of the screen, the hand always in reach.
        sx={
          phone
            ? { position: "fixed", left: 0, right: 0, bottom: 0, zIndex: 1100, borderRadius: 0, boxShadow: 8 }
            : { mt: 1 }
        }
      >
        {phone ? (
          <>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", justifyContent: "space-between" }}>
              <Box sx={{ minWidth: 0, flex: 1, "& [data-counter]": { display: "inline-flex", mr: 1 } }}>
                <AreaInfo player={player} env={env} active={active} own slim />
              </Box>
              {image}
            </Box>
            {strips}
          </>
        ) : (
          <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
            <Box sx={{ width: stacked ? infoWidth : OWN_INFO_WIDTH, flex: "none", minWidth: 0 }}>
              <AreaInfo player={player} env={env} active={active} own />
              {stacked && image}
            </Box>
            {!stacked && image}
            {strips}
          </Box>
        )}
      </AreaFrame>
    </BoardEnvProvider>
  );
}

/** The other seats' areas: compact, their area component small beside (or under) the name. */
export function OtherAreas(props: {
  env: BoardEnv;
  players: Player[];
  /** The width they are drawn in, px. */
  width: number;
  /** One row each, the area no taller than a line or two of text (a phone). */
  rows: boolean;
}) {
  const { env, players, width, rows } = props;
  return (
    <BoardEnvProvider env={env}>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
        {players.map((player) => (
          <OtherArea key={player.color} env={env} player={player} width={width} rows={rows} />
        ))}
      </Box>
    </BoardEnvProvider>
  );
}

function OtherArea({
  env,
  player,
  width,
  rows,
}: {
  env: BoardEnv;
  player: Player;
  width: number;
  rows: boolean;
}) {
  const s = env.situationRef.current;
  const active = !s.ended && mayAct(s, player.color);
  const area = findComponent(s.root, player.area);
  const { info, rest, drawn } = useAreaParts(area, env, false);
  const scale =
    info === null
      ? 0
      : areaImageScale(info, active ? "active" : "other", {
          width: Math.max(40, rows ? width / 2 : width - 16),
          height: rows ? 64 : 140,
        });
  return (
    <AreaFrame
      player={player}
      active={active}
      sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}
    >
      <Box
        sx={{
          flex: "1 1 120px",
          minWidth: 0,
          ...(rows ? { "& [data-counter]": { display: "inline-flex", mr: 1 } } : {}),
        }}
      >
        <AreaInfo player={player} env={env} active={active} own={false} />
      </Box>
      {drawn && rest !== undefined && info !== null && (
        <AreaImage area={rest} width={info.width} height={info.height} scale={scale} />
      )}
    </AreaFrame>
  );
}
