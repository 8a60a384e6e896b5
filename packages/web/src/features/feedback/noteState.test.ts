import { describe, expect, it } from "vitest";
import { initialNote, type NoteAction, type NoteState, needsSave, noteReducer } from "./noteState";

const run = (state: NoteState, ...actions: NoteAction[]) => actions.reduce(noteReducer, state);

describe("feedback note state", () => {
  it("starts unsaved with the server's text", () => {
    const s = initialNote("hi");
    expect(s).toEqual({ draft: "hi", stored: "hi", saving: null, saved: false });
    expect(needsSave(s)).toBe(false);
  });

  it("shows the saved state after a successful save", () => {
    const s = run(initialNote(""), { type: "edit", text: "Check scoring" });
    expect(needsSave(s)).toBe(true);
    const saving = noteReducer(s, { type: "save-start" });
    expect(saving.saving).toBe("Check scoring");
    expect(needsSave(saving)).toBe(false);
    const done = noteReducer(saving, { type: "save-ok", text: "Check scoring" });
    expect(done.saved).toBe(true);
    expect(done.stored).toBe("Check scoring");
    expect(needsSave(done)).toBe(false);
  });

  it("clears the saved state on typing", () => {
    const done = run(
      initialNote(""),
      { type: "edit", text: "a" },
      { type: "save-start" },
      { type: "save-ok", text: "a" },
    );
    const typed = noteReducer(done, { type: "edit", text: "ab" });
    expect(typed.saved).toBe(false);
    expect(needsSave(typed)).toBe(true);
  });

  it("is not saved when the user typed while saving", () => {
    const s = run(
      initialNote(""),
      { type: "edit", text: "a" },
      { type: "save-start" },
      { type: "edit", text: "ab" },
      { type: "save-ok", text: "a" },
    );
    expect(s.saved).toBe(false);
    expect(s.stored).toBe("a");
    expect(needsSave(s)).toBe(true);
  });

  it("keeps the typed text when a save fails", () => {
    const s = run(
      initialNote("old"),
      { type: "edit", text: "new" },
      { type: "save-start" },
      { type: "save-failed" },
    );
    expect(s).toEqual({ draft: "new", stored: "old", saving: null, saved: false });
    expect(needsSave(s)).toBe(true);
  });

  it("adopts server text only without unsaved edits", () => {
    expect(noteReducer(initialNote("a"), { type: "server", text: "b" }).draft).toBe("b");
    const edited = run(initialNote("a"), { type: "edit", text: "mine" }, { type: "server", text: "b" });
    expect(edited.draft).toBe("mine");
    expect(edited.stored).toBe("b");
  });
});
