// The edit tools' dialogs: create a component at a place, change counters (the players' and the
// selected component's numbers and variables), set a player's attribute. Each button sends one
// edit-mode move built by editMoves.ts; what the table looks like afterwards comes from the server.

import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Component, Json, Move, PieceLibrary, Situation } from "@tt/engine";
import { type MouseEvent, type ReactNode, useMemo, useState } from "react";
import {
  type ComponentValue,
  componentName,
  componentValues,
  counterMove,
  creatables,
  createMove,
  moveTargets,
  playerAttrMove,
  typedValue,
  valueMove,
  valueStep,
} from "./editMoves";

type Send = (move: Move) => void;

/** Ctrl-click changes a counter by 10, a plain click by 1 (game-table.md section 9). */
const step = (event: MouseEvent) => (event.ctrlKey || event.metaKey ? 10 : 1);

const show = (value: Json) => (typeof value === "string" ? value : JSON.stringify(value));

function NativeSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      id={props.id}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true } }}
      fullWidth
    >
      {props.children}
    </TextField>
  );
}

function EditDialog(props: { id: string; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={props.id} fullWidth maxWidth="sm">
      <DialogTitle id={props.id}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function CreateDialog(props: {
  situation: Situation;
  pieces: PieceLibrary;
  selected: string | null;
  send: Send;
  onClose: () => void;
}) {
  const { situation, pieces, send, onClose } = props;
  const choices = useMemo(() => creatables(situation, pieces), [situation, pieces]);
  const places = useMemo(() => moveTargets(situation, pieces, null), [situation, pieces]);
  const [what, setWhat] = useState(choices[0]?.key ?? "");
  const [where, setWhere] = useState("0");
  const choice = choices.find((c) => c.key === what);
  const place = places[Number(where)];
  return (
    <EditDialog id="edit-create-title" title="Create a component" onClose={onClose}>
      <NativeSelect id="edit-create-what" label="Component" value={what} onChange={setWhat}>
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect id="edit-create-where" label="Place" value={where} onChange={setWhere}>
        {places.map((p, i) => (
          <option key={`${p.destinationId}/${p.positionName}/${p.slot ?? ""}`} value={String(i)}>
            {p.label}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="contained"
        disabled={choice === undefined || place === undefined}
        onClick={() => {
          if (choice === undefined || place === undefined) return;
          send(createMove(choice, place));
          onClose();
        }}
      >
        Create
      </Button>
    </EditDialog>
  );
}

/** One number with its -, + and a field to set it. */
function CounterRow(props: {
  name: string;
  value: Json;
  numeric: boolean;
  onStep?: (by: number) => void;
  onSet: (value: Json) => void;
}) {
  const { name, value, numeric, onStep, onSet } = props;
  const [draft, setDraft] = useState("");
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Typography variant="body2" sx={{ minWidth: 160 }}>{`${name}: ${show(value)}`}</Typography>
      {numeric && onStep && (
        <>
          <Button size="small" aria-label={`Lower ${name}`} onClick={(e) => onStep(-step(e))}>
            -
          </Button>
          <Button size="small" aria-label={`Raise ${name}`} onClick={(e) => onStep(step(e))}>
            +
          </Button>
        </>
      )}
      <TextField
        size="small"
        label={`New ${name}`}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        sx={{ width: 140 }}
      />
      <Button
        size="small"
        aria-label={`Set ${name}`}
        disabled={draft.trim() === "" || (numeric && !Number.isFinite(Number(draft)))}
        onClick={() => {
          onSet(numeric ? Number(draft) : typedValue(draft));
          setDraft("");
        }}
      >
        Set
      </Button>
    </Stack>
  );
}

export function CountersDialog(props: {
  situation: Situation;
  component: Component | null;
  send: Send;
  onClose: () => void;
}) {
  const { situation, component, send, onClose } = props;
  const [newName, setNewName] = useState("");
  const [newValue, setNewValue] = useState("");
  const values: ComponentValue[] = component === null ? [] : componentValues(component);
  return (
    <EditDialog id="edit-counters-title" title="Counters" onClose={onClose}>
      <Typography variant="subtitle2" component="h3">
        Player counters
      </Typography>
      {situation.players.flatMap((p) =>
        p.counters.map((c) => (
          <CounterRow
            key={`${p.color}/${c.name}`}
            name={`${p.color} ${c.name}`}
            value={c.value}
            numeric
            onStep={(by) => send(counterMove(p.color, c.name, { by }))}
            onSet={(to) => send(counterMove(p.color, c.name, { to: to as number }))}
          />
        )),
      )}
      {component !== null && (
        <>
          <Typography variant="subtitle2" component="h3">
            {`Values of ${componentName(situation, component)}`}
          </Typography>
          {values.map((v) => (
            <CounterRow
              key={`${v.source}/${v.name}`}
              name={v.name}
              value={v.value}
              numeric={typeof v.value === "number"}
              onStep={(by) => send(valueStep(component, v, by))}
              onSet={(to) => send(valueMove(component, v, to))}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <TextField
              size="small"
              label="Variable"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
            />
            <TextField
              size="small"
              label="Value"
              value={newValue}
              onChange={(e) => setNewValue(e.target.value)}
            />
            <Button
              size="small"
              aria-label="Set variable"
              disabled={newName.trim() === ""}
              onClick={() => {
                const variable: ComponentValue = { source: "variable", name: newName.trim(), value: null };
                send(valueMove(component, variable, typedValue(newValue)));
                setNewName("");
                setNewValue("");
              }}
            >
              Set
            </Button>
          </Stack>
        </>
      )}
    </EditDialog>
  );
}

export function PlayerAttrDialog(props: { situation: Situation; send: Send; onClose: () => void }) {
  const { situation, send, onClose } = props;
  const [player, setPlayer] = useState(situation.players[0]?.color ?? "");
  const [attr, setAttr] = useState("");
  const [value, setValue] = useState("");
  const current = situation.players.find((p) => p.color === player);
  const attrs = Object.entries(current?.customAttrs ?? {});
  return (
    <EditDialog id="edit-attr-title" title="Set a player attribute" onClose={onClose}>
      <NativeSelect id="edit-attr-player" label="Player" value={player} onChange={setPlayer}>
        {situation.players.map((p) => (
          <option key={p.color} value={p.color}>
            {p.color}
          </option>
        ))}
      </NativeSelect>
      {attrs.length > 0 && (
        <Typography variant="body2">
          {`Now: ${attrs.map(([k, v]) => `${k} = ${show(v)}`).join(", ")}`}
        </Typography>
      )}
      <TextField size="small" label="Attribute" value={attr} onChange={(e) => setAttr(e.target.value)} />
      <TextField
        size="small"
        label="Value"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText="A number, true, false or null is taken as such; anything else as text."
      />
      <Button
        variant="contained"
        disabled={player === "" || attr.trim() === ""}
        onClick={() => {
          send(playerAttrMove(player, attr.trim(), typedValue(value)));
          onClose();
        }}
      >
        Set attribute
      </Button>
    </EditDialog>
  );
}
