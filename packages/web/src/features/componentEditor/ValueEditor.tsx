// The editor of one property value by its kind (section 3): numbers, switches, text, images, display
// mode, JSON, and buttons opening the modal editors of positions, clickable areas, clip path and filter.
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import type { Json } from "@tt/engine";
import { useId } from "react";
import { DraftField } from "./DraftField";
import { done, refused } from "./model/outcome";
import {
  DISPLAY_MODES,
  type PropertySpec,
  parseJsonValue,
  parseNumber,
  valueSummary,
} from "./model/properties";

export type ModalKind = "positions" | "clickableAreas" | "clipPath" | "filter";

const numberParse = (t: string) => {
  const n = parseNumber(t);
  return n === null ? refused<Json>("Enter a number") : done<Json>(n);
};
const jsonParse = (t: string) => {
  const v = parseJsonValue(t);
  return v === undefined ? refused<Json>("Not valid JSON") : done<Json>(v);
};
const textParse = (t: string) => done<Json>(t);

const MODAL_LABELS: Record<ModalKind, string> = {
  positions: "Edit positions",
  clickableAreas: "Edit clickable areas",
  clipPath: "Edit clip path",
  filter: "Edit filter",
};

export function ValueEditor({
  spec,
  value,
  label,
  imageNames,
  onChange,
  onOpenModal,
}: {
  spec: PropertySpec;
  /** The stored value of this branch; undefined when the piece default applies. */
  value: Json | undefined;
  label: string;
  imageNames: readonly string[];
  onChange(value: Json): void;
  onOpenModal(kind: ModalKind): void;
}) {
  const listId = useId();
  const shown = value === undefined ? spec.default : value;
  switch (spec.kind) {
    case "number":
      return (
        <DraftField
          label={label}
          value={value}
          format={(v) => (v === undefined ? "" : String(v))}
          parse={numberParse}
          emptyIsUnset
          onCommit={onChange}
          placeholder={String(spec.default)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      );
    case "boolean":
      return (
        <Switch
          checked={shown === true}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { "aria-label": label } }}
        />
      );
    case "displayMode":
      return (
        <TextField
          select
          size="small"
          label={label}
          value={typeof shown === "string" ? shown : ""}
          onChange={(e) => onChange(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {DISPLAY_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
      );
    case "text":
    case "image":
      return (
        <>
          <DraftField
            label={label}
            value={value}
            format={(v) => (typeof v === "string" ? v : "")}
            parse={textParse}
            onCommit={onChange}
            placeholder={String(spec.default)}
            slotProps={spec.kind === "image" ? { htmlInput: { list: listId } } : undefined}
          />
          {spec.kind === "image" && (
            <datalist id={listId}>
              {imageNames.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          )}
        </>
      );
    case "positions":
    case "clickableAreas":
    case "clipPath":
    case "filter":
      return (
        <Button variant="outlined" size="small" onClick={() => onOpenModal(spec.kind as ModalKind)}>
          {MODAL_LABELS[spec.kind]}
        </Button>
      );
    case "json":
      return (
        <DraftField
          label={label}
          value={value}
          format={(v) => (v === undefined ? "" : JSON.stringify(v))}
          parse={jsonParse}
          emptyIsUnset
          onCommit={onChange}
          placeholder={valueSummary(spec.default)}
          multiline
          maxRows={6}
          sx={{ minWidth: 240 }}
        />
      );
  }
}
