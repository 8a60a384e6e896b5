import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { EDITED_GAME_LABEL, TABLE_MODES, type TableInfo } from "@tt/protocol";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ColorDot } from "../../lib/ColorDot";
import { lobbyCache, useTableAction } from "./api";
import { CopyTableLink } from "./CopyTableLink";
import {
  ACTION_LABELS,
  seatJoined,
  seatLabel,
  seatLeft,
  startRefusalHint,
  tileOffer,
  tileStatText,
  type Viewer,
} from "./tableLists";
import { tablePath } from "./useLobbyEvents";

interface Props {
  table: TableInfo;
  viewer: Viewer;
  /** Created while the lobby was open (a table-create event). */
  isNew?: boolean;
  /** Outside the lobby (the profile) the tile links to its project's lobby. */
  showLobbyLink?: boolean;
  /**
   * On the table's own page before it starts (its pre-start lobby, where the shared link leads): the
   * tile offers 'Leave lobby', back to the project's lobby, and its actions need no lobby lists.
   */
  inTableLobby?: boolean;
  /** A join, leave or start of this tile worked (the caller refreshes what it shows). */
  onChanged?: () => void;
}

const STATUS_LABELS: Record<TableInfo["status"], string> = {
  open: "Open",
  midgame: "Midgame",
  ended: "Ended",
  notexist: "Removed",
};

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** One table in the lobby lists (spec section 2, 'Table tile'). Every action's refusal shows in the tile. */
export function TableTile({
  table,
  viewer,
  isNew = false,
  showLobbyLink = false,
  inTableLobby = false,
  onChanged,
}: Props) {
  const slug = table.projectInfo.slug;
  const client = useQueryClient();
  const navigate = useNavigate();
  const actions = useTableAction(slug);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = useId();
  const offer = tileOffer(table, viewer);
  const path = tablePath(slug, table.tableId);
  const busy = [actions.start, actions.join, actions.leave, actions.erase].some((m) => m.isPending);
  const fail = (err: Error) => setError(err.message);
  const cache = lobbyCache(client, slug);
  const me = { username: viewer.username, badges: [] };

  const join = (color: string) => {
    setError(null);
    actions.join.mutate(
      { tableId: table.tableId, color },
      {
        onSuccess: () => {
          cache.update(table.tableId, (t) => seatJoined(t, { tableId: t.tableId, color, userInfo: me }));
          onChanged?.();
        },
        onError: fail,
      },
    );
  };
  const leave = (color: string) => {
    setError(null);
    actions.leave.mutate(table.tableId, {
      onSuccess: () => {
        cache.update(table.tableId, (t) => seatLeft(t, { tableId: t.tableId, color, userInfo: me }));
        onChanged?.();
      },
      onError: fail,
    });
  };
  const start = () => {
    setError(null);
    // On the table's page the game loads there (its table-started event); from a list, go to it.
    actions.start.mutate(table.tableId, {
      onSuccess: () => (inTableLobby ? onChanged?.() : navigate(path)),
      onError: fail,
    });
  };
  const erase = () => {
    setConfirmDelete(false);
    setError(null);
    actions.erase.mutate(table.tableId, { onSuccess: () => cache.remove(table.tableId), onError: fail });
  };

  const options = Object.entries(table.options);
  const hint = error === null ? null : startRefusalHint(error, inTableLobby);
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId} sx={{ height: "100%" }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 0.5 }}>
          <Typography id={headingId} variant="h3" component="h3">
            {table.projectInfo.project_name}
          </Typography>
          {isNew && <Chip size="small" color="secondary" label="New" />}
          {table.isPrivate && <Chip size="small" variant="outlined" label="Private table" />}
          {table.edited && <Chip size="small" variant="outlined" color="warning" label={EDITED_GAME_LABEL} />}
        </Stack>
        <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 0.5 }}>
          <Typography variant="body2" component="span">{`ID: ${table.tableId}`}</Typography>
          <CopyTableLink path={path} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {`Created ${formatTime(table.createdTime)} by ${table.creator.username}`}
        </Typography>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, my: 1 }}>
          <Field name="Players" value={String(table.numPlayers)} />
          <Field name="Turns played" value={String(table.turnsPlayed)} />
          <Field
            name="Table mode"
            value={TABLE_MODES[table.tableMode as keyof typeof TABLE_MODES] ?? table.tableMode}
          />
          <Field name="Status" value={STATUS_LABELS[table.status] ?? table.status} />
          {options.map(([key, option]) => (
            <Field key={key} name={option.display_name} value={option.display_value} />
          ))}
          {table.activePlayer && <Field name="Active player" value={activePlayerLabel(table)} />}
          {(table.tableTileStats ?? []).map((stat) => (
            <Field key={`stat-${stat.name}`} name={stat.displayName} value={tileStatText(stat)} />
          ))}
        </Box>
        {table.playerColors.length > 0 && (
          <Box component="ul" aria-label="Players" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {table.playerColors.map((seat) => (
              <Box
                component="li"
                key={seat.color}
                sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.25 }}
              >
                <ColorDot color={seat.color} />
                <Typography variant="body2" component="span">
                  {seatLabel(seat)}
                </Typography>
                {offer.leaveColor === seat.color && (
                  <Button size="small" disabled={busy} onClick={() => leave(seat.color)}>
                    Leave table
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
        {offer.messages.map((message) => (
          <Typography key={message} variant="body2" sx={{ mt: 1 }}>
            {message}
          </Typography>
        ))}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
            {hint !== null && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {hint}
              </Typography>
            )}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }} disableSpacing>
        {offer.joinColors.map((color) => (
          <Button
            key={color}
            size="small"
            variant="outlined"
            disabled={busy}
            startIcon={<ColorDot color={color} decorative />}
            onClick={() => join(color)}
          >
            {`Join as ${color}`}
          </Button>
        ))}
        {offer.action === "start" && (
          <Button size="small" variant="contained" disabled={busy} onClick={start}>
            {ACTION_LABELS.start}
          </Button>
        )}
        {offer.action && offer.action !== "start" && !inTableLobby && (
          <Button size="small" variant="contained" component={Link} to={path}>
            {ACTION_LABELS[offer.action]}
          </Button>
        )}
        {offer.tablePage && !inTableLobby && (
          <Button size="small" variant="outlined" component={Link} to={path}>
            Open table page
          </Button>
        )}
        {inTableLobby && (
          <Button size="small" component={Link} to={`/projects/${encodeURIComponent(slug)}`}>
            Leave lobby
          </Button>
        )}
        {showLobbyLink && (
          <Button size="small" component={Link} to={`/projects/${encodeURIComponent(slug)}`}>
            Go to lobby
          </Button>
        )}
        {offer.canDelete && (
          <Button
            size="small"
            color="error"
            disabled={busy}
            startIcon={<DeleteIcon />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete table
          </Button>
        )}
      </CardActions>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby={`${headingId}-delete`}
      >
        <DialogTitle id={`${headingId}-delete`}>{`Delete table ${table.tableId}?`}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={erase}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** 'red (bob)': the active colour with its player; several colours (simultaneous turns) comma-separated. */
function activePlayerLabel(table: TableInfo): string {
  return (table.activePlayer ?? "")
    .split(",")
    .map((color) => {
      const seat = table.playerColors.find((s) => s.color === color);
      return seat ? `${color} (${seatLabel(seat)})` : color;
    })
    .join(", ");
}

function Field({ name, value }: { name: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}
