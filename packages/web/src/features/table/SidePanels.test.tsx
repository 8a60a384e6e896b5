import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SidePanels } from "./Panels";

// The log and the chat beside the board; on a phone two tabs, one panel shown (issue 37 point 2).

const tabs = (html: string) => [...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("the side panels", () => {
  it("stacks both panels on a wide window", () => {
    const html = renderToStaticMarkup(
      <SidePanels tabs={false} log={<p>the log</p>} chat={<p>the chat</p>} />,
    );
    expect(html).toBe("<p>the log</p><p>the chat</p>");
  });

  it("makes them tabs on a phone, the log shown first and the chat kept mounted", () => {
    const html = renderToStaticMarkup(<SidePanels tabs log={<p>the log</p>} chat={<p>the chat</p>} />);
    expect(tabs(html)).toEqual(["Log", "Chat"]);
    expect(html).toMatch(/id="table-panel-log"[^>]*><p>the log/);
    expect(html).toMatch(/id="table-panel-chat"[^>]*hidden=""[^>]*><p>the chat/);
  });

  it("has no tab for a panel switched off in the top bar", () => {
    const html = renderToStaticMarkup(<SidePanels tabs log={false} chat={<p>the chat</p>} />);
    expect(tabs(html)).toEqual(["Chat"]);
    expect(html).not.toContain('hidden=""');
    expect(renderToStaticMarkup(<SidePanels tabs log={false} chat={false} />)).toBe("");
  });
});
