import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Pagination from "@mui/material/Pagination";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ProjectDetail } from "@tt/protocol";
import { useState } from "react";
import { useParams } from "react-router";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { FEEDBACK_FORBIDDEN, useFeedbackProject, useFeedbackResults } from "./api";
import { ColumnPickers } from "./ColumnPickers";
import { type ColumnChoice, loadChoice, optionKeys, saveChoice } from "./columns";
import { FeedbackTable } from "./FeedbackTable";

/** Feedback results /projects/{projectSlug}/feedback (platform-lobby-accounts.md section 2). */
export default function FeedbackPage() {
  const { projectSlug = "" } = useParams();
  useDocumentTitle(`Feedback results for project ${projectSlug}`);
  const detail = useFeedbackProject(projectSlug);
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {`Feedback results for project ${projectSlug}`}
      </Typography>
      {detail.isPending ? (
        <WaitState message="Loading project..." />
      ) : detail.data ? (
        <Results key={projectSlug} detail={detail.data} />
      ) : (
        <Alert severity="error" role="alert">
          {detail.error?.message}
        </Alert>
      )}
    </>
  );
}

function Results({ detail }: { detail: ProjectDetail }) {
  const slug = detail.slug;
  const [page, setPage] = useState(1);
  const [filterUser, setFilterUser] = useState<string | null>(null);
  const [choice, setChoice] = useState<ColumnChoice>(() =>
    loadChoice(local, slug, optionKeys(detail.options)),
  );
  // Asked even without the permission, so the refusal shown is the server's own text.
  const results = useFeedbackResults(
    slug,
    { stats: choice.stats, options: choice.options, globalStats: choice.globalStats, page, filterUser },
    true,
  );

  if (!detail.permissions.feedback && !results.data) {
    if (results.isPending) return <WaitState message="Loading feedback..." />;
    return (
      <Alert severity="error" role="alert">
        {results.error?.message ?? FEEDBACK_FORBIDDEN}
      </Alert>
    );
  }

  const changeChoice = (next: ColumnChoice) => {
    setChoice(next);
    saveChoice(local, slug, next);
  };
  const filter = (username: string | null) => {
    setFilterUser(username);
    setPage(1);
  };
  const data = results.data;
  return (
    <>
      <ColumnPickers options={detail.options} choice={choice} onChange={changeChoice} />
      {filterUser && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Chip label={`Filtered by user: ${filterUser}`} />
          <Button size="small" variant="outlined" onClick={() => filter(null)}>
            Clear filter
          </Button>
        </Stack>
      )}
      {results.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {results.error.message}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>
        {results.isFetching && <LinearProgress aria-label="Loading feedback" />}
      </Box>
      {!data ? (
        results.isPending && <WaitState message="Loading feedback..." />
      ) : data.rows.length === 0 ? (
        <Typography>{filterUser ? `No feedback from ${filterUser}.` : "No feedback yet."}</Typography>
      ) : (
        <FeedbackTable
          slug={slug}
          rows={data.rows}
          choice={choice}
          options={detail.options}
          onFilterUser={(u) => filter(u)}
        />
      )}
      {data && (
        <Pagination
          sx={{ mt: 2, display: "flex", justifyContent: "center" }}
          count={Math.max(1, data.pageCount)}
          page={page}
          onChange={(_e, next) => setPage(next)}
          getItemAriaLabel={(type, n, selected) =>
            type === "page" ? `${selected ? "" : "Go to "}page ${n}` : `Go to ${type} page`
          }
        />
      )}
    </>
  );
}
