// The small-screen top bar's menu (SmallScreenMenu loads it at the first tap).
import AddBoxOutlinedIcon from "@mui/icons-material/AddBoxOutlined";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlineOutlined";
import HomeIcon from "@mui/icons-material/Home";
import LogoutIcon from "@mui/icons-material/Logout";
import MailOutlineIcon from "@mui/icons-material/MailOutlined";
import PersonIcon from "@mui/icons-material/Person";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { ReactNode } from "react";
import { Link } from "react-router";

export default function TopBarMenu({
  anchor,
  onClose,
  profile,
  admin,
  onLogOut,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  profile: string;
  admin: boolean;
  onLogOut: () => void;
}) {
  const item = (icon: ReactNode, label: string, to?: string, onClick?: () => void) => (
    <MenuItem
      key={label}
      {...(to ? { component: Link, to } : {})}
      onClick={() => {
        onClose();
        onClick?.();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <Menu id="top-bar-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {item(<HomeIcon fontSize="small" />, "Home", "/")}
      {item(<PersonIcon fontSize="small" />, "Profile", profile)}
      {item(<HelpOutlineIcon fontSize="small" />, "Help", "/about")}
      {admin && item(<MailOutlineIcon fontSize="small" />, "Invitations", "/invitations")}
      {admin && item(<AddBoxOutlinedIcon fontSize="small" />, "New project", "/new-project")}
      {item(<LogoutIcon fontSize="small" />, "Log out", undefined, onLogOut)}
    </Menu>
  );
}
