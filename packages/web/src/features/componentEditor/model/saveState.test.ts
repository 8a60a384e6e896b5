import { describe, expect, it } from "vitest";
import {
  initialSaveState,
  isDirty,
  type SaveEvent,
  type SaveState,
  saveReducer,
  saveStatus,
} from "./saveState";

const run = (...events: SaveEvent[]): SaveState => events.reduce(saveReducer, initialSaveState);

describe("autosave bookkeeping", () => {
  it("is clean at first, dirty after an edit, clean once that revision is saved", () => {
    expect(isDirty(initialSaveState)).toBe(false);
    expect(saveStatus(run({ type: "edited" }))).toBe("pending");
    expect(saveStatus(run({ type: "edited" }, { type: "sent", revision: 1 }))).toBe("saving");
    const saved = run({ type: "edited" }, { type: "sent", revision: 1 }, { type: "succeeded", revision: 1 });
    expect(isDirty(saved)).toBe(false);
    expect(saveStatus(saved)).toBe("saved");
  });

  it("stays dirty when an edit came in while saving", () => {
    const s = run(
      { type: "edited" },
      { type: "sent", revision: 1 },
      { type: "edited" },
      { type: "succeeded", revision: 1 },
    );
    expect(isDirty(s)).toBe(true);
  });

  it("keeps a failed save dirty until a later save succeeds", () => {
    const failed = run({ type: "edited" }, { type: "sent", revision: 1 }, { type: "failed", revision: 1 });
    expect(saveStatus(failed)).toBe("failed");
    expect(isDirty(failed)).toBe(true);
    const retried = [
      { type: "sent", revision: 1 },
      { type: "succeeded", revision: 1 },
    ].reduce((s, e) => saveReducer(s, e as SaveEvent), failed);
    expect(saveStatus(retried)).toBe("saved");
  });

  it("tries again after the next edit", () => {
    const failed = run({ type: "edited" }, { type: "sent", revision: 1 }, { type: "failed", revision: 1 });
    expect(saveStatus(saveReducer(failed, { type: "edited" }))).toBe("pending");
  });

  it("never moves the saved revision back", () => {
    const s = run(
      { type: "edited" },
      { type: "edited" },
      { type: "succeeded", revision: 2 },
      { type: "succeeded", revision: 1 },
    );
    expect(s.saved).toBe(2);
  });
});
