// Every property of the selected piece with its default (section 3): plain values edited in place,
// conditional ones one branch at a time, each with its conditional results editor. Width and height
// cannot be removed; removing another property drops its conditional cases with it (sections 4, 5).
import DeleteIcon from "@mui/icons-material/Delete";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { Json } from "@tt/engine";
import { type FormEvent, useState } from "react";
import {
  type Branch,
  branchesOf,
  branchLabel,
  branchValue,
  isConditional,
  withBranchValue,
} from "./model/conditional";
import {
  mayRemoveProperty,
  newPropertyProblem,
  type PropertySpec,
  propertyRows,
  valueSummary,
} from "./model/properties";
import type { Piece } from "./model/tree";
import { VisuallyHidden } from "./parts";
import { type ModalKind, ValueEditor } from "./ValueEditor";

export interface PropertyActions {
  onChange(property: string, value: Json): void;
  onRemove(property: string): void;
  onOpenModal(property: string, kind: ModalKind, branch: Branch): void;
  onOpenConditions(property: string): void;
}

export function PropertiesPanel({
  pieceName,
  piece,
  imageNames,
  actions,
}: {
  pieceName: string;
  piece: Piece;
  imageNames: readonly string[];
  actions: PropertyActions;
}) {
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={`Properties of ${pieceName}`}>
        <TableHead>
          <TableRow>
            <TableCell>Property</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {propertyRows(piece).map((spec) => (
            <PropertyRow
              key={spec.name}
              spec={spec}
              value={piece[spec.name]}
              isSet={Object.hasOwn(piece, spec.name)}
              imageNames={imageNames}
              actions={actions}
            />
          ))}
        </TableBody>
      </Table>
      <AddProperty piece={piece} onAdd={(name) => actions.onChange(name, "")} />
    </Stack>
  );
}

function PropertyRow({
  spec,
  value,
  isSet,
  imageNames,
  actions,
}: {
  spec: PropertySpec;
  value: Json | undefined;
  isSet: boolean;
  imageNames: readonly string[];
  actions: PropertyActions;
}) {
  const [chosen, setChosen] = useState<Branch>("default");
  const branches = branchesOf(value);
  // A removed result leaves the row on the default rather than on nothing.
  const branch = branches.includes(chosen) ? chosen : "default";
  const conditional = isConditional(value);
  const removable = isSet && mayRemoveProperty(spec.name);
  return (
    <TableRow>
      <TableCell sx={{ verticalAlign: "top" }}>
        <Typography sx={{ fontWeight: isSet ? 600 : 400 }}>{spec.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          default: {valueSummary(spec.default)}
        </Typography>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
          {conditional && (
            <TextField
              select
              size="small"
              label={`Branch of ${spec.name}`}
              value={String(branch)}
              onChange={(e) => setChosen(e.target.value === "default" ? "default" : Number(e.target.value))}
              sx={{ minWidth: 180 }}
            >
              {branches.map((b) => (
                <MenuItem key={String(b)} value={String(b)}>
                  {branchLabel(value, b)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ValueEditor
            spec={spec}
            value={branchValue(value, branch)}
            label={spec.name}
            imageNames={imageNames}
            onChange={(v) => actions.onChange(spec.name, withBranchValue(value, branch, v))}
            onOpenModal={(kind) => actions.onOpenModal(spec.name, kind, branch)}
          />
          {!isSet && <Chip size="small" label="default" variant="outlined" />}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Button size="small" onClick={() => actions.onOpenConditions(spec.name)}>
          Conditions{conditional ? ` (${branches.length - 1})` : ""}
          <VisuallyHidden> of {spec.name}</VisuallyHidden>
        </Button>
        <Tooltip
          title={mayRemoveProperty(spec.name) ? "Remove (use the default)" : `${spec.name} cannot be removed`}
        >
          <span>
            <IconButton
              aria-label={`Remove ${spec.name}`}
              disabled={!removable}
              onClick={() => actions.onRemove(spec.name)}
            >
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

function AddProperty({ piece, onAdd }: { piece: Piece; onAdd(name: string): void }) {
  const [name, setName] = useState("");
  const problem = name === "" ? null : newPropertyProblem(piece, name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name === "" || problem) return;
    onAdd(name.trim());
    setName("");
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextField
        size="small"
        label="New property name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={problem !== null}
        helperText={problem ?? "A game-specific property, edited as JSON"}
      />
      <Button type="submit" disabled={name === "" || problem !== null}>
        Add property
      </Button>
    </Stack>
  );
}
