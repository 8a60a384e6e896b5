import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FullViewNotice, fullViewWords } from "./TableNotices.js";

// The players' page says in words who watches with the full view (issue 36 point 7): whoever the
// server lists, over a socket or after reading it over HTTP.
describe("the full-view notice", () => {
  it("names each watcher in a sentence", () => {
    expect(fullViewWords(["mod"])).toBe("mod is watching with the full view (every hand and deck)");
    expect(fullViewWords(["ann", "mod"])).toBe(
      "ann and mod are watching with the full view (every hand and deck)",
    );
    expect(fullViewWords(["ann", "bob", "mod"])).toBe(
      "ann, bob and mod are watching with the full view (every hand and deck)",
    );
  });

  it("shows the sentence as a labelled notice, and nothing when nobody watches", () => {
    const html = renderToStaticMarkup(<FullViewNotice viewers={["mod"]} />);
    expect(html).toContain('aria-label="Full view watchers"');
    expect(html).toContain("mod is watching with the full view");
    expect(renderToStaticMarkup(<FullViewNotice viewers={[]} />)).toBe("");
  });
});
