// The admin page's navigation drawer (admin-decks-editor.md sections 2 and 9): its entries, and which
// one is highlighted for the current scroll position.

export const DRAWER_WIDTH = 250;
/** The highlight follows the section whose top has passed one sixth of the window height. */
export const SCROLL_OFFSET_RATIO = 1 / 6;

export interface NavEntry {
  id: string;
  label: string;
  /** Deck entries expand their deck before scrolling to it. */
  deckId?: string;
}

/** A deck's entry scrolls after the panel has had time to open (section 9). */
export const DECK_SCROLL_DELAY_MS = 250;

export const SECTION_IDS = {
  top: "admin-top",
  description: "admin-description",
  visibility: "admin-visibility",
  feedbackForm: "admin-feedback-form",
  options: "admin-options",
  dangerZone: "admin-danger-zone",
  gameImplementation: "admin-game-implementation",
  globalAssets: "admin-global-assets",
  dataSheet: "admin-data-sheet",
  decks: "admin-decks",
} as const;

/** Which sections the page shows (section 2): the description only when there is one or it may be edited. */
export interface ShownSections {
  /** The advanced sections: the project's mods and designers and site admins. */
  privileged: boolean;
  description: boolean;
}

/** The entries for the sections shown, then one per deck, sorted by name (section 2). */
export function navEntries(shown: ShownSections, decks: { id: string; name: string }[] = []): NavEntry[] {
  const entries: NavEntry[] = [{ id: SECTION_IDS.top, label: "Top" }];
  if (shown.description) entries.push({ id: SECTION_IDS.description, label: "Description" });
  entries.push({ id: SECTION_IDS.visibility, label: "Visibility and roles" });
  if (shown.privileged)
    entries.push(
      { id: SECTION_IDS.feedbackForm, label: "Feedback form" },
      { id: SECTION_IDS.options, label: "Options" },
      { id: SECTION_IDS.dangerZone, label: "Danger zone" },
      { id: SECTION_IDS.gameImplementation, label: "Game implementation" },
      { id: SECTION_IDS.globalAssets, label: "Global assets" },
      { id: SECTION_IDS.dataSheet, label: "Data sheet" },
      { id: SECTION_IDS.decks, label: "Decks" },
      ...[...decks]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((d) => ({ id: `admin-deck-${d.id}`, label: d.name, deckId: d.id })),
    );
  return entries;
}

/**
 * The section in view: the last one (in page order) whose top is at or above the offset line; the first
 * when none has reached it yet; the last one once the page is scrolled to its end (a short last section
 * never reaches the line). `tops` are viewport-relative tops (getBoundingClientRect().top).
 */
export function activeSection(
  tops: { id: string; top: number }[],
  windowHeight: number,
  atBottom = false,
): string | null {
  if (atBottom && tops.length > 0) return tops[tops.length - 1]!.id;
  const line = windowHeight * SCROLL_OFFSET_RATIO;
  let active: string | null = tops[0]?.id ?? null;
  for (const { id, top } of tops) {
    if (top <= line) active = id;
    else break;
  }
  return active;
}
