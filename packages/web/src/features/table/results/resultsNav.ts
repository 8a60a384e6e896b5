// Moving to a part of the ended-table page: the results' sections below the board, and the board.
// Shared by the results' speed dial and the end summary beside the board ('Go to results').

export const OVERVIEW_SECTION_ID = "results-overview";

function scrollBehaviour(): ScrollBehavior {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Below the app's fixed top bar, which would otherwise cover the target's first lines. */
const TOP_BAR_CLEARANCE = 72;

export function scrollToElement(element: Element | null) {
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - TOP_BAR_CLEARANCE;
  window.scrollTo({ top: Math.max(0, top), behavior: scrollBehaviour() });
}

/** Scrolls to a results section (its accordion's id) and gives its header the focus. */
export function scrollToSection(id: string) {
  scrollToElement(document.getElementById(id));
  // Keyboard users continue from the section they asked for.
  document.getElementById(`${id}-header`)?.focus({ preventScroll: true });
}
