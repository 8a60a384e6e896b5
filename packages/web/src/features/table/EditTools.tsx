// Edit mode's toolbar (game-table.md sections 1, 2, 3 and 6): the hand moves that put a table right,
// acting on the selected component: Flip, Delete, Move to... (a click on the board, or a place from
// the list), Reshuffle a deck, and the dialogs to create a component, change counters and values, and
// set a player's attribute. Shown only in edit mode; every move goes to the server as an edit-mode turn,
// which the server checks and the log marks 'edit'.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { findComponent, type PieceLibrary, type Situation } from "@tt/engine";
import { useMemo, useState } from "react";
import { CountersDialog, CreateDialog, PlayerAttrDialog } from "./EditDialogs";
import { componentName, deleteMove, flipMove, moveTargets, reshuffleMove } from "./editMoves";
import type { EditTools as Tools } from "./useEditTools";

export function EditTools(props: {
  tools: Tools;
  situation: Situation;
  pieces: PieceLibrary;
  selected: string | null;
}) {
  const { tools, situation, pieces, selected } = props;
  const component = selected === null ? undefined : findComponent(situation.root, selected);
  const name = component === undefined ? null : componentName(situation, component);
  const remove = component === undefined ? null : deleteMove(situation, component);
  const reshuffle = component === undefined ? null : reshuffleMove(component);
  const close = () => tools.setDialog(null);
  return (
    <Paper
      role="toolbar"
      aria-label="Edit tools"
      variant="outlined"
      sx={{ p: 1, mb: 1, borderColor: "#8e24aa", display: "flex", flexDirection: "column", gap: 1 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Typography variant="body2" sx={{ fontWeight: 600, color: "#8e24aa" }}>
          Edit mode
        </Typography>
        <Typography variant="body2" aria-live="polite">
          {name === null ? "Select a component to change it." : `Selected: ${name}`}
        </Typography>
        <Button
          size="small"
          disabled={component === undefined}
          onClick={() => component && tools.send(flipMove(component))}
        >
          Flip
        </Button>
        <Button size="small" disabled={remove === null} onClick={() => remove && tools.send(remove)}>
          Delete
        </Button>
        <Button
          size="small"
          disabled={component === undefined}
          aria-pressed={tools.placing !== null}
          onClick={() => tools.setPlacing(tools.placing === null ? (selected ?? null) : null)}
        >
          Move to...
        </Button>
        {reshuffle !== null && (
          <Button size="small" onClick={() => tools.send(reshuffle)}>
            Reshuffle
          </Button>
        )}
        <Button size="small" onClick={() => tools.setDialog("create")}>
          Create...
        </Button>
        <Button size="small" onClick={() => tools.setDialog("counters")}>
          Counters...
        </Button>
        <Button size="small" onClick={() => tools.setDialog("player attribute")}>
          Player attribute...
        </Button>
      </Stack>
      {tools.placing !== null && name !== null && (
        <PlacePicker tools={tools} situation={situation} pieces={pieces} name={name} />
      )}
      {tools.dialog === "create" && (
        <CreateDialog
          situation={situation}
          pieces={pieces}
          selected={selected}
          send={tools.send}
          onClose={close}
        />
      )}
      {tools.dialog === "counters" && (
        <CountersDialog
          situation={situation}
          component={component ?? null}
          send={tools.send}
          onClose={close}
        />
      )}
      {tools.dialog === "player attribute" && (
        <PlayerAttrDialog situation={situation} send={tools.send} onClose={close} />
      )}
    </Paper>
  );
}

/** Where the piece goes: any place clicked on the board, or one chosen from every place there is. */
function PlacePicker(props: { tools: Tools; situation: Situation; pieces: PieceLibrary; name: string }) {
  const { tools, situation, pieces, name } = props;
  const targets = useMemo(
    () => moveTargets(situation, pieces, tools.placing),
    [situation, pieces, tools.placing],
  );
  const [chosen, setChosen] = useState(0);
  const target = targets[chosen] ?? targets[0];
  return (
    <Box
      role="group"
      aria-label="Move to"
      sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
    >
      <Typography variant="body2">{`Click a place on the board for ${name}, or choose one:`}</Typography>
      <TextField
        select
        size="small"
        label="Place"
        id="edit-move-place"
        value={String(chosen)}
        onChange={(e) => setChosen(Number(e.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 220 }}
      >
        {targets.map((t, i) => (
          <option key={`${t.destinationId}/${t.positionName}/${t.slot ?? ""}`} value={i}>
            {t.label}
          </option>
        ))}
      </TextField>
      <Button
        size="small"
        variant="contained"
        disabled={target === undefined}
        onClick={() => target && tools.placeAt(target)}
      >
        Move here
      </Button>
      <Button size="small" onClick={() => tools.setPlacing(null)}>
        Cancel
      </Button>
    </Box>
  );
}
