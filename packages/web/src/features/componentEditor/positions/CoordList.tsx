// The coordinates of the selected position set (sections 2, 5): a list, reordered by dragging a row or
// with its Move up / Move down buttons, or a map keyed by name. A row is selected to be moved by the next
// canvas click; its edit mode changes index or name and x, y, with the clamps of section 5.

import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteIcon from "@mui/icons-material/Delete";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import { useState } from "react";
import { clampCoord, clampIndex } from "../model/clamps";
import {
  type CoordDraft,
  type CoordEntry,
  coordEntries,
  coordId,
  followSelection,
  isNamed,
  removeCoord,
  reorderCoords,
  saveCoordRow,
} from "../model/coords";
import type { PositionSetValue } from "../model/positions";
import { ErrorText, VisuallyHidden } from "../parts";

export function CoordList({
  set,
  selected,
  onSelect,
  onChange,
}: {
  set: PositionSetValue;
  selected: string | null;
  onSelect(key: string | null): void;
  onChange(set: PositionSetValue, selected: string | null): void;
}) {
  const entries = coordEntries(set);
  const named = isNamed(set);
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  // The selection for moving follows its coordinate through every reorder (buttons, drag, edit row).
  const move = (from: number, to: number) =>
    onChange(reorderCoords(set, from, to), followSelection(selected, from, clampIndex(to, entries.length)));

  return (
    <Table size="small" aria-label="Coordinates">
      <TableHead>
        <TableRow>
          {!named && (
            <TableCell padding="checkbox">
              {/* Named for screen readers only: the column holds the drag handles. */}
              <Box
                component="span"
                sx={{
                  position: "absolute",
                  width: "1px",
                  height: "1px",
                  overflow: "hidden",
                  clipPath: "inset(50%)",
                }}
              >
                Drag
              </Box>
            </TableCell>
          )}
          <TableCell>{named ? "Name" : "Index"}</TableCell>
          <TableCell>x</TableCell>
          <TableCell>y</TableCell>
          <TableCell>id</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.length === 0 && (
          <TableRow>
            <TableCell colSpan={6}>
              No coordinates yet: click the canvas, or Add coordinate, to add one.
            </TableCell>
          </TableRow>
        )}
        {entries.map((entry, i) =>
          editing === entry.key ? (
            <EditRow
              key={entry.key}
              entry={entry}
              named={named}
              onCancel={() => setEditing(null)}
              onSave={(draft) => {
                const saved = saveCoordRow(set, entry.key, draft, selected);
                if (!saved.ok) return saved.error;
                onChange(saved.value.set, saved.value.selected);
                setEditing(null);
                return null;
              }}
            />
          ) : (
            <TableRow
              key={entry.key}
              selected={selected === entry.key}
              draggable={!named}
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null && dragged !== i) move(dragged, i);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              {!named && (
                <TableCell padding="checkbox" sx={{ cursor: "grab" }} aria-hidden="true">
                  <DragIndicatorIcon fontSize="small" />
                </TableCell>
              )}
              <TableCell>{entry.key}</TableCell>
              <TableCell>{entry.coord.x}</TableCell>
              <TableCell>{entry.coord.y}</TableCell>
              <TableCell>{coordId(entry.coord)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                <ToggleButton
                  size="small"
                  value="move"
                  selected={selected === entry.key}
                  onChange={() => onSelect(selected === entry.key ? null : entry.key)}
                  sx={{ py: 0.25 }}
                >
                  Move<VisuallyHidden> coordinate {entry.key}</VisuallyHidden>
                </ToggleButton>
                <Button size="small" onClick={() => setEditing(entry.key)}>
                  Edit<VisuallyHidden> coordinate {entry.key}</VisuallyHidden>
                </Button>
                {!named && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Move coordinate ${entry.key} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move coordinate ${entry.key} down`}
                      disabled={i === entries.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
                <IconButton
                  size="small"
                  aria-label={`Remove coordinate ${entry.key}`}
                  onClick={() => onChange(removeCoord(set, entry.key), null)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ),
        )}
      </TableBody>
    </Table>
  );
}

function EditRow({
  entry,
  named,
  onSave,
  onCancel,
}: {
  entry: CoordEntry;
  named: boolean;
  /** Answers the refusal message, or null when saved. */
  onSave(draft: CoordDraft): string | null;
  onCancel(): void;
}) {
  const [key, setKey] = useState(entry.key);
  const [x, setX] = useState(String(entry.coord.x));
  const [y, setY] = useState(String(entry.coord.y));
  const [error, setError] = useState<string | null>(null);
  const numbers = [Number(x), Number(y)];
  const valid = x.trim() !== "" && y.trim() !== "" && numbers.every(Number.isFinite) && key.trim() !== "";
  const changed = key !== entry.key || numbers[0] !== entry.coord.x || numbers[1] !== entry.coord.y;
  const field = (label: string, value: string, set: (v: string) => void, type = "number") => (
    <TextField
      size="small"
      type={type}
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ width: type === "number" ? 110 : 140 }}
    />
  );
  return (
    <TableRow>
      {!named && <TableCell padding="checkbox" />}
      <TableCell>{field(named ? "Name" : "Index", key, setKey, named ? "text" : "number")}</TableCell>
      <TableCell>{field("x", x, setX)}</TableCell>
      <TableCell>{field("y", y, setY)}</TableCell>
      <TableCell colSpan={2}>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            disabled={!valid || !changed}
            onClick={() =>
              setError(
                onSave({ key: key.trim(), x: clampCoord(numbers[0] ?? 0), y: clampCoord(numbers[1] ?? 0) }),
              )
            }
          >
            Save<VisuallyHidden> coordinate {entry.key}</VisuallyHidden>
          </Button>
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
        <ErrorText>{error}</ErrorText>
      </TableCell>
    </TableRow>
  );
}
