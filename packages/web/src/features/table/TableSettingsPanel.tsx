// The table settings panel (game-table.md section 2): this browser's settings, the table's modes, and
// the admin and designer controls of section 6. Every control the server guards is shown only to
// whom the server allows it; the server refuses the rest anyway.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import FormControlLabel from "@mui/material/FormControlLabel";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { EVALUATION_SPEED } from "@tt/engine";
import { useId, useState } from "react";
import { ReplaceWithBots } from "./ReplaceWithBots";
import { VOLUME, ZOOM } from "./settings";
import type { TableSettingsState } from "./useTableSettings";

export interface TableControls {
  /** Reload, bind, restart: the server's answer (table.controls.maintain; site admins and designers). */
  mayReload: boolean;
  /** Debug tables: the server's answer (table.controls.debug; site admins). */
  isAdmin: boolean;
  midgame: boolean;
  bound: boolean;
  onReloadDecks: () => void;
  onReloadDataSheet: () => void;
  onReloadComponents: () => void;
  onReloadDevComponents: () => void;
  onBind: (bound: boolean) => void;
  onRestart: () => void;
  /** Null when no debug table can be made here (the table has not started). */
  onDebugTable: (() => void) | null;
  /** Demo-invite tables, for admins, designers and mods: one link per seat. */
  inviteSeats: string[];
  /** The table, for giving a left player's seat to a bot (with mayReload: the same admins). */
  botTable?: { slug: string; tableId: string };
  onInviteLink: (color: string) => void;
}

function SliderRow(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format?: (v: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { label, value, min, max, step, format = String, onChange } = props;
  return (
    <Box>
      <Typography id={id} variant="body2" gutterBottom>
        {label}: {format(value)}
      </Typography>
      <Slider
        aria-labelledby={id}
        value={Math.min(max, Math.max(min, value))}
        min={min}
        max={max}
        step={step}
        valueLabelDisplay="auto"
        valueLabelFormat={format}
        onChange={(_event, v) => onChange(Array.isArray(v) ? (v[0] ?? min) : v)}
      />
    </Box>
  );
}

function Toggle(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />}
      label={props.label}
    />
  );
}

export function TableSettingsPanel(props: {
  open: boolean;
  onClose: () => void;
  settings: TableSettingsState;
  editModeAllowed: boolean;
  editMode: boolean;
  onEditMode: (on: boolean) => void;
  cheatMode: boolean;
  onCheatMode: (on: boolean) => void;
  controls: TableControls;
}) {
  const { open, onClose, settings: s, editModeAllowed, controls: c } = props;
  const [confirmRestart, setConfirmRestart] = useState(false);
  const { settings, update } = s;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { "aria-label": "Table settings" } }}
    >
      <Box component="section" sx={{ width: 340, p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 2 }}>
          Table settings
        </Typography>
        <Stack spacing={1}>
          <SliderRow
            label="Zoom"
            value={s.zoomDraft}
            min={ZOOM.min}
            max={ZOOM.max}
            step={ZOOM.step}
            format={(v) => `${v}%`}
            onChange={(v) => s.setZoom(v)}
          />
          <SliderRow
            label="Volume"
            value={settings.volume}
            min={VOLUME.min}
            max={VOLUME.max}
            step={VOLUME.step}
            format={(v) => `${Math.round(v * 100)}%`}
            onChange={(v) => update("volume", v)}
          />
          <SliderRow
            label="Move evaluation speed"
            value={settings.evalSpeed}
            min={EVALUATION_SPEED.min}
            max={EVALUATION_SPEED.max}
            step={EVALUATION_SPEED.step}
            format={(v) => `x${v.toFixed(2)}`}
            onChange={(v) => update("evalSpeed", v)}
          />
          {editModeAllowed && (
            <Toggle label="Edit mode" checked={props.editMode} onChange={props.onEditMode} />
          )}
          <Toggle
            label="Edge scrolling"
            checked={settings.edgeScroll}
            onChange={(on) => update("edgeScroll", on)}
          />
          <Toggle
            label="Display hover tooltips"
            checked={settings.tooltips}
            onChange={(on) => update("tooltips", on)}
          />
          {editModeAllowed && (
            <Toggle label="Cheat mode" checked={props.cheatMode} onChange={props.onCheatMode} />
          )}
          <Toggle
            label="Close chat after message is sent"
            checked={settings.closeChatAfterSend}
            onChange={(on) => update("closeChatAfterSend", on)}
          />
        </Stack>
        {(c.mayReload || c.isAdmin || c.inviteSeats.length > 0) && <Divider sx={{ my: 2 }} />}
        {c.mayReload && (
          <Stack component="section" aria-label="Designer controls" spacing={1}>
            <Typography variant="h3" sx={{ fontSize: "1rem" }}>
              Designer controls
            </Typography>
            <Button variant="outlined" disabled={!c.midgame} onClick={c.onReloadDecks}>
              Reload decks
            </Button>
            <Button variant="outlined" disabled={!c.midgame} onClick={c.onReloadDataSheet}>
              Reload data sheet
            </Button>
            <Button variant="outlined" disabled={!c.midgame} onClick={c.onReloadComponents}>
              Reload components
            </Button>
            <Button variant="outlined" disabled={!c.midgame} onClick={c.onReloadDevComponents}>
              Reload dev components from editor
            </Button>
            <Button variant="outlined" onClick={() => c.onBind(!c.bound)}>
              {c.bound ? "Unbind table from editor" : "Bind table to editor"}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirmRestart(true)}>
              Restart table
            </Button>
            {c.midgame && c.botTable && <ReplaceWithBots {...c.botTable} />}
          </Stack>
        )}
        {c.isAdmin && c.onDebugTable !== null && (
          <Button sx={{ mt: 1 }} fullWidth variant="outlined" onClick={c.onDebugTable}>
            Debug table at this position
          </Button>
        )}
        {c.inviteSeats.length > 0 && (
          <Stack component="section" aria-label="Invite links" spacing={1} sx={{ mt: 2 }}>
            <Typography variant="h3" sx={{ fontSize: "1rem" }}>
              Invite links
            </Typography>
            {c.inviteSeats.map((color) => (
              <Button
                key={color}
                variant="outlined"
                aria-label={`Get invite link for ${color}`}
                onClick={() => c.onInviteLink(color)}
              >
                Get invite link ({color})
              </Button>
            ))}
          </Stack>
        )}
      </Box>
      <Dialog open={confirmRestart} onClose={() => setConfirmRestart(false)} aria-labelledby="restart-title">
        <DialogTitle id="restart-title">Restart table?</DialogTitle>
        <DialogContent>
          <Typography>The game starts again from a new set-up; every move so far is dropped.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRestart(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmRestart(false);
              c.onRestart();
            }}
          >
            Restart
          </Button>
        </DialogActions>
      </Dialog>
    </Drawer>
  );
}
