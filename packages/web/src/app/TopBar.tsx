import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { Link, useNavigate } from "react-router";
import { isSiteAdmin } from "../lib/roles";
import { type CurrentUser, useLogOut } from "../services/auth";
import { Logo } from "./Logo";
import { SmallScreenMenu } from "./SmallScreenMenu";

export function TopBar({ user }: { user: CurrentUser | null }) {
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: 2, minHeight: 55 }} variant="dense">
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        {user && <UserArea user={user} />}
      </Toolbar>
    </AppBar>
  );
}

function UserArea({ user }: { user: CurrentUser }) {
  const logOut = useLogOut();
  const navigate = useNavigate();
  const onLogOut = async () => {
    await logOut();
    navigate("/");
  };
  const profile = `/user/${encodeURIComponent(user.username)}`;
  const admin = isSiteAdmin(user.role);
  return (
    <>
      {/* Plain text child: a user name with markup in it shows literally. */}
      <Typography
        component="span"
        sx={{ minWidth: 0, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}
      >
        {`${user.username} (${user.role})`}
      </Typography>
      <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", sm: "flex" }, gap: 1 }}>
        {admin && (
          <>
            <Button color="inherit" component={Link} to="/invitations">
              Invitations
            </Button>
            <Button color="inherit" component={Link} to="/new-project">
              New project
            </Button>
          </>
        )}
        <Button color="inherit" component={Link} to={profile}>
          Profile
        </Button>
        <Button color="inherit" component={Link} to="/about">
          Help
        </Button>
        <Button color="inherit" onClick={onLogOut}>
          Log out
        </Button>
      </Box>
      <Box sx={{ display: { xs: "block", sm: "none" } }}>
        <SmallScreenMenu profile={profile} admin={admin} onLogOut={onLogOut} />
      </Box>
    </>
  );
}
