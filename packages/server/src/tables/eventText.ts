import type { TableEvent } from "@tt/engine";

// A turn's event is serialised for its size (caps.ts: the event and log caps) and for its write
// (eventStore.ts: the statement's parameter), one right after the other in the same synchronous
// step of the turn. The text of the last event serialised is kept, so the two share one
// JSON.stringify (issue 21: serialising each event three times was 2% of the server's time per turn).
// One slot, not a map: the log keeps every event, and a text kept per event would double it.

let lastEvent: TableEvent | undefined;
let lastText = "";

/** The event as JSON text: serialised once for the size check and the write that follow each other. */
export function eventText(event: TableEvent): string {
  if (event !== lastEvent) {
    lastText = JSON.stringify(event);
    lastEvent = event;
  }
  return lastText;
}
