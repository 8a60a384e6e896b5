import { useQuery } from "@tanstack/react-query";
import type { ProjectListEntry } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

/** Spec section 8: a 401/403 on the project list is only logged; the user sees an empty list. */
async function fetchProjectList(): Promise<ProjectListEntry[]> {
  const result = await api<ProjectListEntry[]>("/api/get-project-list");
  if (result.status === 401 || result.status === 403) {
    console.warn("Project list not authorized:", failureText(result));
    return [];
  }
  if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
  return result.json;
}

export function useProjectList() {
  return useQuery({ queryKey: ["projectList"], queryFn: fetchProjectList, staleTime: 60_000 });
}
