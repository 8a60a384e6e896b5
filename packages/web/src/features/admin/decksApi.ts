// Data sheet, deck and game implementation calls of the admin page (admin-decks-editor.md section 7).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Deck } from "@tt/engine";
import type { DecksInfo } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

const enc = encodeURIComponent;

export const decksKey = (slug: string) => ["admin", slug, "decks"] as const;

/** `enabled`: only the project's admins may read its decks. */
export function useDecks(slug: string, enabled = true) {
  return useQuery({
    queryKey: decksKey(slug),
    enabled,
    queryFn: async () => {
      const result = await api<DecksInfo>(`/api/projects/${enc(slug)}/decks`);
      if (!result.ok || !result.json) throw new Error(failureText(result));
      return result.json;
    },
  });
}

export function useRefreshDecks(slug: string): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: decksKey(slug) });
}

/** Decks sorted by name, as the navigation lists them. */
export function sortedDecks(decks: Record<string, Deck>): Deck[] {
  return Object.values(decks).sort((a, b) => a.name.localeCompare(b.name));
}

/** The same id the navigation's deck entries scroll to (scrollSpy navEntries). */
export const deckSectionId = (deck: Pick<Deck, "id">) => `admin-deck-${deck.id}`;

export const paths = {
  updateDataSheet: (slug: string) => `/api/projects/update-data-sheet/${enc(slug)}`,
  uploadDataSheet: (slug: string) => `/api/projects/upload-data-sheet/${enc(slug)}`,
  createDeck: (slug: string) => `/api/projects/create-deck/${enc(slug)}`,
  eraseDeck: (slug: string) => `/api/projects/${enc(slug)}/erase-deck`,
  deckSheet: (slug: string) => `/api/update-deck-source-sheet/${enc(slug)}`,
  deckPsd: (slug: string) => `/api/update-deck-source-psd/${enc(slug)}`,
  deckAssets: (slug: string) => `/api/update-deck-assets/${enc(slug)}`,
  eraseDeckAsset: (slug: string) => `/api/erase-deck-asset/${enc(slug)}`,
  devFromTable: (slug: string) => `/api/projects/${enc(slug)}/update-dev-from-latest-table`,
  components: (slug: string, development: boolean) =>
    `/api/projects/${enc(slug)}/components${development ? "?development=true" : ""}`,
  pushToProduction: (slug: string) => `/api/projects/${enc(slug)}/push-dev-to-production`,
};
