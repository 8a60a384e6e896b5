import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { Badge } from "@tt/protocol";
import { BadgeIcon } from "./BadgeIcon";

/**
 * 'Badges': icon, display name and description of each; an empty state when there are none. With
 * `onRemove` (a site admin's view) each badge has a button that takes it from the user.
 */
export function BadgeList({
  badges,
  onRemove,
  busy = false,
}: {
  badges: Badge[];
  onRemove?: (badge: Badge) => void;
  busy?: boolean;
}) {
  if (badges.length === 0) return <Typography color="text.secondary">No badges yet.</Typography>;
  return (
    <Box component="ul" aria-label="Badges" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
      {badges.map((badge) => (
        <Box component="li" key={badge.name} sx={{ display: "flex", gap: 1.5, alignItems: "center" }}>
          <BadgeIcon name={badge.name} />
          <div>
            <Typography sx={{ fontWeight: 600 }}>{badge.displayName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {badge.description}
            </Typography>
          </div>
          {onRemove && (
            <Button
              size="small"
              color="error"
              disabled={busy}
              aria-label={`Remove badge ${badge.displayName}`}
              onClick={() => onRemove(badge)}
              sx={{ ml: "auto" }}
            >
              Remove
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}
