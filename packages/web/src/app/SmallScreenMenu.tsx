import AddBoxOutlinedIcon from "@mui/icons-material/AddBoxOutlined";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlineOutlined";
import HomeIcon from "@mui/icons-material/Home";
import LogoutIcon from "@mui/icons-material/Logout";
import MailOutlineIcon from "@mui/icons-material/MailOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import PersonIcon from "@mui/icons-material/Person";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";

interface Props {
  profile: string;
  admin: boolean;
  onLogOut: () => void;
}

/** Below the sm breakpoint the top bar's buttons collapse into this icon menu. */
export function SmallScreenMenu({ profile, admin, onLogOut }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const item = (icon: ReactNode, label: string, to?: string, onClick?: () => void) => (
    <MenuItem
      key={label}
      {...(to ? { component: Link, to } : {})}
      onClick={() => {
        close();
        onClick?.();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? "top-bar-menu" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id="top-bar-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {item(<HomeIcon fontSize="small" />, "Home", "/")}
        {item(<PersonIcon fontSize="small" />, "Profile", profile)}
        {item(<HelpOutlineIcon fontSize="small" />, "Help", "/about")}
        {admin && item(<MailOutlineIcon fontSize="small" />, "Invitations", "/invitations")}
        {admin && item(<AddBoxOutlinedIcon fontSize="small" />, "New project", "/new-project")}
        {item(<LogoutIcon fontSize="small" />, "Log out", undefined, onLogOut)}
      </Menu>
    </>
  );
}
