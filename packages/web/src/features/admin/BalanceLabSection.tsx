// The Balance lab (issue 22 points 3 and 4): a designer has bots self-play the game on the server and
// reads the report. The run form, the running run's progress with the time left and Cancel, the list
// of runs, and one run's report or two side by side.

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
import { BalanceComparison, BalanceReportView } from "./BalanceReportView";
import { useBalanceActions, useBalanceLab, useBalanceRun } from "./balanceApi";
import { StatusText, useStatus } from "./parts";

export function BalanceLabSection({
  slug,
  options,
}: {
  slug: string;
  options: Record<string, GameOptionDto>;
}) {
  const lab = useBalanceLab(slug);
  const [shown, setShown] = useState<number[]>([]);
  if (lab.error) return <Alert severity="error">{lab.error.message}</Alert>;
  if (!lab.data) return <Typography>Loading the balance lab...</Typography>;
  if (!lab.data.available)
    return <Typography variant="body2">Bots can only play games with a shipped rule module.</Typography>;
  const running = lab.data.runs.find((r) => r.status === "running");
  // Clicking a run shows its report; a second one is compared with the first; a third starts over.
  const toggle = (id: number) =>
    setShown((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length >= 2 ? [id] : [...s, id]));
  return (
    <Stack spacing={2}>
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
        onStarted={(id) => setShown([id])}
      />
      {running && <Progress slug={slug} run={running} onShow={() => setShown([running.id])} />}
      <RunList runs={lab.data.runs} shown={shown} onToggle={toggle} />
      {shown.length === 1 && <ShownReport slug={slug} id={shown[0] as number} />}
      {shown.length === 2 && <ShownComparison slug={slug} a={shown[0] as number} b={shown[1] as number} />}
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
  shown: number[];
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
          <TableRow key={r.id} selected={shown.includes(r.id)}>
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
                checked={shown.includes(r.id)}
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

function ShownReport({ slug, id }: { slug: string; id: number }) {
  const run = useBalanceRun(slug, id);
  if (run.error) return <Alert severity="error">{run.error.message}</Alert>;
  if (!run.data?.report) return <Typography>Waiting for the report of run {id}...</Typography>;
  return <BalanceReportView slug={slug} run={run.data.run} report={run.data.report} />;
}

function ShownComparison({ slug, a, b }: { slug: string; a: number; b: number }) {
  const first = useBalanceRun(slug, a);
  const second = useBalanceRun(slug, b);
  if (!first.data?.report || !second.data?.report)
    return <Typography>Waiting for both reports...</Typography>;
  return (
    <BalanceComparison
      a={{ run: first.data.run, report: first.data.report }}
      b={{ run: second.data.run, report: second.data.report }}
    />
  );
}
