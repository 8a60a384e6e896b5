// The admin page's navigation drawer (admin-decks-editor.md sections 2 and 9): its entries, and which
// one is highlighted for the current scroll position.

export const DRAWER_WIDTH = 250;
/** The highlight follows the section whose top has passed one sixth of the window height. */
export const SCROLL_OFFSET_RATIO = 1 / 6;

export interface NavEntry {
  id: string;
  label: string;
}

export const SECTION_IDS = {
  top: "admin-top",
  description: "admin-description",
  visibility: "admin-visibility",
  feedbackForm: "admin-feedback-form",
  options: "admin-options",
  dangerZone: "admin-danger-zone",
} as const;

/**
 * The entries for the sections that exist. Game implementation, global assets, data sheet and decks are
 * added with their sections (a later issue); listing them now would scroll to nothing.
 */
export function navEntries(privileged: boolean): NavEntry[] {
  const entries: NavEntry[] = [
    { id: SECTION_IDS.top, label: "Top" },
    { id: SECTION_IDS.description, label: "Description" },
    { id: SECTION_IDS.visibility, label: "Visibility and roles" },
  ];
  if (privileged)
    entries.push(
      { id: SECTION_IDS.feedbackForm, label: "Feedback form" },
      { id: SECTION_IDS.options, label: "Options" },
      { id: SECTION_IDS.dangerZone, label: "Danger zone" },
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
