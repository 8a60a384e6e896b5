import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { EDITED_GAME_MARK, EDITED_GAME_NOTICE, type GameOptionDto } from "@tt/protocol";
import { Link as RouterLink } from "react-router";
import { ColorDot } from "../../lib/ColorDot";
import type { FeedbackRow } from "./api";
import { answerKeys, type ColumnChoice, cellText } from "./columns";
import { NoteCell } from "./NoteCell";

interface Props {
  slug: string;
  rows: FeedbackRow[];
  choice: ColumnChoice;
  options: Record<string, GameOptionDto>;
  onFilterUser: (username: string) => void;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** One row per answer: the table, who, colour, when, version, the note, the answers and chosen columns. */
export function FeedbackTable({ slug, rows, choice, options, onFilterUser }: Props) {
  const answers = answerKeys(rows);
  const head = (text: string, key = text) => (
    <TableCell key={key} component="th" scope="col" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
      {text}
    </TableCell>
  );
  return (
    <TableContainer sx={{ bgcolor: "background.paper", borderRadius: 1 }}>
      <Table size="small" aria-label={`Feedback results for project ${slug}`}>
        <TableHead>
          <TableRow>
            {head("Table")}
            {head("Username")}
            {head("Color")}
            {head("Created")}
            {head("Version")}
            {head("Note")}
            {answers.map((k) => head(k, `answer-${k}`))}
            {choice.options.map((k) => head(options[k]?.displayName ?? k, `option-${k}`))}
            {choice.stats.map((k) => head(k, `stat-${k}`))}
            {choice.globalStats.map((k) => head(k, `global-${k}`))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.tableId}:${row.username}`} hover>
              <TableCell>
                {/* Relative to /projects/{slug}/feedback: one level up, then table/{tableId}. */}
                <Link
                  component={RouterLink}
                  to={`../table/${encodeURIComponent(row.tableId)}`}
                  relative="path"
                >
                  {row.tableId}
                </Link>
                {/* In words, not a colour: these stats are whatever the players' edit moves made them. */}
                {row.edited && (
                  <Typography
                    component="span"
                    variant="body2"
                    title={EDITED_GAME_NOTICE}
                    sx={{ whiteSpace: "nowrap" }}
                  >
                    {` ${EDITED_GAME_MARK}`}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Link
                  component="button"
                  type="button"
                  onClick={() => onFilterUser(row.username)}
                  title={`Show only feedback from ${row.username}`}
                  sx={{ verticalAlign: "baseline" }}
                >
                  {row.username}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {row.color && (
                  <>
                    <ColorDot color={row.color} decorative /> {row.color}
                  </>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatTime(row.createdTime)}</TableCell>
              <TableCell>{row.version}</TableCell>
              <TableCell>
                <NoteCell slug={slug} tableId={row.tableId} username={row.username} note={row.note} />
              </TableCell>
              {answers.map((k) => (
                <TableCell key={`answer-${k}`} sx={{ whiteSpace: "pre-wrap", minWidth: 120 }}>
                  {row.feedbackAnswers?.[k] ?? ""}
                </TableCell>
              ))}
              {choice.options.map((k) => (
                <TableCell key={`option-${k}`}>{cellText(row.options?.[k], options[k])}</TableCell>
              ))}
              {choice.stats.map((k) => (
                <TableCell key={`stat-${k}`}>{cellText(row.statValues?.[k])}</TableCell>
              ))}
              {choice.globalStats.map((k) => (
                <TableCell key={`global-${k}`}>{cellText(row.globalStatValues?.[k])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
