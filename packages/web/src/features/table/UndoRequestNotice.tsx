// Under the table's top bar: the undo request waiting at the table ('red asks to take back their
// move', with Accept and Refuse for the asker's opponents), and the asker's news when it ended without
// the undo ('Your undo was refused'). Not a modal: the game stays in view and in reach.

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { answersRequest, askText } from "./undoRequests";
import { useUndoRequestsAtTable } from "./useUndoRequests";

export function UndoRequestNotice({ seat }: { seat: string }) {
  const requests = useUndoRequestsAtTable();
  if (requests === null) return null;
  const { request, ending, me } = requests;
  return (
    <>
      {request !== null && (
        <Alert
          severity="info"
          aria-label="Undo request"
          sx={{ mt: 1 }}
          action={
            answersRequest(request, seat, me) ? (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="contained" onClick={() => requests.answer(request.id, true)}>
                  Accept
                </Button>
                <Button size="small" variant="outlined" onClick={() => requests.answer(request.id, false)}>
                  Refuse
                </Button>
              </Stack>
            ) : undefined
          }
        >
          {request.username === me
            ? "You asked to take back your move: waiting for an answer"
            : askText(request)}
        </Alert>
      )}
      {ending !== null && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={requests.dismiss}>
          {ending}
        </Alert>
      )}
    </>
  );
}
