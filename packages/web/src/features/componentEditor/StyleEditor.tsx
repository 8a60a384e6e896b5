// The clip path and filter editors (section 2): a multiline text box with a live preview of the CSS on
// the chosen background, at the piece's size. Closing the modal stores the text.
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { Json } from "@tt/engine";
import { useState } from "react";
import type { BackgroundChoice } from "./model/background";
import { fitScale } from "./model/canvas";
import { MESSAGES } from "./model/messages";
import { BackgroundPicker } from "./PreviewControls";

const EXAMPLES = {
  clipPath: "circle(50%) or polygon(50% 0, 100% 100%, 0 100%)",
  filter: "grayscale(1) or drop-shadow(2px 2px 4px black)",
};

export function StyleEditor({
  kind,
  title,
  value,
  dims,
  backgrounds,
  background,
  onBackground,
  onSave,
}: {
  kind: "clipPath" | "filter";
  title: string;
  value: Json | undefined;
  dims: [number, number];
  backgrounds: readonly BackgroundChoice[];
  background: string;
  onBackground(url: string): void;
  onSave(text: string): void;
}) {
  const [text, setText] = useState(typeof value === "string" ? value : "");
  const scale = fitScale(dims, 320);
  const css = kind === "clipPath" ? { clipPath: text.trim() } : { filter: text.trim() };
  const close = () => onSave(text);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="style-title">
      <DialogTitle id="style-title">{title}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: "column", md: "row" }} spacing={3} sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ flex: 1 }}>
            <BackgroundPicker choices={backgrounds} value={background} onChange={onBackground} />
            <TextField
              label={kind === "clipPath" ? "Clip path" : "Filter"}
              multiline
              minRows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              helperText={`CSS, for example ${EXAMPLES[kind]}`}
            />
          </Stack>
          <Box
            role="img"
            aria-label={`Preview of the ${kind === "clipPath" ? "clip path" : "filter"}`}
            sx={{
              width: dims[0] * scale,
              height: dims[1] * scale,
              flexShrink: 0,
              // A checkerboard shows what is cut away even without a background image.
              background: background
                ? `center / 100% 100% no-repeat url("${background.replace(/"/g, "%22")}")`
                : "repeating-conic-gradient(#bbb 0% 25%, #eee 0% 50%) 0 0 / 20px 20px",
              ...css,
            }}
          />
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
