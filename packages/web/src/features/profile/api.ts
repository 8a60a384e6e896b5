// Profile calls (platform-lobby-accounts.md section 7). A failed profile load carries the HTTP status
// text, which the page shows in place of itself (section 8).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AwardBadgeRequest, Badge, GameStat, RemoveBadgeRequest, TableInfo } from "@tt/protocol";
import { api, failureText, NETWORK_ERROR } from "../../lib/api";
import { nextSkip, toPage } from "../lobby";
import { statusText } from "./profileLogic";

const enc = encodeURIComponent;

export const profileKeys = {
  stats: (u: string) => ["profile", u.toLowerCase(), "stats"] as const,
  bio: (u: string) => ["profile", u.toLowerCase(), "bio"] as const,
  badges: (u: string) => ["profile", u.toLowerCase(), "badges"] as const,
  tables: (u: string) => ["profile", u.toLowerCase(), "tables"] as const,
  /** Every badge there is (site admins only: they award them). */
  allBadges: ["badges"] as const,
};

/** Thrown when a profile call fails: the message is the status text ('Not Found'). */
async function load<T>(path: string, as: "json" | "text"): Promise<T> {
  const result = await api<T>(path);
  if (!result.ok) throw new Error(result.status ? statusText(result.status) : NETWORK_ERROR);
  if (as === "text") return result.text as T;
  if (result.json === undefined) throw new Error(statusText(result.status));
  return result.json;
}

export function useGameStats(username: string) {
  return useQuery({
    queryKey: profileKeys.stats(username),
    queryFn: () => load<GameStat[]>(`/api/get-user-game-stats/?username=${enc(username)}`, "json"),
    retry: false,
  });
}

export function useBio(username: string) {
  return useQuery({
    queryKey: profileKeys.bio(username),
    queryFn: () => load<string>(`/api/user-bio/?username=${enc(username)}`, "text"),
    retry: false,
  });
}

export function useBadges(username: string) {
  return useQuery({
    queryKey: profileKeys.badges(username),
    queryFn: () => load<Badge[]>(`/api/get-user-badges?username=${enc(username)}`, "json"),
    retry: false,
  });
}

/** Saves the owner's bio; on success the shown bio becomes the saved text. */
export function useSaveBio(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bioText: string) => {
      const result = await api(`/api/user-bio/?username=${enc(username)}`, {
        method: "POST",
        body: { bioText },
      });
      if (!result.ok) throw new Error(failureText(result));
      return bioText;
    },
    onSuccess: (bioText) => client.setQueryData(profileKeys.bio(username), bioText),
  });
}

async function fetchFinished(username: string, skip: number): Promise<TableInfo[]> {
  const result = await api<TableInfo[]>(
    `/api/get-table-list/?status=ended&username=${enc(username)}&skip=${skip}`,
  );
  if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
  return result.json;
}

/** 'Recently finished tables': pages of 20, skip = the count loaded, done when a page is short. */
export function useFinishedTables(username: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.tables(username),
    queryFn: async ({ pageParam }) => toPage(await fetchFinished(username, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextSkip({ pages }),
    retry: false,
  });
}

/** Every badge there is, for a site admin's 'Award a badge' (others are refused, and never ask). */
export function useAllBadges(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.allBadges,
    queryFn: async () => {
      const result = await api<Badge[]>("/api/badges");
      if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
      return result.json;
    },
    enabled,
    retry: false,
  });
}

/** A site admin's badge change: the answer is the user's badges as they are now. */
function useBadgeChange<T extends { username: string }>(path: string, username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<T, "username">): Promise<Badge[]> => {
      const result = await api<Badge[]>(path, { method: "POST", body: { ...body, username } });
      if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
      return result.json;
    },
    onSuccess: (list) => {
      client.setQueryData(profileKeys.badges(username), list);
      void client.invalidateQueries({ queryKey: profileKeys.allBadges });
    },
  });
}

export const useAwardBadge = (username: string) =>
  useBadgeChange<AwardBadgeRequest>("/api/award-badge", username);
export const useRemoveBadge = (username: string) =>
  useBadgeChange<RemoveBadgeRequest>("/api/remove-badge", username);
