// Login state (spec section 4): the ping at start decides logged-in, a successful login sets it,
// logout clears the stored name and role. TanStack Query holds it so every screen reads one source.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type LoginResponse, type PingLoginResponse, STORAGE_KEYS } from "@tt/protocol";
import { useCallback } from "react";
import { api, failureText } from "../lib/api";
import { local } from "../lib/storage";

export interface CurrentUser {
  username: string;
  role: string;
  serverEnv?: string;
}

export const PING_KEY = ["pingLogin"] as const;

/** Other features read these keys (spec section 3), so keep them in step with the server's answer. */
function remember(user: CurrentUser): void {
  local.setItem(STORAGE_KEYS.userName, user.username);
  local.setItem(STORAGE_KEYS.userRole, user.role);
  if (user.serverEnv) local.setItem(STORAGE_KEYS.serverEnv, user.serverEnv);
}

function forget(): void {
  local.removeItem(STORAGE_KEYS.userName);
  local.removeItem(STORAGE_KEYS.userRole);
}

async function pingLogin(): Promise<CurrentUser | null> {
  const result = await api<PingLoginResponse>("/api/pingLogin");
  if (result.status === 401) return null;
  if (!result.ok || !result.json) throw new Error(failureText(result));
  // The issue text lists only username and serverEnv; tolerate a missing role rather than show 'undefined'.
  const { username, role = "", serverEnv } = result.json;
  const user: CurrentUser = serverEnv ? { username, role, serverEnv } : { username, role };
  remember(user);
  return user;
}

export function useCurrentUser() {
  return useQuery({ queryKey: PING_KEY, queryFn: pingLogin, staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}

/** Call after a successful login: shows the app at once, then refreshes to pick up serverEnv. */
export function useSignedIn(): (user: LoginResponse) => void {
  const client = useQueryClient();
  return useCallback(
    (user: LoginResponse) => {
      remember(user);
      const next: CurrentUser | null = { username: user.username, role: user.role };
      client.setQueryData(PING_KEY, next);
      void client.invalidateQueries({ queryKey: PING_KEY });
    },
    [client],
  );
}

/** Ends the session on the server, then drops everything cached for this user. */
export function useLogOut(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    const result = await api("/api/logout", { method: "POST" });
    // Even if the call failed we drop local state; the next ping shows the truth.
    if (!result.ok) console.error("Logout failed:", failureText(result));
    forget();
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== PING_KEY[0] });
    client.setQueryData(PING_KEY, null);
    if (!result.ok) void client.invalidateQueries({ queryKey: PING_KEY });
  }, [client]);
}
