import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { allTables, TableTile, type Viewer } from "../lobby";
import { useFinishedTables } from "./api";
import { shouldLoadMore } from "./infiniteScroll";

/**
 * 'Recently finished tables' with infinite scroll: the next page loads when the viewport is within
 * 50 px of the page's bottom (spec section 9). Failures are only logged (spec section 8).
 */
export function FinishedTables({ username, viewer }: { username: string; viewer: Viewer }) {
  const list = useFinishedTables(username);
  const { hasNextPage, isFetching, isError, fetchNextPage, error } = list;

  useEffect(() => {
    if (isError) console.error("Loading finished tables failed:", error?.message);
  }, [isError, error]);

  useEffect(() => {
    const check = () => {
      const metrics = {
        scrollTop: window.scrollY,
        viewportHeight: window.innerHeight,
        scrollHeight: document.documentElement.scrollHeight,
      };
      if (shouldLoadMore(metrics, { hasMore: hasNextPage, loading: isFetching, failed: isError }))
        void fetchNextPage();
    };
    // Also check now: a page that does not fill the window never scrolls.
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [hasNextPage, isFetching, isError, fetchNextPage]);

  if (list.isPending) {
    return (
      <Box role="status" sx={{ display: "flex", justifyContent: "center", py: 2 }}>
        <CircularProgress aria-label="Loading tables" />
      </Box>
    );
  }
  const tables = allTables(list.data);
  if (tables.length === 0) return <Typography>You have no tables.</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label="Recently finished tables"
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
            <TableTile table={table} viewer={viewer} showLobbyLink />
          </li>
        ))}
      </Box>
      {list.isFetchingNextPage && (
        <Box role="status" sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress aria-label="Loading more tables" />
        </Box>
      )}
    </>
  );
}
