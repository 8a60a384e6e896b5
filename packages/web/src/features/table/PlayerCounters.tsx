// A player's counters in their area (counters.ts decides the rows): nested under their parentCounter,
// with their customIcon, as tokens when displayAsComponents says so, and the +/- buttons (press button
// with counterButton; Ctrl-click changes by 10).

import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { COUNTER_STEP, counterButton, PLAYER_COLORS, type Player } from "@tt/engine";
import type { BoardEnv } from "./boardEnv";
import { counterRows } from "./counters";
import { colorHex } from "./layout";

/** Size of a counter's icon and of its tokens, in px. */
const ICON_PX = 18;

export function PlayerCounters({
  player,
  env,
  buttons,
}: {
  player: Player;
  env: Pick<BoardEnv, "slug" | "seat" | "editMode" | "act">;
  /** The engine shows player buttons to this seat now (showsPlayerButtons). */
  buttons: boolean;
}) {
  const color = colorHex(player.color, PLAYER_COLORS);
  // Your own counters; anyone's in edit mode or when acting for every seat.
  const mayPress = buttons && (player.color === env.seat || env.editMode || env.seat === "alwaysactive");
  const press = (name: string, sign: 1 | -1, ctrl: boolean) =>
    env.act({
      kind: "press button",
      componentId: player.area,
      button: counterButton(name, sign * (ctrl ? COUNTER_STEP.ctrl : COUNTER_STEP.plain)),
    });
  return counterRows(player.counters, env.slug).map(({ counter: c, depth, icon, tokens, showsNumber }) => (
    <Box
      key={c.name}
      data-counter={`${player.color}/${c.name}`}
      data-counter-depth={depth}
      sx={{ display: "flex", alignItems: "center", gap: 0.5, pl: depth * 2 }}
    >
      {icon !== "" && (
        <Box
          component="img"
          src={icon}
          alt=""
          sx={{ width: ICON_PX, height: ICON_PX, objectFit: "contain" }}
        />
      )}
      <Typography variant="body2" sx={{ minWidth: 60 }}>
        {c.name}:{" "}
        {showsNumber ? (
          <strong>{c.value}</strong>
        ) : (
          // The tokens say the count; the number stays for screen readers.
          <Box
            component="span"
            sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
          >
            {c.value}
          </Box>
        )}
      </Typography>
      {tokens > 0 && (
        <Box
          aria-hidden="true"
          data-counter-tokens={tokens}
          sx={{ display: "flex", flexWrap: "wrap", gap: 0.25 }}
        >
          {Array.from({ length: tokens }, (_, i) =>
            icon !== "" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical tokens; only their count matters.
              <Box key={i} component="img" src={icon} alt="" sx={{ width: ICON_PX, height: ICON_PX }} />
            ) : (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: identical tokens; only their count matters.
                key={i}
                sx={{ width: ICON_PX * 0.7, height: ICON_PX * 0.7, borderRadius: "50%", bgcolor: color }}
              />
            ),
          )}
        </Box>
      )}
      {mayPress && c.options.buttonsEnabled !== false && (
        <>
          <IconButton
            size="small"
            aria-label={`Decrease ${c.name} of ${player.color}`}
            onClick={(event) => press(c.name, -1, event.ctrlKey || event.metaKey)}
          >
            -
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Increase ${c.name} of ${player.color}`}
            onClick={(event) => press(c.name, 1, event.ctrlKey || event.metaKey)}
          >
            +
          </IconButton>
        </>
      )}
    </Box>
  ));
}
