import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { GameStat } from "@tt/protocol";

/**
 * 'Games played': finished games per project, most played first (the server's order). A game edit
 * moves changed counts in none (its tile among the finished tables says so).
 */
export function GamesPlayed({ stats }: { stats: GameStat[] }) {
  if (stats.length === 0) return <Typography color="text.secondary">No finished games yet.</Typography>;
  return (
    <Box
      component="dl"
      aria-label="Games played"
      sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {stats.map((stat) => (
        <Box key={stat.project_name} sx={{ display: "contents" }}>
          <Typography component="dt">{stat.project_name}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {stat.amt}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
