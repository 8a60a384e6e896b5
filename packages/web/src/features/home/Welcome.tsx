import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { STORAGE_KEYS } from "@tt/protocol";
import { Link as RouterLink } from "react-router";
import { local } from "../../lib/storage";

/** First visit only; dismissed for good by a local flag and a reload (spec section 1). */
export function Welcome() {
  const dismiss = () => {
    local.setItem(STORAGE_KEYS.welcomeDismissed, "1");
    window.location.reload();
  };
  return (
    <Paper component="section" aria-labelledby="welcome-heading" sx={{ p: 3, maxWidth: 760 }}>
      <Typography id="welcome-heading" variant="h1" gutterBottom>
        Welcome to Tabletop Lab
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Tabletop Lab is an invitation-only test bench: the games here are unfinished prototypes, and you are
        here to play them and tell us what works and what does not. Please do not share games, screenshots or
        invitation codes outside the testing group.
      </Typography>
      <Typography variant="h2" gutterBottom>
        Before you start
      </Typography>
      <ul>
        <li>
          <Typography>
            Everything works by single clicks: click a card or piece to select it, then click where it should
            go. There is no drag and drop.
          </Typography>
        </li>
        <li>
          <Typography>
            If the rules get in your way or a game looks wrong, press <kbd>E</kbd> for Edit mode: it lets you
            move anything anywhere without rule automation, so you can repair the game and carry on.
          </Typography>
        </li>
        <li>
          <Typography>
            If a game gets stuck, refresh the page first, then try Edit mode. If it is still stuck, report it
            on the testing chat channel with the table link, so we can fix it.
          </Typography>
        </li>
      </ul>
      <Typography sx={{ mb: 2 }}>
        The{" "}
        <Link component={RouterLink} to="/about">
          help page
        </Link>{" "}
        (Help in the top bar) has the details.
      </Typography>
      <Button variant="contained" onClick={dismiss}>
        Got it, let me in already!
      </Button>
    </Paper>
  );
}
