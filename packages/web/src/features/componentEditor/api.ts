// The component editor's calls (admin-decks-editor.md section 7): the development components, read and
// written through GET and POST /api/projects/{slug}/components?development=true, and the project's
// global assets (the backgrounds). The server lets only designers and site admins read or write them.
import { useQuery } from "@tanstack/react-query";
import type { ComponentsResponse, GlobalAsset } from "@tt/protocol";
import { type ApiResult, api, failureText } from "../../lib/api";
import type { Tree } from "./model/tree";

const enc = encodeURIComponent;

export const editorPaths = {
  devComponents: (slug: string) => `/api/projects/${enc(slug)}/components?development=true`,
  assets: (slug: string) => `/api/projects/${enc(slug)}/assets`,
};

/** A failed load: its HTTP status tells 'not allowed' (403) from everything else. */
export class LoadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function load<T>(path: string): Promise<T> {
  const result: ApiResult<T> = await api<T>(path);
  if (!result.ok || result.json === undefined) throw new LoadError(result.status, failureText(result));
  return result.json;
}

export function useDevComponents(slug: string) {
  return useQuery({
    queryKey: ["componentEditor", slug, "components"],
    queryFn: () => load<ComponentsResponse>(editorPaths.devComponents(slug)),
    retry: false,
    // The editor owns the tree once loaded: a refetch must never replace edits under the designer's hands.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useAssets(slug: string) {
  return useQuery({
    queryKey: ["componentEditor", slug, "assets"],
    queryFn: () => load<GlobalAsset[]>(editorPaths.assets(slug)),
    retry: false,
  });
}

export async function saveDevComponents(slug: string, tree: Tree): Promise<ApiResult<ComponentsResponse>> {
  return api<ComponentsResponse>(editorPaths.devComponents(slug), { method: "POST", body: tree });
}
