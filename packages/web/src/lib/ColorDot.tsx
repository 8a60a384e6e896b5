import Box from "@mui/material/Box";
import { PLAYER_COLORS } from "@tt/protocol";

/**
 * A player's colour: a small filled circle in the colour's hex, named for screen readers. Decorative
 * when the text next to it already names the colour (a 'Join as red' button).
 */
export function ColorDot({ color, decorative = false }: { color: string; decorative?: boolean }) {
  const hex = PLAYER_COLORS[color as keyof typeof PLAYER_COLORS];
  return (
    <Box
      component="span"
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": color })}
      sx={{
        display: "inline-block",
        flex: "none",
        width: 14,
        height: 14,
        borderRadius: "50%",
        bgcolor: hex ? `#${hex}` : "grey.500",
        border: "1px solid rgba(0,0,0,0.35)",
        verticalAlign: "middle",
      }}
    />
  );
}
