// Right-click on a deck or bank (game-table.md section 2): in edit mode (or once the table has ended)
// it shows what is inside, from GET /api/container-content, as far as this viewer may see it (the
// server decides: a card it may not see is drawn and listed as a face-down card): the deck display
// and the expanded card grid (DeckDisplay.tsx). Edit mode shows no more by itself; looking through
// the pieces is an explicit 'look', written in the log for everyone.
// Outside edit mode the player gets the green hint to use the zoom lens instead.

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import Typography from "@mui/material/Typography";
import type { Component } from "@tt/engine";
import type { ContainerContentResponse as Contents } from "@tt/protocol";
import { useEffect, useState } from "react";
import { api, failureText } from "../../lib/api";
import type { BoardEnv } from "./boardEnv";
import { CardGrid, DeckDisplay } from "./DeckDisplay";

export const ZOOM_LENS_HINT = "Hold alt/option to use zoom lens";

type Loaded =
  | { state: "loading" }
  | { state: "failed"; reason: string }
  | { state: "ok"; contents: Contents };

export function contentPath(tableId: string, containerId: string): string {
  const query = new URLSearchParams({ tableId, containerId });
  return `/api/container-content?${query.toString()}`;
}

export const LOOK_BUTTON = "Look through them";
export const LOOK_NOTE = "Everyone will read in the log that you looked.";

/** What a person reads for a piece: its label, the card it shows, else its name. */
export function pieceName(c: Component): string {
  if (c.placeholder === "back") return c.type === "card" ? "face-down card" : `${c.name} (face down)`;
  if (c.placeholder === "hidden") return "hidden piece";
  const label = c.options.label;
  if (typeof label === "string" && label !== "") return label;
  const card = c.options.cardId;
  if (card !== undefined && card !== null && card !== "") return String(card);
  return c.name;
}

function PieceList({ title, pieces, env }: { title: string; pieces: Component[]; env: BoardEnv }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title} ({pieces.length})
      </Typography>
      {pieces.length === 0 ? (
        <Typography variant="body2">Empty.</Typography>
      ) : (
        <CardGrid pieces={pieces} env={env} nameOf={pieceName} />
      )}
    </Box>
  );
}

/** Whether some piece inside is one this viewer may not see. */
export function hasUnseen(contents: Contents): boolean {
  return [...contents.components, ...contents.discardedComponents].some((c) => c.placeholder !== undefined);
}

export function ContainerContents(props: {
  tableId: string;
  /** The deck or bank asked about, with its name; null when nothing is open. */
  target: { id: string; name: string; mayLook: boolean; nonce: number } | null;
  onClose: () => void;
  /** Looks through the pieces this viewer may not see (a logged edit-mode move); null where it cannot. */
  onLook?: ((containerId: string) => void) | null;
  /** The board's env: the pieces, decks and viewer the contents are drawn with. */
  env: BoardEnv;
}) {
  const { tableId, target, onClose, onLook = null, env } = props;
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const look = target?.mayLook === true ? target : null;

  useEffect(() => {
    if (look === null) return;
    let live = true;
    setLoaded({ state: "loading" });
    void api<Contents>(contentPath(tableId, look.id)).then((result) => {
      if (!live) return;
      if (result.ok && result.json !== undefined) setLoaded({ state: "ok", contents: result.json });
      else setLoaded({ state: "failed", reason: failureText(result) });
    });
    return () => {
      live = false;
    };
  }, [tableId, look]);

  if (target === null) return null;
  if (!target.mayLook) {
    return (
      <Snackbar
        key={target.nonce}
        open
        autoHideDuration={3000}
        onClose={onClose}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={onClose} sx={{ bgcolor: "#2e7d32" }}>
          {ZOOM_LENS_HINT}
        </Alert>
      </Snackbar>
    );
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="container-contents-title" fullWidth maxWidth="sm">
      <DialogTitle id="container-contents-title">Contents of {target.name}</DialogTitle>
      {/* A long deck scrolls: the keyboard can scroll it too. */}
      <DialogContent tabIndex={0}>
        {loaded.state === "loading" && <CircularProgress aria-label="Loading contents" />}
        {loaded.state === "failed" && <Alert severity="error">{loaded.reason}</Alert>}
        {loaded.state === "ok" && (
          <>
            <DeckDisplay
              inside={loaded.contents.components}
              discarded={loaded.contents.discardedComponents}
              env={env}
              nameOf={pieceName}
            />
            <PieceList title="Inside" pieces={loaded.contents.components} env={env} />
            <PieceList title="Discard pile" pieces={loaded.contents.discardedComponents} env={env} />
            {onLook !== null && hasUnseen(loaded.contents) && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {LOOK_NOTE}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {onLook !== null && loaded.state === "ok" && hasUnseen(loaded.contents) && (
          <Button
            onClick={() => {
              onLook(target.id);
              onClose();
            }}
          >
            {LOOK_BUTTON}
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
