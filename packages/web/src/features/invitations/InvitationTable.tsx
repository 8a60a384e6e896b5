import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { Invitation } from "@tt/protocol";
import { CopyLinkButton } from "./CopyLinkButton";
import { isExpired, isUsed } from "./invitations";

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

export function InvitationTable({ invitations }: { invitations: Invitation[] }) {
  const now = Date.now();
  return (
    <TableContainer>
      <Table size="small" aria-label="Invitations">
        <TableHead>
          <TableRow>
            <TableCell>Code</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Used by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((inv) => (
            <TableRow key={inv.code}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                <Typography component="code" sx={{ fontFamily: "monospace" }}>
                  {inv.code}
                </Typography>
                {!isUsed(inv) && !isExpired(inv, now) && <CopyLinkButton code={inv.code} />}
              </TableCell>
              <TableCell>{inv.role}</TableCell>
              <TableCell>{inv.createdBy ?? "(system)"}</TableCell>
              <TableCell>{formatTime(inv.createdAt)}</TableCell>
              <TableCell>
                {isExpired(inv, now) ? `${formatTime(inv.expiresAt)} (expired)` : formatTime(inv.expiresAt)}
              </TableCell>
              <TableCell>
                {isUsed(inv) ? `${inv.usedBy ?? "?"} (${formatTime(inv.usedAt)})` : "unused"}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
