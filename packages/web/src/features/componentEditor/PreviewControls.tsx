// Controls above a preview canvas: the background image, the zoom (x1.5 per click) and the grid size.
import ZoomInIcon from "@mui/icons-material/ZoomIn";
import ZoomOutIcon from "@mui/icons-material/ZoomOut";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { BackgroundChoice } from "./model/background";
import { parseGridCells, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from "./model/canvas";
import { DEFAULT_GRID } from "./model/limits";

export function BackgroundPicker({
  choices,
  value,
  onChange,
}: {
  choices: readonly BackgroundChoice[];
  value: string;
  onChange(url: string): void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Background"
      value={choices.some((c) => c.url === value) ? value : ""}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">None</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.url} value={c.url}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function PreviewControls({
  choices,
  background,
  onBackground,
  zoom,
  onZoom,
  gridCells,
  onGridCells,
}: {
  choices: readonly BackgroundChoice[];
  background: string;
  onBackground(url: string): void;
  zoom: number;
  onZoom(zoom: number): void;
  gridCells: number;
  onGridCells(cells: number): void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
      <BackgroundPicker choices={choices} value={background} onChange={onBackground} />
      <IconButton aria-label="Zoom out" disabled={zoom <= ZOOM_MIN} onClick={() => onZoom(zoomOut(zoom))}>
        <ZoomOutIcon />
      </IconButton>
      <Typography aria-live="polite" sx={{ minWidth: 56, textAlign: "center" }}>
        {Math.round(zoom * 100)}%
      </Typography>
      <IconButton aria-label="Zoom in" disabled={zoom >= ZOOM_MAX} onClick={() => onZoom(zoomIn(zoom))}>
        <ZoomInIcon />
      </IconButton>
      <TextField
        size="small"
        type="number"
        label="Grid cells"
        defaultValue={gridCells}
        onChange={(e) => onGridCells(parseGridCells(e.target.value))}
        slotProps={{ htmlInput: { min: 1, max: 1000 } }}
        helperText={`Default ${DEFAULT_GRID}`}
        sx={{ width: 120 }}
      />
    </Stack>
  );
}
