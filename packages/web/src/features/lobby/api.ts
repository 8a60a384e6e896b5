// Lobby calls (platform-lobby-accounts.md section 7) and their TanStack Query hooks. Failures carry the
// server's text, which the page shows as it is.
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type NewTableRequest,
  type PlayBotsRequest,
  PROJECT_DETAIL_FAILURE,
  type ProjectDetail,
  type StartTableResponse,
  type TableInfo,
  type TableListStatus,
} from "@tt/protocol";
import { api, failureText } from "../../lib/api";
import { tabSessionId } from "../../services/socket";
import {
  findTable,
  insertTable,
  LIST_STATUSES,
  listsOf,
  nextSkip,
  removeTable,
  type TablePages,
  toPage,
  updateTable,
  type Viewer,
} from "./tableLists";

const enc = encodeURIComponent;

export const lobbyKeys = {
  all: (slug: string) => ["lobby", slug] as const,
  detail: (slug: string) => ["lobby", slug, "detail"] as const,
  list: (slug: string, status: TableListStatus) => ["lobby", slug, "tables", status] as const,
};

// Joining and leaving the lobby room run one after the other, so a quick leave-and-return (React's
// StrictMode remount, a fast back button) cannot reach the server in the wrong order.
let membership: Promise<unknown> = Promise.resolve();
function inOrder<T>(call: () => Promise<T>): Promise<T> {
  const next = membership.then(call, call);
  membership = next.catch(() => undefined);
  return next;
}

/** Loads the project and subscribes this tab's socket to the project's lobby room. */
async function fetchDetail(slug: string): Promise<ProjectDetail> {
  const result = await inOrder(() =>
    api<ProjectDetail>(
      `/api/projects/get-project-detail/${enc(slug)}?status=my&sessionId=${enc(tabSessionId())}`,
    ),
  );
  if (!result.ok || !result.json) {
    if (result.status === 0) throw new Error(failureText(result));
    throw new Error(PROJECT_DETAIL_FAILURE);
  }
  return result.json;
}

const pendingLeave = new Map<string, number>();

/** Takes this tab out of the lobby room (spec section 4: leaving the project page). */
function sendLeave(slug: string): void {
  void inOrder(() => api(`/api/leave-lobby/${enc(slug)}?sessionId=${enc(tabSessionId())}`)).then((r) => {
    if (!r.ok) console.warn("Leaving the lobby failed:", failureText(r));
  });
}

/**
 * Leaving is sent a moment later, and coming back to the lobby at once (React's StrictMode remount, a
 * quick back button) cancels it, so a late leave cannot undo the subscription of the new visit.
 */
export function leaveLobby(slug: string): void {
  window.clearTimeout(pendingLeave.get(slug));
  pendingLeave.set(
    slug,
    window.setTimeout(() => {
      pendingLeave.delete(slug);
      sendLeave(slug);
    }, 1000),
  );
}

export function enterLobby(slug: string): void {
  window.clearTimeout(pendingLeave.get(slug));
  pendingLeave.delete(slug);
}

export function useProjectDetail(slug: string) {
  return useQuery({
    queryKey: lobbyKeys.detail(slug),
    queryFn: () => fetchDetail(slug),
    // Every visit must subscribe again (the previous visit left the room).
    staleTime: 0,
    refetchOnMount: "always",
    retry: false,
  });
}

async function fetchTables(slug: string, status: TableListStatus, skip: number): Promise<TableInfo[]> {
  const result = await api<TableInfo[]>(
    `/api/get-table-list/?projectSlug=${enc(slug)}&status=${status}&skip=${skip}`,
  );
  if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
  return result.json;
}

export function useTableList(slug: string, status: TableListStatus, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: lobbyKeys.list(slug, status),
    queryFn: async ({ pageParam }) => toPage(await fetchTables(slug, status, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextSkip({ pages }),
    enabled,
    staleTime: 30_000,
  });
}

/** Puts a table into the lists it belongs to, if those lists are loaded. */
export function placeTable(client: QueryClient, slug: string, table: TableInfo, viewer: Viewer): void {
  for (const status of listsOf(table, viewer)) {
    client.setQueryData<TablePages>(lobbyKeys.list(slug, status), (data) =>
      data ? insertTable(data, table) : data,
    );
  }
}

/** A call whose failure text is thrown, for mutations. */
async function textCall(path: string, method: "GET" | "POST" = "GET", body?: unknown): Promise<string> {
  const result = await api(path, body === undefined ? { method } : { method, body });
  if (!result.ok) throw new Error(failureText(result));
  return result.text;
}

export function useCreateTable(slug: string) {
  return useMutation({
    mutationFn: async (request: NewTableRequest): Promise<TableInfo> => {
      const result = await api<TableInfo>(`/api/projects/${enc(slug)}/new-table`, {
        method: "POST",
        body: request,
      });
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
  });
}

/** 'Play against bots' (issue 37 point 7): the table made, seated and started in one call. */
export function usePlayBots(slug: string) {
  return useMutation({
    mutationFn: async (request: PlayBotsRequest): Promise<TableInfo> => {
      const result = await api<TableInfo>(`/api/projects/${enc(slug)}/play-against-bots`, {
        method: "POST",
        body: request,
      });
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
  });
}

export function useTableAction(slug: string) {
  const client = useQueryClient();
  const refreshMine = () => client.invalidateQueries({ queryKey: lobbyKeys.list(slug, "my") });
  return {
    start: useMutation({
      mutationFn: async (tableId: string) => {
        const result = await api<StartTableResponse>(
          `/api/projects/${enc(slug)}/${enc(tableId)}/start-table`,
          { method: "POST", body: {} },
        );
        if (!result.ok) throw new Error(failureText(result));
        return result.json;
      },
    }),
    join: useMutation({
      mutationFn: ({ tableId, color }: { tableId: string; color: string }) =>
        textCall(`/api/projects/${enc(slug)}/join-table/${enc(tableId)}?color=${enc(color)}`),
      onSuccess: refreshMine,
    }),
    leave: useMutation({
      mutationFn: (tableId: string) => textCall(`/api/projects/${enc(slug)}/leave-table/${enc(tableId)}`),
      onSuccess: refreshMine,
    }),
    erase: useMutation({
      mutationFn: (tableId: string) => textCall(`/api/projects/${enc(slug)}/erase-table/${enc(tableId)}`),
    }),
  };
}

/**
 * One table's tile by its id, whatever its project (GET /api/get-table-tile/{tableId}): the table
 * page's pre-start lobby, and a table-started event about a table in no loaded list.
 */
export async function fetchTableTile(tableId: string): Promise<TableInfo> {
  const result = await api<TableInfo>(`/api/get-table-tile/${enc(tableId)}`);
  if (!result.ok || !result.json) throw new Error(failureText(result));
  return result.json;
}

export const tableTileKey = (tableId: string) => ["table-tile", tableId] as const;

export function useTableTile(tableId: string) {
  return useQuery({
    queryKey: tableTileKey(tableId),
    queryFn: () => fetchTableTile(tableId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Edits every loaded list of the project at once: live events and local action results both use it. */
export function lobbyCache(client: QueryClient, slug: string) {
  const each = (edit: (data: TablePages) => TablePages) => {
    for (const status of LIST_STATUSES) {
      client.setQueryData<TablePages>(lobbyKeys.list(slug, status), (data) => (data ? edit(data) : data));
    }
  };
  return {
    find(tableId: string): TableInfo | undefined {
      for (const status of LIST_STATUSES) {
        const hit = findTable(client.getQueryData<TablePages>(lobbyKeys.list(slug, status)), tableId);
        if (hit) return hit;
      }
      return undefined;
    },
    update(tableId: string, change: (table: TableInfo) => TableInfo): void {
      each((data) => updateTable(data, tableId, change));
    },
    remove(tableId: string): void {
      each((data) => removeTable(data, tableId));
    },
    place(table: TableInfo, viewer: Viewer): void {
      placeTable(client, slug, table, viewer);
    },
    /** Moves a table to another status: out of the old status list, into the new one. */
    move(table: TableInfo, viewer: Viewer): void {
      for (const status of LIST_STATUSES) {
        if (status === "my" || status === table.status) continue;
        client.setQueryData<TablePages>(lobbyKeys.list(slug, status), (data) =>
          data ? removeTable(data, table.tableId) : data,
        );
      }
      placeTable(client, slug, table, viewer);
      client.setQueryData<TablePages>(lobbyKeys.list(slug, "my"), (data) =>
        data ? updateTable(data, table.tableId, () => table) : data,
      );
    },
    /** The open-table count in 'Join a table (n)'. */
    adjustOpenCount(delta: number): void {
      client.setQueryData<ProjectDetail>(lobbyKeys.detail(slug), (detail) =>
        detail ? { ...detail, openTableCount: Math.max(0, detail.openTableCount + delta) } : detail,
      );
    },
  };
}
