import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  choosesColors,
  DEFAULT_TABLE_MODE,
  defaultOptionValues,
  type GameOptionDto,
  OFFERED_TABLE_MODES,
  type OptionValue,
  optionConditionHolds,
  type ProjectDetail,
  sortedOptions,
  sortedValues,
  TABLE_MODES,
  type TableInfo,
} from "@tt/protocol";
import { type FormEvent, useId, useState } from "react";
import { ColorDot } from "../../lib/ColorDot";
import { local } from "../../lib/storage";
import { useCreateTable } from "./api";
import {
  encodeOptionValue,
  initialColors,
  maxPlayerCount,
  optionStorageKey,
  setPlayerCount,
  startingOptionValues,
  toggleColor,
} from "./colorSelection";

export const PRIVATE_NOTICE =
  "Private tables (and any chat messages in them) are visible by project mods, and anyone who gets (or guesses) the table link.";

type OfferedMode = (typeof OFFERED_TABLE_MODES)[number];

interface Props {
  detail: ProjectDetail;
  onCreated: (table: TableInfo) => void;
}

/** 'New table settings' (spec sections 2 and 5). */
export function NewTablePanel({ detail, onCreated }: Props) {
  const slug = detail.slug;
  const modes = OFFERED_TABLE_MODES.filter((m) => m !== "demo-invite" || detail.permissions.demoInvite);
  const [mode, setMode] = useState<(typeof OFFERED_TABLE_MODES)[number]>(
    DEFAULT_TABLE_MODE as "competitive-edit",
  );
  const [isPrivate, setPrivate] = useState(false);
  // Competitive modes: the creator takes the first colour unless they untick it (issue 37 point 7).
  const [seatCreator, setSeatCreator] = useState(true);
  // Off by default, as the spec's undo stands (issue 37 point 8); sandboxes have no opponents to ask.
  const [undoAsks, setUndoAsks] = useState(false);
  const asksOffered = !mode.includes("sandbox");
  const [colors, setColors] = useState<string[]>(() => initialColors(detail));
  const [values, setValues] = useState<Record<string, OptionValue>>(() =>
    startingOptionValues(detail.options, slug, (key) => local.getItem(key)),
  );
  const create = useCreateTable(slug);
  const ids = useId();
  const max = maxPlayerCount(detail);
  const order = detail.playerColors;

  const setOption = (key: string, value: OptionValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    local.setItem(optionStorageKey(slug, key), encodeOptionValue(value));
  };
  const reset = () => {
    for (const key of Object.keys(detail.options)) local.removeItem(optionStorageKey(slug, key));
    setValues(defaultOptionValues(detail.options));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      {
        start_position: { options: values, ...(choosesColors(mode) ? { playerColors: colors } : {}) },
        tableMode: mode,
        isPrivate,
        seatCreator: !choosesColors(mode) && seatCreator,
        undoAsks: asksOffered && undoAsks,
      },
      { onSuccess: onCreated },
    );
  };

  const headingId = `${ids}-heading`;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" gutterBottom>
        New table settings
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <FormControl fullWidth size="small">
            <InputLabel id={`${ids}-mode`}>Table mode</InputLabel>
            <Select
              labelId={`${ids}-mode`}
              label="Table mode"
              value={mode}
              onChange={(e) => setMode(e.target.value as OfferedMode)}
            >
              {modes.map((m) => (
                <MenuItem key={m} value={m}>
                  {TABLE_MODES[m]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box>
            <FormControlLabel
              control={<Checkbox checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />}
              label="Private table"
            />
            <Typography variant="body2" color="text.secondary">
              {PRIVATE_NOTICE}
            </Typography>
          </Box>
          {!choosesColors(mode) && order[0] !== undefined && (
            <FormControlLabel
              control={<Checkbox checked={seatCreator} onChange={(e) => setSeatCreator(e.target.checked)} />}
              label={`Take a seat as ${order[0]}`}
            />
          )}
          {asksOffered && (
            <FormControlLabel
              control={<Checkbox checked={undoAsks} onChange={(e) => setUndoAsks(e.target.checked)} />}
              label="Undo asks the opponents"
            />
          )}
          {choosesColors(mode) && (
            <>
              <FormControl fullWidth size="small">
                <InputLabel id={`${ids}-count`}>Number of players</InputLabel>
                <Select
                  labelId={`${ids}-count`}
                  label="Number of players"
                  value={colors.length}
                  onChange={(e) => setColors(setPlayerCount(colors, Number(e.target.value), order))}
                >
                  {playerCounts(max).map((n) => (
                    <MenuItem key={n} value={n}>
                      {n}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <FormControl component="fieldset">
                <FormLabel component="legend">Player colours</FormLabel>
                <FormGroup row>
                  {order.map((color) => {
                    const checked = colors.includes(color);
                    return (
                      <FormControlLabel
                        key={color}
                        control={
                          <Checkbox
                            checked={checked}
                            disabled={!checked && colors.length >= max}
                            onChange={() => setColors(toggleColor(colors, color, order, max))}
                          />
                        }
                        label={
                          <Box
                            component="span"
                            sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}
                          >
                            <ColorDot color={color} decorative />
                            {color}
                          </Box>
                        }
                      />
                    );
                  })}
                </FormGroup>
              </FormControl>
            </>
          )}
          {Object.keys(detail.options).length > 0 && (
            <Box>
              <Button variant="text" onClick={reset}>
                Reset to default options
              </Button>
            </Box>
          )}
          {sortedOptions(detail.options).map(([key, option]) =>
            optionConditionHolds(option, values) ? (
              <OptionField
                key={key}
                id={`${ids}-option-${key}`}
                option={option}
                value={values[key]}
                showHidden={detail.permissions.hiddenOptions}
                onChange={(value) => setOption(key, value)}
              />
            ) : null,
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={create.isPending}
              startIcon={
                create.isPending ? (
                  <CircularProgress size={18} color="inherit" aria-hidden="true" />
                ) : undefined
              }
            >
              Create new table
            </Button>
          </Box>
          <Box aria-live="polite">
            {create.isError && (
              <Alert severity="error" role="alert">
                {create.error.message}
              </Alert>
            )}
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

/** 0 to max, the choices of 'Number of players'. */
function playerCounts(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, n) => n);
}

function OptionField({
  id,
  option,
  value,
  showHidden,
  onChange,
}: {
  id: string;
  option: GameOptionDto;
  value: OptionValue | undefined;
  showHidden: boolean;
  onChange: (value: OptionValue) => void;
}) {
  if (option.type === "checkbox") {
    return (
      <FormControlLabel
        control={<Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
        label={option.displayName}
      />
    );
  }
  const choices = sortedValues(option);
  const current = typeof value === "string" && choices.some(([k]) => k === value) ? value : "";
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={id}>{option.displayName}</InputLabel>
      <Select
        labelId={id}
        label={option.displayName}
        value={current}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map(([key, choice]) => (
          <MenuItem key={key} value={key}>
            {showHidden && choice.hiddenDisplay ? choice.hiddenDisplay : choice.displayName}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
