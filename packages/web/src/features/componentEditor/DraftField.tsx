// A text field over a stored value: it keeps what the designer types, stores it whenever it parses, and
// says why when it does not (non-numeric input is ignored, section 5). A change from elsewhere replaces
// the text unless the text already means the same value, so typing '1.' on the way to '1.5' survives.
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { Json } from "@tt/engine";
import { useState } from "react";
import type { Outcome } from "./model/outcome";

type Props = {
  value: Json | undefined;
  /** Empty text means 'not set' (the default applies): no error, nothing stored. */
  emptyIsUnset?: boolean;
  format(value: Json | undefined): string;
  parse(text: string): Outcome<Json>;
  onCommit(value: Json): void;
} & Omit<TextFieldProps, "value" | "onChange" | "error">;

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

export function DraftField({
  value,
  emptyIsUnset = false,
  format,
  parse: parseText,
  onCommit,
  helperText,
  onBlur,
  ...field
}: Props) {
  const parse = (t: string): Outcome<Json> | null => (emptyIsUnset && t.trim() === "" ? null : parseText(t));
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (!same(shown, value)) {
    setShown(value);
    const parsed = parse(text);
    if (!parsed?.ok || !same(parsed.value, value)) setText(format(value));
  }
  const parsed = parse(text);
  const error = parsed !== null && !parsed.ok ? parsed.error : null;
  return (
    <TextField
      size="small"
      {...field}
      value={text}
      error={error !== null}
      helperText={error ?? helperText}
      onBlur={(e) => {
        // Valid text settles to how the value is stored (clamped, normalised) once the field is left.
        if (parse(text)?.ok) setText(format(value));
        onBlur?.(e);
      }}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value);
        if (next?.ok && !same(next.value, value)) onCommit(next.value);
      }}
    />
  );
}
