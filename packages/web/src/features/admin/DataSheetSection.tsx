// The project's data sheet (admin-decks-editor.md sections 2, 4 and 7): link a spreadsheet by its id
// (the server fetches its export) or upload an .xlsx; the status reads 'Updating...' then the server's
// text. Tables read the data sheet when they start.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type DecksInfo, STATUS, XLSX_MAX_BYTES } from "@tt/protocol";
import { useState } from "react";
import { api, failureText } from "../../lib/api";
import { upload } from "../../lib/upload";
import { paths, useRefreshDecks } from "./decksApi";
import { StatusText, UploadButton, UploadProgress, useStatus, XLSX_ACCEPT } from "./parts";

export function DataSheetSection({ slug, info }: { slug: string; info: DecksInfo }) {
  const refresh = useRefreshDecks(slug);
  const [sheetId, setSheetId] = useState(info.dataSheetId);
  const link = useStatus();
  const file = useStatus();
  const [progress, setProgress] = useState<number | null>(null);
  const sheets = Object.entries(info.dataSheet);

  const saveLink = async () => {
    link.busy(STATUS.updating);
    const result = await api(paths.updateDataSheet(slug), {
      method: "POST",
      body: { dataSheetId: sheetId.trim() },
    });
    if (result.ok) link.ok(result.text || STATUS.updateSuccess);
    else link.fail(failureText(result));
    await refresh();
  };

  const uploadFile = async (chosen: File) => {
    if (chosen.size > XLSX_MAX_BYTES) {
      file.fail("The file is larger than 10 MB.");
      return;
    }
    const form = new FormData();
    form.append("file", chosen);
    file.busy(STATUS.uploading);
    setProgress(0);
    const result = await upload(paths.uploadDataSheet(slug), form, { onProgress: setProgress });
    setProgress(null);
    if (result.ok) file.ok(result.text || STATUS.uploadSuccess);
    else file.fail(failureText(result));
    await refresh();
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Tables read the data sheet when they start. Link a spreadsheet by its id, or upload an .xlsx workbook.
      </Typography>
      {info.mayEdit && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            size="small"
            label="Sheet id"
            value={sheetId}
            onChange={(event) => setSheetId(event.target.value)}
            sx={{ minWidth: 320 }}
          />
          <Button variant="outlined" onClick={() => void saveLink()}>
            Update from linked sheet
          </Button>
          <StatusText status={link.status} />
        </Stack>
      )}
      {info.mayEdit && (
        <Box>
          <UploadButton
            inputLabel="Data sheet .xlsx file"
            accept={XLSX_ACCEPT}
            busy={progress !== null}
            onFiles={([chosen]) => chosen && void uploadFile(chosen)}
          >
            Upload .xlsx
          </UploadButton>
          <UploadProgress progress={progress} />
          <StatusText status={file.status} />
        </Box>
      )}
      {sheets.length === 0 ? (
        <Typography variant="body2">No data sheet yet.</Typography>
      ) : (
        <Box component="ul" aria-label="Data sheet sheets" sx={{ m: 0 }}>
          {sheets.map(([name, rows]) => (
            <li key={name}>
              {name}: {rows} {rows === 1 ? "row" : "rows"}
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
