// The score chart of the 'Score overview': horizontal bars drawn in SVG, one per player in their
// colour. Screen readers get the scores from the image's label.
import Box from "@mui/material/Box";
import { type OverviewStat, PLAYER_COLORS } from "@tt/engine";
import { colorHex } from "../layout";
import { chartBars, type ScoreRow, scoreChartLabel } from "./scores";

const WIDTH = 600;
const LABEL_W = 170;
const VALUE_W = 60;
const ROW_H = 34;
const BAR_H = 22;
const PAD = 8;

export function ScoreChart({ rows, stat }: { rows: ScoreRow[]; stat: OverviewStat }) {
  const { bars, zero } = chartBars(rows);
  const plotW = WIDTH - LABEL_W - VALUE_W;
  const height = PAD * 2 + bars.length * ROW_H;
  const zeroX = LABEL_W + zero * plotW;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={scoreChartLabel(rows, stat)}
      viewBox={`0 0 ${WIDTH} ${height}`}
      sx={{ width: "100%", maxWidth: WIDTH, height: "auto", color: "text.primary", display: "block" }}
    >
      {bars.map((bar, i) => {
        const y = PAD + i * ROW_H;
        const x = LABEL_W + bar.x * plotW;
        const w = Math.max(bar.width * plotW, 2);
        return (
          <g key={bar.color}>
            <text
              x={LABEL_W - 8}
              y={y + ROW_H / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={14}
              fill="currentColor"
            >
              {bar.label}
            </text>
            <rect
              x={x}
              y={y + (ROW_H - BAR_H) / 2}
              width={w}
              height={BAR_H}
              rx={3}
              fill={colorHex(bar.color, PLAYER_COLORS)}
              stroke="rgba(0,0,0,0.35)"
            />
            <text
              x={x + w + 6}
              y={y + ROW_H / 2}
              dominantBaseline="middle"
              fontSize={14}
              fontWeight={700}
              fill="currentColor"
            >
              {bar.value}
            </text>
          </g>
        );
      })}
      <line
        x1={zeroX}
        x2={zeroX}
        y1={PAD / 2}
        y2={height - PAD / 2}
        stroke="currentColor"
        strokeOpacity={0.5}
      />
    </Box>
  );
}
