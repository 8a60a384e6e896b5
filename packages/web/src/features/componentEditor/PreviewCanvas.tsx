// The preview canvas shared by the positions and clickable areas editors (sections 2, 9): the chosen
// background under a grid (default 100 by 100 cells, every tenth line stronger) and whatever the editor
// draws on top. A click, or Enter at the keyboard cursor, picks a point in the piece's coordinates.
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Coord } from "@tt/engine";
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { canvasToPiece, fitScale, gridLines, moveCursor } from "./model/canvas";

export type Draw = (ctx: CanvasRenderingContext2D, scale: number) => void;

export function PreviewCanvas({
  dims,
  zoom,
  background,
  gridCells,
  draw,
  onPick,
  label,
}: {
  dims: [number, number];
  zoom: number;
  background: string;
  gridCells: number;
  draw: Draw;
  onPick(point: Coord): void;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [cursor, setCursor] = useState<Coord>({ x: Math.round(dims[0] / 2), y: Math.round(dims[1] / 2) });
  const [focused, setFocused] = useState(false);
  const captionId = useId();
  const scale = fitScale(dims) * zoom;
  const [w, h] = [dims[0] * scale, dims[1] * scale];

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    // Drawn at device pixels so thin grid lines stay sharp on high-density screens.
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.ceil(w * ratio);
    el.height = Math.ceil(h * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const lineAt = (major: boolean) => {
      ctx.strokeStyle = major ? "rgba(0, 0, 0, 0.45)" : "rgba(0, 0, 0, 0.12)";
      ctx.lineWidth = major ? 1 : 0.5;
    };
    for (const line of gridLines(dims[0], gridCells)) {
      lineAt(line.major);
      ctx.beginPath();
      ctx.moveTo(line.at * scale, 0);
      ctx.lineTo(line.at * scale, h);
      ctx.stroke();
    }
    for (const line of gridLines(dims[1], gridCells)) {
      lineAt(line.major);
      ctx.beginPath();
      ctx.moveTo(0, line.at * scale);
      ctx.lineTo(w, line.at * scale);
      ctx.stroke();
    }
    draw(ctx, scale);
    if (focused) {
      ctx.strokeStyle = "#1565c0";
      ctx.lineWidth = 2;
      const [cx, cy] = [cursor.x * scale, cursor.y * scale];
      ctx.beginPath();
      ctx.moveTo(cx - 10, cy);
      ctx.lineTo(cx + 10, cy);
      ctx.moveTo(cx, cy - 10);
      ctx.lineTo(cx, cy + 10);
      ctx.stroke();
    }
  }, [dims, gridCells, draw, scale, w, h, focused, cursor]);

  const click = (e: MouseEvent<HTMLButtonElement>) => {
    // A click the keyboard made (Enter, Space: detail 0) places at the keyboard cursor.
    if (e.detail === 0) return onPick(cursor);
    const box = e.currentTarget.getBoundingClientRect();
    const point = canvasToPiece(e.clientX - box.left, e.clientY - box.top, scale);
    setCursor(point);
    onPick(point);
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = moveCursor(cursor, e.key, e.shiftKey, dims, gridCells);
    if (!next) return;
    e.preventDefault();
    setCursor(next);
  };

  // The canvas is a button with no text of its own (only the keys it draws by the dots): the caption
  // under it is its visible name, and the one screen readers and voice control use.
  return (
    <Box>
      <Box sx={{ overflow: "auto", maxWidth: "100%", maxHeight: "65vh", border: 1, borderColor: "divider" }}>
        <Box sx={{ position: "relative", width: w, height: h, bgcolor: "grey.100" }}>
          {background && (
            <img
              src={background}
              alt=""
              style={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "fill" }}
            />
          )}
          <Box
            component="button"
            type="button"
            aria-labelledby={captionId}
            aria-description={`Cursor at ${cursor.x}, ${cursor.y}. Arrow keys move it, Shift moves ten cells, Enter places.`}
            onClick={click}
            onKeyDown={key}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            sx={{
              position: "absolute",
              inset: 0,
              width: w,
              height: h,
              p: 0,
              border: 0,
              bgcolor: "transparent",
              cursor: "crosshair",
              "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main" },
            }}
          >
            <canvas ref={canvas} style={{ display: "block", width: w, height: h }} />
          </Box>
        </Box>
      </Box>
      <Typography id={captionId} variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {label}
      </Typography>
    </Box>
  );
}
