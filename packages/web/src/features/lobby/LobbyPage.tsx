import AddIcon from "@mui/icons-material/Add";
import GroupsIcon from "@mui/icons-material/Groups";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useQueryClient } from "@tanstack/react-query";
import {
  PROJECT_DETAIL_FAILURE,
  type ProjectDetail,
  STORAGE_KEYS,
  type TableInfo,
  type TableListStatus,
} from "@tt/protocol";
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { useCurrentUser } from "../../services/auth";
import { enterLobby, leaveLobby, lobbyCache, lobbyKeys, useProjectDetail } from "./api";
import { JoinPanel } from "./JoinPanel";
import { NewTablePanel } from "./NewTablePanel";
import { PlayBotsButton } from "./PlayBotsButton";
import { ProjectHeader } from "./ProjectHeader";
import type { Viewer } from "./tableLists";
import { tablePath, useLobbyEvents } from "./useLobbyEvents";

/** The project lobby /projects/{projectSlug} (platform-lobby-accounts.md section 2). */
export default function LobbyPage() {
  const { projectSlug = "" } = useParams();
  const detail = useProjectDetail(projectSlug);
  const user = useCurrentUser().data;
  useDocumentTitle(detail.data?.project_name ?? "Project");
  // Leaving the page takes this tab out of the lobby room (spec section 4).
  useEffect(() => {
    enterLobby(projectSlug);
    return () => leaveLobby(projectSlug);
  }, [projectSlug]);

  if (detail.isPending) return <WaitState message="Loading project..." />;
  // A failed refetch keeps the loaded project on screen; only a failed first load replaces it.
  if (!detail.data) {
    return (
      <Alert severity="error" role="alert">
        {detail.error?.message ?? PROJECT_DETAIL_FAILURE}
      </Alert>
    );
  }
  const viewer: Viewer = {
    username: user?.username ?? local.getItem(STORAGE_KEYS.userName) ?? "",
    role: user?.role ?? local.getItem(STORAGE_KEYS.userRole) ?? "",
  };
  return <Lobby key={projectSlug} detail={detail.data} viewer={viewer} />;
}

type Section = "join" | "create" | null;

function Lobby({ detail, viewer }: { detail: ProjectDetail; viewer: Viewer }) {
  const slug = detail.slug;
  const [params] = useSearchParams();
  const [section, setSection] = useState<Section>(params.get("openSection") === "join" ? "join" : null);
  const [tab, setTab] = useState<TableListStatus>("open");
  const newIds = useLobbyEvents(slug, viewer);
  const client = useQueryClient();
  const navigate = useNavigate();

  const toggle = (which: Exclude<Section, null>) => setSection((s) => (s === which ? null : which));
  const onCreated = (table: TableInfo) => {
    lobbyCache(client, slug).place(table, viewer);
    void client.invalidateQueries({ queryKey: lobbyKeys.detail(slug), exact: true });
    // A public sandbox starts at once: straight to the table.
    if (table.status === "midgame") {
      navigate(tablePath(slug, table.tableId));
      return;
    }
    setTab("open");
    setSection("join");
  };

  return (
    <Box sx={{ position: "relative" }}>
      {detail.background && (
        <Box
          aria-hidden="true"
          sx={{
            position: "fixed",
            inset: 0,
            zIndex: -1,
            backgroundImage: `url("${detail.background}")`,
            backgroundSize: "cover",
            backgroundPosition: "center",
            opacity: 0.15,
            pointerEvents: "none",
          }}
        />
      )}
      <ProjectHeader detail={detail} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3 }}>
        <Button
          variant={section === "join" ? "contained" : "outlined"}
          size="large"
          startIcon={<GroupsIcon />}
          aria-expanded={section === "join"}
          aria-controls="lobby-join-panel"
          onClick={() => toggle("join")}
          sx={{
            py: 1.5,
            px: 4,
            fontSize: "1.1rem",
            bgcolor: section === "join" ? undefined : "background.paper",
          }}
        >
          {`Join a table (${detail.openTableCount})`}
        </Button>
        <Button
          variant={section === "create" ? "contained" : "outlined"}
          size="large"
          startIcon={<AddIcon />}
          aria-expanded={section === "create"}
          aria-controls="lobby-create-panel"
          onClick={() => toggle("create")}
          sx={{
            py: 1.5,
            px: 4,
            fontSize: "1.1rem",
            bgcolor: section === "create" ? undefined : "background.paper",
          }}
        >
          Create new table
        </Button>
        <PlayBotsButton detail={detail} viewer={viewer} />
      </Stack>
      {section === "join" && (
        <Box
          id="lobby-join-panel"
          sx={{ bgcolor: "rgba(255,255,255,0.85)", borderRadius: 2, p: { xs: 1, sm: 2 } }}
        >
          <JoinPanel slug={slug} viewer={viewer} tab={tab} onTab={setTab} newIds={newIds} />
        </Box>
      )}
      {section === "create" && (
        <Box id="lobby-create-panel">
          <NewTablePanel detail={detail} onCreated={onCreated} />
        </Box>
      )}
    </Box>
  );
}
