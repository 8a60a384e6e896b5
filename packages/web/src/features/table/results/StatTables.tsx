// The tables of the ended-table page: the score overview and the full statistics
// (game-table.md section 2: player stats, 'Global stats', 'Component stats').
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type OverviewStat, PLAYER_COLORS, type Situation } from "@tt/engine";
import type { ReactNode } from "react";
import { colorHex } from "../layout";
import { playerLabel, type ScoreRow, styleOf } from "./scores";
import {
  componentStatRows,
  type DescribeStat,
  globalStatRows,
  playerStatTable,
  type StatValue,
} from "./stats";

export function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: "inline-block",
        width: 12,
        height: 12,
        mr: 1,
        borderRadius: "50%",
        verticalAlign: "middle",
        bgcolor: colorHex(color, PLAYER_COLORS),
        border: "1px solid rgba(0,0,0,0.3)",
      }}
    />
  );
}

/** A titled table; the title names the table for assistive technology too. */
function Titled(props: { id: string; title: string; level: "h3" | "h4"; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={props.id}>
      <Typography
        id={props.id}
        variant="h4"
        component={props.level}
        sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}
      >
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** A statistic's value: its text, or its list one item a line (a sale log, scores by colour). */
function Value({ value }: { value: StatValue }) {
  if (typeof value === "string") return value;
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {value.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; items may repeat.
        <li key={i}>{item}</li>
      ))}
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return <Typography color="text.secondary">{text}</Typography>;
}

export function ScoreTable({
  rows,
  columns,
  label = "Scores per player",
}: {
  rows: ScoreRow[];
  columns: OverviewStat[];
  /** The table's name: the endgame dialog's copy is named apart from the results page's. */
  label?: string;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Player</TableCell>
            {columns.map((c) => (
              <TableCell key={c.name} scope="col" align="right" style={styleOf(c.customStyle)}>
                {c.displayName}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.color}>
              <TableCell component="th" scope="row">
                <Swatch color={r.color} />
                {playerLabel(r)}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.name} align="right" style={styleOf(c.customStyle)}>
                  {r.values[c.name]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function FullStatistics({
  situation,
  overview,
  describe,
  idPrefix = "results",
  level = "h4",
}: {
  situation: Situation;
  overview: OverviewStat[];
  /** How the game words each statistic (useOverviewStats.ts useDescribeStat). */
  describe: DescribeStat;
  /** Keeps the headings' ids apart when the stats overlay shows these tables beside the page's. */
  idPrefix?: string;
  /** The tables' headings: h4 under the page's section heading (h3), h3 under a dialog's title (h2). */
  level?: "h3" | "h4";
}) {
  const ids = {
    players: `${idPrefix}-player-stats`,
    globals: `${idPrefix}-global-stats`,
    components: `${idPrefix}-component-stats`,
  };
  const players = playerStatTable(situation, overview, describe);
  const globals = globalStatRows(situation, describe);
  const components = componentStatRows(situation, describe);
  return (
    <Stack spacing={3}>
      <Titled id={ids.players} level={level} title="Player stats">
        {players.rows.length === 0 ? (
          <Empty text="No player stats." />
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={ids.players}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Stat</TableCell>
                  {players.colors.map((c) => (
                    <TableCell key={c} scope="col" align="right">
                      <Swatch color={c} />
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {players.rows.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell component="th" scope="row">
                      {r.label}
                    </TableCell>
                    {r.values.map((v, i) => (
                      <TableCell key={players.colors[i]} align="right">
                        <Value value={v} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Titled>
      <Titled id={ids.globals} level={level} title="Global stats">
        {globals.length === 0 ? (
          <Empty text="No global stats." />
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={ids.globals}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Stat</TableCell>
                  <TableCell scope="col">Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {globals.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell component="th" scope="row">
                      {r.label}
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-word" }}>
                      <Value value={r.value} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Titled>
      <Titled id={ids.components} level={level} title="Component stats">
        {components.length === 0 ? (
          <Empty text="No component stats." />
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={ids.components}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Component</TableCell>
                  <TableCell scope="col">Stat</TableCell>
                  <TableCell scope="col">Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {components.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell>{r.component}</TableCell>
                    <TableCell component="th" scope="row">
                      {r.label}
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-word" }}>
                      <Value value={r.value} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Titled>
    </Stack>
  );
}
