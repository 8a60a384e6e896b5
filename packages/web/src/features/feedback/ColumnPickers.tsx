import Autocomplete from "@mui/material/Autocomplete";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { GameOptionDto } from "@tt/protocol";
import type { ColumnChoice } from "./columns";
import { optionKeys } from "./columns";
import { cleanNames } from "./feedbackQuery";

interface Props {
  options: Record<string, GameOptionDto>;
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
}

/**
 * Which extra columns to show: the project's options (picked from its list), and stats and global
 * stats typed as chips (their names come from the game, so they are free text; Enter or leaving the
 * field adds one).
 */
export function ColumnPickers({ options, choice, onChange }: Props) {
  const keys = optionKeys(options);
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
      <Autocomplete
        multiple
        fullWidth
        size="small"
        options={keys}
        value={choice.options}
        getOptionLabel={(key) => options[key]?.displayName ?? key}
        onChange={(_e, value) => onChange({ ...choice, options: value })}
        renderInput={(params) => <TextField {...params} label="Option columns" />}
      />
      <FreeNames
        label="Player stat columns"
        value={choice.stats}
        onChange={(stats) => onChange({ ...choice, stats })}
      />
      <FreeNames
        label="Global stat columns"
        value={choice.globalStats}
        onChange={(globalStats) => onChange({ ...choice, globalStats })}
      />
    </Stack>
  );
}

function FreeNames({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (names: string[]) => void;
}) {
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      fullWidth
      size="small"
      options={[]}
      value={value}
      onChange={(_e, names) => onChange(cleanNames(names))}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Type a name, Enter" />}
    />
  );
}
