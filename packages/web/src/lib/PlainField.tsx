// A labelled outlined text box for the first page a visitor loads (the login form). MUI's TextField
// looks the same but imports its select mode too (Select, Menu, Popover, Modal: 24 KB on the wire),
// which a login form never uses; issue 37 point 9 keeps login and home within 150 KB.
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput, { type OutlinedInputProps } from "@mui/material/OutlinedInput";
import { useId } from "react";

export function PlainField({
  label,
  ...input
}: { label: string } & Omit<OutlinedInputProps, "label" | "id">) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth={input.fullWidth ?? false}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} />
    </FormControl>
  );
}
