// The clickable areas editor (sections 2, 3, 5): the named areas as cards (view and edit mode) and drawn
// over the background. A new area starts at 0, 0, 100 x 100 with a numbered name; a card saves only a
// non-empty name and a changed name or position, numbers coerced. Closing the modal stores the areas.
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Json } from "@tt/engine";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import {
  type AreaDraft,
  type Areas,
  addArea,
  areaChanged,
  areaDraft,
  areaOf,
  areaProblem,
  asAreas,
  draftArea,
  removeArea,
  saveArea,
} from "./model/areas";
import type { BackgroundChoice } from "./model/background";
import { DEFAULT_GRID } from "./model/limits";
import { MESSAGES } from "./model/messages";
import { type Draw, PreviewCanvas } from "./PreviewCanvas";
import { PreviewControls } from "./PreviewControls";
import { ErrorText, VisuallyHidden } from "./parts";

export function AreasEditor({
  title,
  value,
  dims,
  backgrounds,
  background,
  onBackground,
  onSave,
}: {
  title: string;
  value: Json | undefined;
  /** The piece's size: areas are in its own coordinates. */
  dims: [number, number];
  backgrounds: readonly BackgroundChoice[];
  background: string;
  onBackground(url: string): void;
  onSave(areas: Areas): void;
}) {
  const [areas, setAreas] = useState<Areas>(() => asAreas(value));
  const [editing, setEditing] = useState<string | null>(null);
  // The card in edit mode and the canvas share this draft: a click moves the area before it is saved.
  const [draft, setDraft] = useState<AreaDraft | null>(null);
  const edit = (name: string | null, from: Areas = areas) => {
    setEditing(name);
    setDraft(name === null ? null : areaDraft(from, name));
  };
  const [zoom, setZoom] = useState(1);
  const [gridCells, setGridCells] = useState(DEFAULT_GRID);
  const [removing, setRemoving] = useState<string | null>(null);

  const draw: Draw = useCallback(
    (ctx, scale) => {
      for (const name of Object.keys(areas)) {
        const a = name === editing && draft ? draftArea(draft) : areaOf(areas, name);
        ctx.strokeStyle = name === editing ? "#d32f2f" : "#1976d2";
        ctx.fillStyle = name === editing ? "rgba(211, 47, 47, 0.15)" : "rgba(25, 118, 210, 0.15)";
        ctx.lineWidth = 2;
        ctx.fillRect(a.left * scale, a.top * scale, a.width * scale, a.height * scale);
        ctx.strokeRect(a.left * scale, a.top * scale, a.width * scale, a.height * scale);
        ctx.fillStyle = "#000";
        ctx.font = "12px sans-serif";
        ctx.fillText(name, a.left * scale + 4, a.top * scale + 14);
      }
    },
    [areas, editing, draft],
  );

  const close = () => onSave(areas);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xl" aria-labelledby="areas-title">
      <DialogTitle id="areas-title">{title}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={3} sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <PreviewControls
              choices={backgrounds}
              background={background}
              onBackground={onBackground}
              zoom={zoom}
              onZoom={setZoom}
              gridCells={gridCells}
              onGridCells={setGridCells}
            />
            <PreviewCanvas
              dims={dims}
              zoom={zoom}
              background={background}
              gridCells={gridCells}
              draw={draw}
              // A click moves the area being edited so that its top-left corner is there.
              onPick={(p) => {
                if (draft) setDraft({ ...draft, left: String(p.x), top: String(p.y) });
              }}
              label="Clickable areas canvas: click to move the area being edited"
            />
          </Stack>
          <Stack spacing={1.5} sx={{ width: { lg: 460 }, flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              sx={{ alignSelf: "flex-start" }}
              onClick={() => {
                const added = addArea(areas);
                setAreas(added.areas);
                edit(added.name, added.areas);
              }}
            >
              Add area
            </Button>
            {Object.keys(areas).length === 0 && <Typography>No clickable areas yet.</Typography>}
            {Object.keys(areas).map((name) => (
              <AreaCard
                key={name}
                name={name}
                areas={areas}
                draft={editing === name ? draft : null}
                onDraft={setDraft}
                onEdit={() => edit(name)}
                onCancel={() => edit(null)}
                onSave={(next) => {
                  const saved = saveArea(areas, name, next);
                  if (!saved.ok) return saved.error;
                  setAreas(saved.value);
                  edit(null);
                  return null;
                }}
                onRemove={() => setRemoving(name)}
              />
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {MESSAGES.saveAndClose}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={MESSAGES.confirmDeletion}
        text={`The clickable area ${removing ?? ""} will be removed.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) setAreas(removeArea(areas, removing));
          if (removing === editing) edit(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Dialog>
  );
}

function AreaCard({
  name,
  areas,
  draft,
  onDraft,
  onEdit,
  onCancel,
  onSave,
  onRemove,
}: {
  name: string;
  areas: Areas;
  /** Set while the card is in edit mode. */
  draft: AreaDraft | null;
  onDraft(draft: AreaDraft): void;
  onEdit(): void;
  onCancel(): void;
  /** Answers why it could not save, or null. */
  onSave(draft: AreaDraft): string | null;
  onRemove(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const a = areaOf(areas, name);
  if (draft === null)
    return (
      <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={`Clickable area ${name}`}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2">
          left {a.left}, top {a.top}, width {a.width}, height {a.height}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={onEdit}>
            Edit<VisuallyHidden> area {name}</VisuallyHidden>
          </Button>
          <Button size="small" color="error" onClick={onRemove}>
            Remove<VisuallyHidden> area {name}</VisuallyHidden>
          </Button>
        </Stack>
      </Paper>
    );
  const problem = areaProblem(areas, name, draft);
  const changed = areaChanged(areas, name, draft);
  const field = (key: keyof AreaDraft, label: string) => (
    <TextField
      size="small"
      type={key === "name" ? "text" : "number"}
      label={label}
      value={draft[key]}
      onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
      sx={{ width: key === "name" ? "100%" : 100 }}
    />
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5 }}
      component="section"
      aria-label={`Editing clickable area ${name}`}
    >
      <Stack spacing={1}>
        {field("name", "Name")}
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {field("left", "Left")}
          {field("top", "Top")}
          {field("width", "Width")}
          {field("height", "Height")}
        </Stack>
        <ErrorText>{error ?? problem}</ErrorText>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            disabled={problem !== null || !changed}
            onClick={() => setError(onSave(draft))}
          >
            Save<VisuallyHidden> area {name}</VisuallyHidden>
          </Button>
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
