// The table's top bar (game-table.md section 2 'Started table'): the settings popover (player
// selector, Table settings, Rulebook in a popup window), the replay toggle, undo, the global message
// banner, and the Chat and Log switches. A spectator reads 'Watching' and gets no Edit mode or Undo
// (they cannot play); everyone reads who else watches (issue 37 point 8).

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputLabel from "@mui/material/InputLabel";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { watchingLine } from "./presence";
import { SPECTATOR } from "./seat";
import type { Banner } from "./statusBar";
import { UndoRequestNotice } from "./UndoRequestNotice";
import { useWatchers } from "./usePresence";

/** What the bar says of this tab's seat: a spectator watches, a player plays a colour. */
const seatText = (seat: string) => (seat === SPECTATOR ? "Watching" : `You are playing as ${seat}`);

export function TableTopBar(props: {
  title: string;
  seat: string;
  seatChoices: string[];
  onSeat: (seat: string) => void;
  onOpenSettings: () => void;
  rulebookHref: string;
  ended: boolean;
  replayOn: boolean;
  onReplay: (on: boolean) => void;
  onUndo: (() => void) | null;
  undoDisabled: boolean;
  showChat: boolean;
  onChat: (on: boolean) => void;
  showLog: boolean;
  onLog: (on: boolean) => void;
  help: { shown: boolean; toggle: () => void } | null;
  /** Null where edit mode is not allowed. */
  editMode: { on: boolean; set: (on: boolean) => void } | null;
  /** A privileged watcher's full view of a running table (the players are told); null for everyone else. */
  fullView?: { on: boolean; set: (on: boolean) => void } | null;
  banner: Banner | null;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const { seatChoices: choices } = props;
  const spectator = props.seat === SPECTATOR;
  const me = useCurrentUser().data?.username ?? null;
  const watching = watchingLine(useWatchers(), me, spectator);
  // A spectator cannot play: no edit mode and no undo to offer them.
  const editMode = spectator ? null : props.editMode;
  const onUndo = spectator ? null : props.onUndo;
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          size="small"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          Table menu
        </Button>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {choices.length > 1 ? (
            [
              <ListSubheader key="play-as">Play as</ListSubheader>,
              ...choices.map((c) => (
                <MenuItem
                  key={c}
                  selected={c === props.seat}
                  onClick={() => {
                    props.onSeat(c);
                    close();
                  }}
                >
                  {c}
                </MenuItem>
              )),
              <Divider key="divider" />,
            ]
          ) : (
            <MenuItem disabled>{seatText(props.seat)}</MenuItem>
          )}
          <MenuItem
            onClick={() => {
              close();
              props.onOpenSettings();
            }}
          >
            Table settings
          </MenuItem>
          <MenuItem
            component="a"
            href={props.rulebookHref}
            onClick={(event) => {
              // A popup window, so the table stays where it is (section 2).
              event.preventDefault();
              close();
              window.open(props.rulebookHref, "rulebook", "popup,width=720,height=860");
            }}
          >
            Rulebook
          </MenuItem>
        </Menu>
        <Typography variant="h2" component="h1" sx={{ fontSize: "1.3rem", flex: 1 }}>
          {props.title}
          {props.ended ? " (ended)" : ""}
        </Typography>
        {choices.length > 1 ? (
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="play-as-label">Play as</InputLabel>
            <Select
              labelId="play-as-label"
              label="Play as"
              value={props.seat}
              onChange={(event) => props.onSeat(String(event.target.value))}
            >
              {choices.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : (
          <Typography variant="body2">{seatText(props.seat)}</Typography>
        )}
        {watching !== null && (
          <Typography variant="body2" color="text.secondary">
            {watching}
          </Typography>
        )}
        {editMode && (
          <FormControlLabel
            control={
              <Switch checked={editMode.on} onChange={(event) => editMode.set(event.target.checked)} />
            }
            label="Edit mode"
          />
        )}
        {props.fullView && (
          <FormControlLabel
            control={
              <Switch
                checked={props.fullView.on}
                onChange={(event) => props.fullView?.set(event.target.checked)}
              />
            }
            label="Full view (players are told)"
          />
        )}
        {onUndo !== null && (
          <Button size="small" variant="outlined" disabled={props.undoDisabled} onClick={onUndo}>
            Undo
          </Button>
        )}
        <FormControlLabel
          disabled={!props.ended}
          control={
            <Switch checked={props.replayOn} onChange={(event) => props.onReplay(event.target.checked)} />
          }
          label="Replay"
        />
        {props.help && (
          <Button size="small" aria-pressed={props.help.shown} onClick={props.help.toggle}>
            Help
          </Button>
        )}
        <FormControlLabel
          control={
            <Switch checked={props.showChat} onChange={(event) => props.onChat(event.target.checked)} />
          }
          label="Chat"
        />
        <FormControlLabel
          control={<Switch checked={props.showLog} onChange={(event) => props.onLog(event.target.checked)} />}
          label="Log"
        />
      </Stack>
      {props.banner && (
        <Box
          role="status"
          aria-label="Table message"
          sx={{
            mt: 1,
            px: 2,
            py: 0.75,
            borderRadius: 1,
            bgcolor: props.banner.background,
            color: props.banner.color,
            fontWeight: 600,
            textAlign: "center",
          }}
        >
          {props.banner.text}
        </Box>
      )}
      <UndoRequestNotice seat={props.seat} />
    </Box>
  );
}
