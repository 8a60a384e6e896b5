// The autosave of the development components (admin-decks-editor.md sections 4, 8, 9), without React:
// an edit starts a timer of AUTOSAVE_MS that later edits do not restart (a dragged base-scale slider
// saves as it goes, not only when let go), and the save it triggers sends the tree as it is by then.
// One save at a time, so an older tree can never land after a newer one. A failed save is not retried
// by itself: the next edit, retry() or flush() tries again. flush() is what leaving the editor waits for.
import { AUTOSAVE_MS } from "./limits";
import { initialSaveState, isDirty, type SaveEvent, type SaveState, saveReducer } from "./saveState";
import type { Tree } from "./tree";

/** Sends a tree; true when the server stored it. */
export type SaveTree = (tree: Tree) => Promise<boolean>;

export class Autosaver {
  private state: SaveState = initialSaveState;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<boolean> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly save: SaveTree,
    /** The tree to send: read when the save starts, so it is always the newest. */
    private readonly tree: () => Tree,
  ) {}

  readonly getState = (): SaveState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The tree changed. */
  readonly edited = (): void => {
    this.dispatch({ type: "edited" });
    this.schedule();
  };

  /** Tries a failed save again at once. */
  readonly retry = (): void => {
    if (this.inFlight === null) void this.send();
  };

  /**
   * Saves whatever is not saved yet, now: waits for a save under way, then sends the tree if it is
   * still unsaved. True once everything is saved; false when a save failed.
   */
  readonly flush = async (): Promise<boolean> => {
    for (;;) {
      this.cancelTimer();
      if (this.inFlight !== null) {
        await this.inFlight;
        continue;
      }
      if (!isDirty(this.state)) return true;
      if (!(await this.send())) return false;
    }
  };

  /** The editor is gone: no timer may fire a save after it. */
  readonly dispose = (): void => {
    this.cancelTimer();
  };

  private dispatch(event: SaveEvent): void {
    this.state = saveReducer(this.state, event);
    for (const listener of this.listeners) listener();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    const s = this.state;
    if (this.timer !== null || s.sending !== null || s.failed || !isDirty(s)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.send();
    }, AUTOSAVE_MS);
  }

  private async send(): Promise<boolean> {
    const revision = this.state.revision;
    this.dispatch({ type: "sent", revision });
    const attempt = this.save(this.tree()).catch(() => false);
    this.inFlight = attempt;
    const ok = await attempt;
    this.inFlight = null;
    this.dispatch(ok ? { type: "succeeded", revision } : { type: "failed", revision });
    // Edits made while this save was under way get their own.
    this.schedule();
    return ok;
  }
}
