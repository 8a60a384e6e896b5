// The game table page /projects/{projectSlug}/table/{tableId} (game-table.md sections 2-5, 8, 9): the
// route and the table's load. What a loaded table shows is TableView's (the lobby or the game view).

import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { pageTitle } from "../../lib/title";
import { WaitState } from "../../lib/WaitState";
import { useSocketEvent } from "../../services/socket";
import { asEnded, closeTable, endedLog, type TableLoad, tableQueryKey, useTableLoad } from "./api";
import { TableView } from "./TableView";

export default function TablePage() {
  const { projectSlug = "", tableId = "" } = useParams();
  const [params] = useSearchParams();
  const playAsColor = params.get("playAsColor");
  const invitePwd = params.get("invitePwd");
  const load = useTableLoad(tableId, playAsColor, invitePwd);
  const [loadCount, setLoadCount] = useState(0);
  const projectName = load.data?.ok ? load.data.table.projectInfo.project_name : null;
  // Until the table is loaded; a loaded table names itself, with whose turn it is (TableView).
  useEffect(() => {
    if (projectName === null) document.title = pageTitle("Table");
  }, [projectName]);

  // Leaving the page (route change or closing the tab) closes the table for this tab.
  useEffect(() => {
    const onHide = () => closeTable(tableId);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      closeTable(tableId);
    };
  }, [tableId]);

  // A table deleted while someone is on its page sends them to the project lobby (spec section 4).
  const navigate = useNavigate();
  useSocketEvent("remove-table", (removed) => {
    if (removed === tableId) navigate(`/projects/${encodeURIComponent(projectSlug)}`, { replace: true });
  });

  const refetch = load.refetch;
  const onStarted = useCallback(() => {
    void refetch().then(() => setLoadCount((n) => n + 1));
  }, [refetch]);
  // The game ended here: only its log is new (everything is revealed now), not the whole table.
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => tableQueryKey(tableId, playAsColor, invitePwd),
    [tableId, playAsColor, invitePwd],
  );
  const onEnded = useCallback(() => {
    void endedLog(tableId).then((log) => {
      const current = queryClient.getQueryData<TableLoad>(queryKey);
      if (log === null || current === undefined || !current.ok) return onStarted();
      const ended: TableLoad = { ok: true, table: asEnded(current.table, log) };
      queryClient.setQueryData<TableLoad>(queryKey, ended);
      setLoadCount((n) => n + 1);
    });
  }, [tableId, queryClient, queryKey, onStarted]);
  // New components (a designer's reload, or r): the same game drawn with them, no remount.
  const onComponents = useCallback(() => {
    void refetch();
  }, [refetch]);

  if (load.isPending) return <WaitState message="Loading table..." />;
  const data = load.data;
  if (data === undefined || !data.ok) {
    const reason = data && !data.ok ? data.reason : (load.error?.message ?? "");
    return (
      <Dialog open aria-labelledby="join-failed-title">
        <DialogTitle id="join-failed-title">Joining table failed</DialogTitle>
        <DialogContent>
          <Typography>{`Joining table failed. Reason: ${reason}`}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            component={RouterLink}
            to={`/projects/${encodeURIComponent(projectSlug)}`}
            variant="contained"
          >
            To project page
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <TableView
      key={`${tableId}-${loadCount}`}
      table={data.table}
      onStarted={onStarted}
      onEnded={onEnded}
      onComponents={onComponents}
      queryColor={playAsColor}
    />
  );
}
