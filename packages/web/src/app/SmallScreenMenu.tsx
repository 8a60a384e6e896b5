import MenuIcon from "@mui/icons-material/Menu";
import IconButton from "@mui/material/IconButton";
import { lazy, Suspense, useState } from "react";

// The menu itself (MUI's Menu brings Popover, Modal and their transitions, ~15 KB on the wire) is
// fetched at the first tap on the button, not with the first page (issue 37 point 9).
const TopBarMenu = lazy(() => import("./TopBarMenu"));

interface Props {
  profile: string;
  admin: boolean;
  onLogOut: () => void;
}

/** Below the sm breakpoint the top bar's buttons collapse into this icon menu. */
export function SmallScreenMenu({ profile, admin, onLogOut }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing keeps MUI's exit transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? "top-bar-menu" : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <TopBarMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            profile={profile}
            admin={admin}
            onLogOut={onLogOut}
          />
        </Suspense>
      )}
    </>
  );
}
