// The Balance lab (issue 22 points 3 and 4): a designer has bots self-play the game on the server and
// reads the report. The run form, the running run's progress with the time left and Cancel, the list
// of runs, the versions people played, and one report (of a run or of a version's played games) or
// two side by side.

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  BALANCE_MAX_GAMES,
  type BalanceLab,
  type BalanceRunInfo,
  defaultOptionValues,
  type GameOptionDto,
  sortedOptions,
  sortedValues,
} from "@tt/protocol";
import { useState } from "react";
import { PlayedList, playedName, playedNote } from "./BalancePlayed";
import { BalanceComparison, BalanceReportView } from "./BalanceReportView";
import { balancePaths, useBalanceActions, useBalanceLab, useBalanceRun, usePlayedReport } from "./balanceApi";
import { StatusText, useStatus } from "./parts";

/** What a report is of: a bot run, or the games people played on a version. */
type Source = { kind: "run"; id: number } | { kind: "played"; version: number };
const same = (a: Source, b: Source) =>
  a.kind === b.kind &&
  (a.kind === "run" ? a.id === (b as typeof a).id : a.version === (b as typeof a).version);

export function BalanceLabSection({
  slug,
  options,
}: {
  slug: string;
  options: Record<string, GameOptionDto>;
}) {
  const lab = useBalanceLab(slug);
  const [shown, setShown] = useState<Source[]>([]);
  if (lab.error) return <Alert severity="error">{lab.error.message}</Alert>;
  if (!lab.data) return <Typography>Loading the balance lab...</Typography>;
  const running = lab.data.runs.find((r) => r.status === "running");
  // Ticking a report shows it; a second one is compared with the first; a third starts over.
  const toggle = (source: Source) =>
    setShown((s) =>
      s.some((x) => same(x, source))
        ? s.filter((x) => !same(x, source))
        : s.length >= 2
          ? [source]
          : [...s, source],
    );
  const isShown = (source: Source) => shown.some((x) => same(x, source));
  return (
    <Stack spacing={2}>
      {lab.data.available ? (
        <>
          <Typography variant="body2">
            Bots self-play the game on the server, version {lab.data.version}. Ties count as shared wins; win
            rates show 95% confidence intervals.
          </Typography>
          {/* The form stays while a run goes, so its choices are there for the next one. */}
          <RunForm
            slug={slug}
            lab={lab.data}
            options={options}
            running={running !== undefined}
            onStarted={(id) => setShown([{ kind: "run", id }])}
          />
          {running && (
            <Progress slug={slug} run={running} onShow={() => setShown([{ kind: "run", id: running.id }])} />
          )}
          <RunList
            runs={lab.data.runs}
            shown={(id) => isShown({ kind: "run", id })}
            onToggle={(id) => toggle({ kind: "run", id })}
          />
        </>
      ) : (
        <Typography variant="body2">Bots can only play games with a shipped rule module.</Typography>
      )}
      <PlayedList
        versions={lab.data.playedVersions}
        shown={(version) => isShown({ kind: "played", version })}
        onToggle={(version) => toggle({ kind: "played", version })}
      />
      {shown.length === 1 && <ShownReport slug={slug} source={shown[0] as Source} />}
      {shown.length === 2 && <ShownComparison slug={slug} a={shown[0] as Source} b={shown[1] as Source} />}
    </Stack>
  );
}

function RunForm({
  slug,
  lab,
  options,
  running,
  onStarted,
}: {
  slug: string;
  lab: BalanceLab;
  options: Record<string, GameOptionDto>;
  /** A project has one running run at a time: the next starts after it. */
  running: boolean;
  onStarted(id: number): void;
}) {
  const counts = Array.from({ length: lab.players.max - lab.players.min + 1 }, (_, i) => lab.players.min + i);
  const [playerCounts, setPlayerCounts] = useState<number[]>(counts);
  const [bots, setBots] = useState<string[]>(Array.from({ length: lab.players.max }, () => "random"));
  const [games, setGames] = useState("100");
  const [seed, setSeed] = useState("1");
  const [values, setValues] = useState(() => defaultOptionValues(options));
  const status = useStatus();
  const actions = useBalanceActions(slug);

  const submit = async () => {
    status.busy("Starting the run...");
    const result = await actions.start({
      playerCounts,
      bots,
      options: values,
      games: Number(games),
      seed: Number(seed),
    });
    if (result.ok) {
      status.ok("");
      onStarted(result.run.id);
    } else status.fail(result.text);
  };

  return (
    <Stack spacing={2} component="form" aria-label="New balance run" onSubmit={(e) => e.preventDefault()}>
      <FormGroup row role="group" aria-label="Player counts">
        <Typography variant="body2" sx={{ width: "100%" }}>
          Player counts
        </Typography>
        {counts.map((n) => (
          <FormControlLabel
            key={n}
            label={`${n} players`}
            control={
              <Checkbox
                checked={playerCounts.includes(n)}
                onChange={(e) =>
                  setPlayerCounts((c) =>
                    e.target.checked ? [...c, n].sort((x, y) => x - y) : c.filter((x) => x !== n),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {bots.map((bot, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: seat positions are the list's identity
            key={i}
            select
            size="small"
            label={`Seat ${i + 1} bot`}
            value={bot}
            onChange={(e) => setBots((b) => b.map((x, j) => (j === i ? e.target.value : x)))}
            sx={{ minWidth: 180 }}
          >
            {lab.bots.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {sortedOptions(options).map(([key, option]) =>
          option.type === "checkbox" ? (
            <FormControlLabel
              key={key}
              label={option.displayName}
              control={
                <Checkbox
                  checked={values[key] === true}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
                />
              }
            />
          ) : (
            <TextField
              key={key}
              select
              size="small"
              label={option.displayName}
              value={String(values[key] ?? "")}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              sx={{ minWidth: 160 }}
            >
              {sortedValues(option).map(([value, v]) => (
                <MenuItem key={value} value={value}>
                  {v.displayName}
                </MenuItem>
              ))}
            </TextField>
          ),
        )}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <TextField
          size="small"
          label="Number of games"
          type="number"
          value={games}
          onChange={(e) => setGames(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: BALANCE_MAX_GAMES } }}
        />
        <TextField
          size="small"
          label="Seed"
          type="number"
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
        />
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={running || playerCounts.length === 0}
        >
          Start run
        </Button>
      </Stack>
      <StatusText status={status.status} />
    </Stack>
  );
}

function timeLeft(seconds: number | null): string {
  if (seconds === null) return "estimating the time left...";
  if (seconds < 60) return `about ${seconds} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}

function Progress({ slug, run, onShow }: { slug: string; run: BalanceRunInfo; onShow(): void }) {
  const actions = useBalanceActions(slug);
  const [error, setError] = useState<string | null>(null);
  const percent = Math.round((100 * run.gamesDone) / run.request.games);
  return (
    <Stack spacing={1}>
      <Typography>
        Run {run.id}: {run.gamesDone} of {run.request.games} games played, {timeLeft(run.secondsLeft)}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Balance run progress" />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" color="error" onClick={() => void actions.cancel(run.id).then(setError)}>
          Cancel run
        </Button>
        <Button onClick={onShow}>Show run</Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

const STATUS_TEXT: Record<BalanceRunInfo["status"], string> = {
  running: "Running",
  done: "Done",
  cancelled: "Cancelled",
  failed: "Failed",
};

function RunList({
  runs,
  shown,
  onToggle,
}: {
  runs: BalanceRunInfo[];
  shown(id: number): boolean;
  onToggle(id: number): void;
}) {
  if (runs.length === 0) return <Typography variant="body2">No runs yet.</Typography>;
  return (
    <Table size="small" aria-label="Balance runs">
      <TableHead>
        <TableRow>
          <TableCell>Run</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Players</TableCell>
          <TableCell>Bots</TableCell>
          <TableCell>Games</TableCell>
          <TableCell>Seed</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Report</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.map((r) => (
          <TableRow key={r.id} selected={shown(r.id)}>
            <TableCell>{r.id}</TableCell>
            <TableCell>{r.version}</TableCell>
            <TableCell>{r.request.playerCounts.join(", ")}</TableCell>
            <TableCell>{r.request.bots.join(", ") || "random"}</TableCell>
            <TableCell>
              {r.gamesDone} / {r.request.games}
            </TableCell>
            <TableCell>{r.request.seed}</TableCell>
            <TableCell>{r.error ?? STATUS_TEXT[r.status]}</TableCell>
            <TableCell>
              <Checkbox
                checked={shown(r.id)}
                onChange={() => onToggle(r.id)}
                slotProps={{ input: { "aria-label": `Show run ${r.id}` } }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A source's report with its name, the CSV and a note; or what keeps it (an error, the wait). */
function useSourceReport(slug: string, source: Source) {
  const run = useBalanceRun(slug, source.kind === "run" ? source.id : null);
  const played = usePlayedReport(slug, source.kind === "played" ? source.version : null);
  if (source.kind === "run") {
    const report = run.data?.report;
    return {
      error: run.error?.message ?? null,
      shown: report
        ? { name: `Run ${source.id}`, report, csv: balancePaths.csv(slug, source.id), note: null }
        : null,
      waiting: `Waiting for the report of run ${source.id}...`,
    };
  }
  const data = played.data;
  return {
    error: played.error?.message ?? null,
    shown: data
      ? {
          name: playedName(source.version),
          report: data.report,
          csv: balancePaths.playedCsv(slug, source.version),
          note: <Typography variant="body2">{playedNote(data.info)}</Typography>,
        }
      : null,
    waiting: `Reading the games played on version ${source.version}...`,
  };
}

function ShownReport({ slug, source }: { slug: string; source: Source }) {
  const { error, shown, waiting } = useSourceReport(slug, source);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!shown) return <Typography>{waiting}</Typography>;
  return <BalanceReportView {...shown} />;
}

function ShownComparison({ slug, a, b }: { slug: string; a: Source; b: Source }) {
  const first = useSourceReport(slug, a);
  const second = useSourceReport(slug, b);
  const error = first.error ?? second.error;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!first.shown || !second.shown) return <Typography>Waiting for both reports...</Typography>;
  return <BalanceComparison a={first.shown} b={second.shown} />;
}
