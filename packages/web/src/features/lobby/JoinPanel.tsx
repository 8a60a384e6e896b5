import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import type { TableListStatus } from "@tt/protocol";
import { useTableList } from "./api";
import { TableTile } from "./TableTile";
import { allTables, type Viewer } from "./tableLists";

export const TAB_LABELS: Record<TableListStatus, string> = {
  open: "Open tables",
  midgame: "Midgame tables",
  ended: "Ended tables",
  my: "My tables",
};

const EMPTY: Record<TableListStatus, string> = {
  open: "No open tables available.",
  midgame: "No midgame tables available.",
  ended: "No ended tables available.",
  my: "You have no tables.",
};

const TABS: TableListStatus[] = ["open", "midgame", "ended", "my"];

interface Props {
  slug: string;
  viewer: Viewer;
  tab: TableListStatus;
  onTab: (tab: TableListStatus) => void;
  newIds: ReadonlySet<string>;
}

/** 'Join a table': the four lists as tabs, each with its empty message and 'Load more' (spec section 2). */
export function JoinPanel({ slug, viewer, tab, onTab, newIds }: Props) {
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TableListStatus) => onTab(value)}
          aria-label="Table lists"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((status) => (
            <Tab
              key={status}
              value={status}
              label={TAB_LABELS[status]}
              id={`lobby-tab-${status}`}
              aria-controls={`lobby-tabpanel-${status}`}
              sx={{ textTransform: "none", fontSize: "1rem" }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`lobby-tabpanel-${tab}`} aria-labelledby={`lobby-tab-${tab}`} sx={{ pt: 2 }}>
        <TableList key={tab} slug={slug} status={tab} viewer={viewer} newIds={newIds} />
      </Box>
    </Box>
  );
}

function TableList({
  slug,
  status,
  viewer,
  newIds,
}: {
  slug: string;
  status: TableListStatus;
  viewer: Viewer;
  newIds: ReadonlySet<string>;
}) {
  const list = useTableList(slug, status, true);
  if (list.isPending) {
    return (
      <Box role="status" sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label="Loading tables" />
      </Box>
    );
  }
  // A failed 'Load more' keeps the loaded tables (data stays); only a failed first page replaces them.
  if (!list.data) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        {list.error?.message ?? "Loading tables failed."}
      </Alert>
    );
  }
  const tables = allTables(list.data);
  return (
    <>
      {tables.length === 0 ? (
        <Typography>{EMPTY[status]}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={TAB_LABELS[status]}
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" },
          }}
        >
          {tables.map((table) => (
            <li key={table.tableId}>
              <TableTile table={table} viewer={viewer} isNew={newIds.has(table.tableId)} />
            </li>
          ))}
        </Box>
      )}
      {list.hasNextPage && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
          <Button
            variant="outlined"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            startIcon={
              list.isFetchingNextPage ? <CircularProgress size={16} aria-hidden="true" /> : undefined
            }
          >
            Load more
          </Button>
        </Box>
      )}
      {list.isFetchNextPageError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {(list.error as Error | null)?.message ?? "Loading more tables failed."}
        </Alert>
      )}
    </>
  );
}
