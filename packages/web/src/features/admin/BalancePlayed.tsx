// The games people played, in the Balance lab (issue 22 point 4): the versions with ended tables, each
// with a box that shows the same report as a bot run's, read from the tables' logs, to read alone or
// beside a run. Which tables were counted out, and why, is said with the report.

import Checkbox from "@mui/material/Checkbox";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { PLAYED_SKIP_REASONS, type PlayedReportInfo, type PlayedVersion } from "@tt/protocol";

/** What a report over played games is called: in titles, comparisons and the box that shows it. */
export const playedName = (version: number) => `Games played on version ${version}`;

const SKIP_TEXT: Record<(typeof PLAYED_SKIP_REASONS)[number], string> = {
  edited: "result changed by edit moves",
  "free play": "free play (sandbox or debug)",
  "bots only": "played by bots only",
  unfinished: "ended without the game's end",
  unreadable: "log unreadable",
};

/** 'Read from 12 ended tables; counted out: 2 result changed by edit moves.' */
export function playedNote(info: PlayedReportInfo): string {
  const out = PLAYED_SKIP_REASONS.filter((r) => info.skipped[r] > 0).map(
    (r) => `${info.skipped[r]} ${SKIP_TEXT[r]}`,
  );
  const tables = info.counted === 1 ? "1 ended table" : `${info.counted} ended tables`;
  return [
    `Read from ${tables} of version ${info.version}`,
    out.length > 0 ? `; counted out: ${out.join(", ")}.` : ".",
    info.limited ? " Only the newest tables were read." : "",
    " A person's seat is 'person' where a run names its bot.",
  ].join("");
}

export function PlayedList({
  versions,
  shown,
  onToggle,
}: {
  versions: PlayedVersion[];
  shown: (version: number) => boolean;
  onToggle(version: number): void;
}) {
  return (
    <Stack spacing={1}>
      <Typography variant="h3">Games people played</Typography>
      <Typography variant="body2">
        The same report over the tables that ended on a version, read from their logs: the playtests beside
        the bots. Tables whose result edit moves changed, free-play tables and tables only bots played are
        counted out.
      </Typography>
      {versions.length === 0 ? (
        <Typography variant="body2">No table of this game has ended yet.</Typography>
      ) : (
        <Table size="small" aria-label="Versions played">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Ended tables</TableCell>
              <TableCell>Report</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.version} selected={shown(v.version)}>
                <TableCell>
                  {v.version}
                  {v.current ? " (current)" : ""}
                </TableCell>
                <TableCell>{v.ended}</TableCell>
                <TableCell>
                  <Checkbox
                    checked={shown(v.version)}
                    onChange={() => onToggle(v.version)}
                    slotProps={{ input: { "aria-label": `Show ${playedName(v.version).toLowerCase()}` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
