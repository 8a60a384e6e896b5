// Global assets of the admin page (admin-decks-editor.md sections 2, 7): the list, the erase call and
// the small pure helpers the section shows them with. Uploads go through lib/upload (progress events).
import { useQuery } from "@tanstack/react-query";
import { ASSET_EXTENSIONS, ASSET_MAX_BYTES, ASSET_TYPES, type GlobalAsset } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

const enc = encodeURIComponent;

export const globalAssetsKey = (slug: string) => ["admin", slug, "global-assets"] as const;

export const assetPaths = {
  list: (slug: string) => `/api/projects/${enc(slug)}/assets`,
  upload: (slug: string) => `/api/projects/${enc(slug)}/upload-assets`,
  erase: (slug: string) => `/api/projects/${enc(slug)}/erase-asset`,
};

/** The multipart field the server reads the files from. */
export const ASSETS_FIELD = "assets";

/** The file chooser's filter: the image types and extensions the server takes. */
export const ASSET_ACCEPT = [...ASSET_TYPES, ...ASSET_EXTENSIONS].join(",");

export function useGlobalAssets(slug: string) {
  return useQuery({
    queryKey: globalAssetsKey(slug),
    queryFn: async () => {
      const result = await api<GlobalAsset[]>(assetPaths.list(slug));
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
  });
}

/** Answers the server's text ('{name} erased.'); throws its failure text. */
export async function eraseGlobalAsset(slug: string, name: string): Promise<string> {
  const result = await api(assetPaths.erase(slug), { method: "POST", body: { name } });
  if (!result.ok) throw new Error(failureText(result));
  return result.text;
}

const MB = 1024 * 1024;

/** 512 B, 1.5 KB, 2.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < MB ? [bytes / 1024, "KB"] : [bytes / MB, "MB"];
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, "") : Math.round(value)} ${unit}`;
}

/** Refuses, before sending anything, files the server would refuse for their size. */
export function oversizeMessage(files: { name: string; size: number }[]): string | null {
  const big = files.filter((f) => f.size > ASSET_MAX_BYTES).map((f) => f.name);
  if (big.length === 0) return null;
  return `${big.join(", ")} ${big.length === 1 ? "is" : "are"} larger than ${ASSET_MAX_BYTES / MB} MB, the limit for one asset.`;
}

/** The preview address: a replaced file keeps its URL, so its upload time keeps caches from showing the old one. */
export function previewUrl(asset: Pick<GlobalAsset, "url" | "uploadedAt">): string {
  return `${asset.url}${asset.url.includes("?") ? "&" : "?"}v=${enc(asset.uploadedAt)}`;
}
