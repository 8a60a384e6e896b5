import type { TableEventMessage, UndoRequestInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  answersRequest,
  askText,
  NO_REQUESTS,
  UNDO_REQUEST_ENDINGS,
  undoRequestsAfter,
} from "./undoRequests";

const request: UndoRequestInfo = { id: "r1", seat: "red", username: "ann", expiresAt: 0 };
const asked: TableEventMessage = { tableId: "t", type: "undo-request", request };
const closed = (
  outcome: "accepted" | "refused" | "timeout" | "lapsed",
  requestId = "r1",
): TableEventMessage => ({
  tableId: "t",
  type: "undo-request-closed",
  requestId,
  outcome,
});

describe("undo requests as the page shows them", () => {
  it("names the asker's colour to the table", () => {
    expect(askText(request)).toBe("red asks to take back their move");
    expect(undoRequestsAfter(NO_REQUESTS, asked, "bob").request).toBe(request);
  });

  it("tells the asker why no undo followed, and nobody else", () => {
    const waiting = undoRequestsAfter(NO_REQUESTS, asked, "ann");
    expect(undoRequestsAfter(waiting, closed("refused"), "ann")).toEqual({
      request: null,
      ending: "Your undo was refused",
    });
    expect(undoRequestsAfter(waiting, closed("timeout"), "ann").ending).toBe(
      "No answer to your undo request",
    );
    expect(undoRequestsAfter(waiting, closed("lapsed"), "ann").ending).toBe(UNDO_REQUEST_ENDINGS.lapsed);
    expect(undoRequestsAfter(waiting, closed("accepted"), "ann")).toEqual(NO_REQUESTS);
    expect(undoRequestsAfter(undoRequestsAfter(NO_REQUESTS, asked, "bob"), closed("refused"), "bob")).toEqual(
      NO_REQUESTS,
    );
  });

  it("ignores the end of a request it does not hold", () => {
    const waiting = undoRequestsAfter(NO_REQUESTS, asked, "ann");
    expect(undoRequestsAfter(waiting, closed("refused", "other"), "ann")).toBe(waiting);
  });

  it("lets only the asker's opponents answer", () => {
    expect(answersRequest(request, "blue", "bob")).toBe(true);
    expect(answersRequest(request, "red", "ann")).toBe(false);
    expect(answersRequest(request, "spectator", "cat")).toBe(false);
  });
});
