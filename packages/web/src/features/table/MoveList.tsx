// The game's record beside the board (the rules' moveList: chess in SAN, '1. e4 e5'), a numbered row
// per round, the latest move in bold and kept in view. Drawn only for a game that keeps one.

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { MoveList as Record, RuleContext, RuleModule, Situation } from "@tt/engine";
import { useEffect, useRef } from "react";

/** Read by screen readers, not drawn: the number column's heading. */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export function MoveList({ record }: { record: Record }) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = record.rows.length;
  // The newest row in view after each move, as a scoresheet is read.
  useEffect(() => {
    const el = scroller.current;
    if (el && count > 0) el.scrollTop = el.scrollHeight;
  }, [count]);
  const last = lastPlayed(record);
  return (
    <Paper sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" id="move-list-title" sx={{ mb: 0.5 }}>
        Moves
      </Typography>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No moves yet.
        </Typography>
      ) : (
        <Box ref={scroller} sx={{ maxHeight: 260, overflowY: "auto" }}>
          <Box
            component="table"
            aria-labelledby="move-list-title"
            sx={{
              width: "100%",
              borderCollapse: "collapse",
              fontSize: 15,
              fontVariantNumeric: "tabular-nums",
            }}
          >
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ width: "2.5em", textAlign: "right", pr: 1 }}>
                  <Box component="span" sx={visuallyHidden}>
                    Move
                  </Box>
                </Box>
                {record.columns.map((c) => (
                  <Box
                    component="th"
                    scope="col"
                    key={c}
                    sx={{ textAlign: "left", fontWeight: 500, color: "text.secondary" }}
                  >
                    {c}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {record.rows.map((row, r) => (
                <Box
                  component="tr"
                  key={row.number}
                  sx={{ bgcolor: r % 2 === 1 ? "action.hover" : undefined }}
                >
                  <Box
                    component="th"
                    scope="row"
                    sx={{ textAlign: "right", pr: 1, fontWeight: 400, color: "text.secondary" }}
                  >
                    {row.number}.
                  </Box>
                  {row.moves.map((m, i) => (
                    <Box
                      component="td"
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its fixed columns.
                      key={i}
                      aria-current={r === last.row && i === last.col ? "true" : undefined}
                      sx={{ fontWeight: r === last.row && i === last.col ? 700 : 400, py: 0.25 }}
                    >
                      {m === "" && r === 0 && i === 0 ? "…" : m}
                    </Box>
                  ))}
                </Box>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/** Where the latest move stands: the last non-empty cell. */
function lastPlayed(record: Record): { row: number; col: number } {
  for (let r = record.rows.length - 1; r >= 0; r--) {
    const moves = record.rows[r]?.moves ?? [];
    for (let c = moves.length - 1; c >= 0; c--) if (moves[c] !== "") return { row: r, col: c };
  }
  return { row: -1, col: -1 };
}

/** The rules' record of the situation drawn, or null (none kept, or a rule script that throws). */
export function moveListOf(module: RuleModule, situation: Situation, ctx: RuleContext): Record | null {
  try {
    return module.moveList(situation, ctx);
  } catch {
    return null;
  }
}
