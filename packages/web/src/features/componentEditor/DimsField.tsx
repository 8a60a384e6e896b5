// A dims editor (sections 3, 5): a two-element array of integers 1..1000, else 'Incorrect dims'.
import type { Json } from "@tt/engine";
import { DraftField } from "./DraftField";
import { parseDimsText } from "./model/positions";

const format = (v: Json | undefined) => (Array.isArray(v) ? JSON.stringify(v).replace(",", ", ") : "");

export function DimsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Json | undefined;
  onChange(dims: [number, number]): void;
}) {
  return (
    <DraftField
      label={label}
      value={value}
      format={format}
      parse={parseDimsText}
      onCommit={(v) => onChange(v as [number, number])}
      helperText="[width, height], each 1 to 1000"
      sx={{ width: 200 }}
    />
  );
}
