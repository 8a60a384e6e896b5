// A balance report (issue 22 point 4), of a bot run or of the games people played on a version: win
// rates per seat with their 95% intervals as tables and bar charts with whiskers, scores and game
// length, the game's stats, option effects, the CSV of the games; and two reports side by side with
// the differences and whether they are significant.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type BalanceReport, type Bin, compareReports, type Distribution } from "@tt/games";
import type { ReactNode } from "react";
import { type Bar, barChart } from "./balanceChart";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** A report and what it is of: 'Run 3', 'Games played on version 2'. */
export interface NamedReport {
  name: string;
  report: BalanceReport;
}

/** 'Run 3' inside a sentence: 'run 3'. */
const inSentence = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function BalanceReportView({
  name,
  report,
  csv,
  note,
}: NamedReport & {
  /** Where the games' CSV is downloaded from. */
  csv: string;
  /** What the reader should know of where the games come from. */
  note?: ReactNode;
}) {
  const title = `Report of ${inSentence(name)}`;
  return (
    <Stack spacing={2} component="article" aria-label={title}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h3">
          {title} ({report.games} games)
        </Typography>
        <Button variant="outlined" component="a" href={csv} download>
          Download CSV
        </Button>
      </Stack>
      {note}
      <Typography variant="body2">
        {`Ended by the rules: ${report.stops.ended}, stopped at the turn limit: ${report.stops["max turns"]}, stuck: ${report.stops.stuck}.`}{" "}
        Ties count as shared wins.
      </Typography>
      {report.byPlayerCount.map((g) => (
        <Box key={g.players}>
          <Typography variant="h4" gutterBottom>
            {g.players} players ({g.games} games)
          </Typography>
          <RateTable
            label={`Win rate per seat, ${g.players} players`}
            rows={g.seats.map((s) => ({ label: `Seat ${s.seat}`, ...s }))}
          />
          <BarChart
            title={`Win rate per seat, ${g.players} players`}
            bars={g.seats.map((s) => ({ label: `Seat ${s.seat}`, rate: s.rate, low: s.low, high: s.high }))}
          />
          <DistributionTable
            label={`Scores and length, ${g.players} players`}
            rows={[
              ["Final score", g.scores],
              ["Winning score", g.winningScores],
              ["Turns (events)", g.turns],
              ["Rounds", g.rounds],
            ]}
          />
          <Histogram title={`Final scores, ${g.players} players`} bins={g.scores.histogram} />
        </Box>
      ))}
      <RateTable label="Win rate per colour" rows={report.byColor.map((c) => ({ label: c.color, ...c }))} />
      <RateTable
        label="Win rate per bot or person"
        rows={report.byBot.map((b) => ({ label: b.bot, ...b }))}
      />
      {report.playerStats.length > 0 && (
        <Table size="small" aria-label="Player stats">
          <TableHead>
            <TableRow>
              <TableCell>Player stat</TableCell>
              <TableCell>Mean</TableCell>
              <TableCell>Min</TableCell>
              <TableCell>Max</TableCell>
              <TableCell>Mean of winners</TableCell>
              <TableCell>Mean of the others</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.playerStats.map((s) => (
              <TableRow key={s.name}>
                <TableCell>{s.displayName}</TableCell>
                <TableCell>{num(s.mean)}</TableCell>
                <TableCell>{num(s.min)}</TableCell>
                <TableCell>{num(s.max)}</TableCell>
                <TableCell>{num(s.winnersMean)}</TableCell>
                <TableCell>{num(s.othersMean)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report.globalStats.length + report.objectStats.length > 0 && (
        <Table size="small" aria-label="Game and component stats">
          <TableHead>
            <TableRow>
              <TableCell>Stat</TableCell>
              <TableCell>Mean</TableCell>
              <TableCell>Min</TableCell>
              <TableCell>Max</TableCell>
              <TableCell>Games</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[
              ...report.globalStats,
              ...report.objectStats.map((s) => ({ ...s, displayName: `${s.id}: ${s.displayName}` })),
            ].map((s) => (
              <TableRow key={s.displayName}>
                <TableCell>{s.displayName}</TableCell>
                <TableCell>{num(s.mean)}</TableCell>
                <TableCell>{num(s.min)}</TableCell>
                <TableCell>{num(s.max)}</TableCell>
                <TableCell>{s.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report.options.length > 0 && (
        <Table size="small" aria-label="Options and the first player's win rate">
          <TableHead>
            <TableRow>
              <TableCell>Option value</TableCell>
              <TableCell>First player wins with it</TableCell>
              <TableCell>Without it</TableCell>
              <TableCell>Rounds with / without</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.options.map((o) => (
              <TableRow key={`${o.option}=${o.value}`}>
                <TableCell>
                  {o.option} = {o.value}
                </TableCell>
                <TableCell>{pct(o.firstWith.rate)}</TableCell>
                <TableCell>{pct(o.firstWithout.rate)}</TableCell>
                <TableCell>
                  {num(o.roundsWith)} / {num(o.roundsWithout)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

interface RateRow {
  label: string;
  wins: number;
  games: number;
  rate: number;
  low: number;
  high: number;
}

function RateTable({ label, rows }: { label: string; rows: RateRow[] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{label.startsWith("Win rate per seat") ? "Seat" : "Who"}</TableCell>
          <TableCell>Wins</TableCell>
          <TableCell>Games</TableCell>
          <TableCell>Win rate</TableCell>
          <TableCell>95% interval</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.label}>
            <TableCell>{r.label}</TableCell>
            <TableCell>{num(r.wins)}</TableCell>
            <TableCell>{r.games}</TableCell>
            <TableCell>{pct(r.rate)}</TableCell>
            <TableCell>
              {pct(r.low)} to {pct(r.high)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DistributionTable({ label, rows }: { label: string; rows: [string, Distribution][] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Measure</TableCell>
          <TableCell>Min</TableCell>
          <TableCell>Median</TableCell>
          <TableCell>Mean</TableCell>
          <TableCell>Max</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, d]) => (
          <TableRow key={name}>
            <TableCell>{name}</TableCell>
            <TableCell>{num(d.min)}</TableCell>
            <TableCell>{num(d.median)}</TableCell>
            <TableCell>{num(d.mean)}</TableCell>
            <TableCell>{num(d.max)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Win rates as bars, the 95% interval as a whisker on each. */
function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const chart = barChart(bars);
  return (
    <svg role="img" aria-label={title} width={chart.width} height={chart.height} style={{ display: "block" }}>
      <title>{title}</title>
      <line x1={chart.left} y1={chart.baseline} x2={chart.width} y2={chart.baseline} stroke="currentColor" />
      {chart.bars.map((b) => (
        <g key={b.label}>
          <rect x={b.x} y={b.y} width={b.w} height={b.h} fill="#2799d8" />
          <line x1={b.cx} x2={b.cx} y1={b.whiskerTop} y2={b.whiskerBottom} stroke="currentColor" />
          <line x1={b.cx - 6} x2={b.cx + 6} y1={b.whiskerTop} y2={b.whiskerTop} stroke="currentColor" />
          <line x1={b.cx - 6} x2={b.cx + 6} y1={b.whiskerBottom} y2={b.whiskerBottom} stroke="currentColor" />
          <text x={b.cx} y={chart.height - 4} textAnchor="middle" fontSize="12" fill="currentColor">
            {b.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

function Histogram({ title, bins }: { title: string; bins: Bin[] }) {
  if (bins.length === 0) return null;
  const most = Math.max(1, ...bins.map((b) => b.count));
  const w = 28;
  const h = 80;
  return (
    <svg
      role="img"
      aria-label={title}
      width={bins.length * w + 8}
      height={h + 20}
      style={{ display: "block" }}
    >
      <title>{title}</title>
      {bins.map((b, i) => (
        <g key={b.from}>
          <rect
            x={4 + i * w}
            y={h - (h * b.count) / most}
            width={w - 4}
            height={(h * b.count) / most}
            fill="#57a141"
          >
            <title>{`${num(b.from)} to ${num(b.to)}: ${b.count}`}</title>
          </rect>
          <text x={4 + i * w + (w - 4) / 2} y={h + 14} textAnchor="middle" fontSize="10" fill="currentColor">
            {num(b.from)}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function BalanceComparison({ a, b }: { a: NamedReport; b: NamedReport }) {
  const c = compareReports(a.report, b.report);
  const title = `${a.name} against ${inSentence(b.name)}`;
  return (
    <Stack spacing={1} component="article" aria-label={title}>
      <Typography variant="h3">{title}</Typography>
      <Typography variant="body2">
        A difference is significant when a two-proportion z-test gives p below 0.05.
      </Typography>
      <Table size="small" aria-label="Win rate differences">
        <TableHead>
          <TableRow>
            <TableCell>Players</TableCell>
            <TableCell>Seat</TableCell>
            <TableCell>{a.name}</TableCell>
            <TableCell>{b.name}</TableCell>
            <TableCell>Difference</TableCell>
            <TableCell>p</TableCell>
            <TableCell>Significant</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {c.seats.map((s) => (
            <TableRow key={`${s.players}-${s.seat}`}>
              <TableCell>{s.players}</TableCell>
              <TableCell>{s.seat}</TableCell>
              <TableCell>{pct(s.a.rate)}</TableCell>
              <TableCell>{pct(s.b.rate)}</TableCell>
              <TableCell>
                {s.difference >= 0 ? "+" : ""}
                {pct(s.difference)}
              </TableCell>
              <TableCell>{s.p.toFixed(3)}</TableCell>
              <TableCell>{s.significant ? "Yes" : "No"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label="Rounds per game">
        <TableHead>
          <TableRow>
            <TableCell>Players</TableCell>
            <TableCell>Mean rounds, {inSentence(a.name)}</TableCell>
            <TableCell>Mean rounds, {inSentence(b.name)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {c.rounds.map((r) => (
            <TableRow key={r.players}>
              <TableCell>{r.players}</TableCell>
              <TableCell>{num(r.a)}</TableCell>
              <TableCell>{num(r.b)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
