// The positions editor (sections 2, 5, 9): a modal working on a copy of one positions value; 'Save and
// Close' (or closing it any other way) hands the copy back to be stored. A click on the canvas adds a
// coordinate to the chosen set, or moves the coordinate selected for moving; 'Add coordinate' adds one
// at a free point near the centre, to be moved or edited from the list.
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Coord, Json } from "@tt/engine";
import { useCallback, useState } from "react";
import { DimsField } from "../DimsField";
import type { BackgroundChoice } from "../model/background";
import { addCoord, freeSpot, moveCoord } from "../model/coords";
import { type DotSize, drawPositions } from "../model/drawPositions";
import { DEFAULT_GRID, DOT_SIZES } from "../model/limits";
import { MESSAGES } from "../model/messages";
import { asPositions, dimsOf, type Positions, setNames, setOf, withDims, withSet } from "../model/positions";
import { type Draw, PreviewCanvas } from "../PreviewCanvas";
import { PreviewControls } from "../PreviewControls";
import { ErrorText, useTimedMessage, VisuallyHidden } from "../parts";
import { CoordList } from "./CoordList";
import { SetCard } from "./SetCard";
import { SetSelector } from "./SetSelector";

export function PositionsEditor({
  title,
  value,
  pieceNames,
  backgrounds,
  background,
  onBackground,
  onSave,
}: {
  title: string;
  value: Json | undefined;
  pieceNames: readonly string[];
  backgrounds: readonly BackgroundChoice[];
  background: string;
  onBackground(url: string): void;
  /** Called once, with the edited positions, when the modal closes. */
  onSave(positions: Positions): void;
}) {
  const [draft, setDraft] = useState<Positions>(() => asPositions(value));
  const [setName, setSetName] = useState(() => setNames(asPositions(value))[0] ?? "");
  const [moving, setMoving] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [dot, setDot] = useState<DotSize>("medium");
  const [gridCells, setGridCells] = useState(DEFAULT_GRID);
  const notice = useTimedMessage();
  const dims = dimsOf(draft);
  const set = setOf(draft, setName);

  const pick = (point: Coord) => {
    if (!set) return notice.show("Add a position set first.");
    if (moving !== null) setDraft(withSet(draft, setName, moveCoord(set, moving, point)));
    else setDraft(withSet(draft, setName, addCoord(set, point).set));
  };

  const draw: Draw = useCallback(
    (ctx, scale) => drawPositions(ctx, scale, draft, setName, moving, dot),
    [draft, setName, moving, dot],
  );

  const close = () => onSave(draft);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xl" aria-labelledby="positions-title">
      <DialogTitle id="positions-title">{title}</DialogTitle>
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
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
              <TextField
                select
                size="small"
                label="Dot size"
                value={dot}
                onChange={(e) => setDot(e.target.value as DotSize)}
                sx={{ width: 140 }}
              >
                {(Object.keys(DOT_SIZES) as DotSize[]).map((d) => (
                  <MenuItem key={d} value={d}>
                    {d} ({DOT_SIZES[d]})
                  </MenuItem>
                ))}
              </TextField>
              <DimsField label="Dims" value={draft.dims} onChange={(d) => setDraft(withDims(draft, d))} />
            </Stack>
            <PreviewCanvas
              dims={dims}
              zoom={zoom}
              background={background}
              gridCells={gridCells}
              draw={draw}
              onPick={pick}
              label={
                moving === null
                  ? `Positions canvas: click to add a coordinate to ${setName || "a position set"}`
                  : `Positions canvas: click to move coordinate ${moving}`
              }
            />
            <ErrorText>{notice.message}</ErrorText>
          </Stack>
          <Stack spacing={2} sx={{ width: { lg: 560 }, flexShrink: 0 }}>
            <SetSelector
              positions={draft}
              selected={setName}
              onSelect={(n) => {
                setSetName(n);
                setMoving(null);
              }}
              onChange={(next, selected) => {
                setDraft(next);
                setSetName(selected);
                setMoving(null);
              }}
            />
            {set && (
              <>
                <SetCard
                  key={setName}
                  name={setName}
                  set={set}
                  pieceNames={pieceNames}
                  onSave={(s) => setDraft(withSet(draft, setName, s))}
                />
                <Stack
                  direction="row"
                  sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}
                >
                  <Typography variant="subtitle2" component="h3">
                    Coordinates of {setName}
                  </Typography>
                  {/* A named button beside the canvas: keyboard and voice users add one here too. */}
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<AddIcon />}
                    onClick={() => setDraft(withSet(draft, setName, addCoord(set, freeSpot(set, dims)).set))}
                  >
                    Add coordinate<VisuallyHidden> to {setName}</VisuallyHidden>
                  </Button>
                </Stack>
                <CoordList
                  set={set}
                  selected={moving}
                  onSelect={setMoving}
                  onChange={(s, selected) => {
                    setDraft(withSet(draft, setName, s));
                    setMoving(selected);
                  }}
                />
              </>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {MESSAGES.saveAndClose}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
