// The table's window-wide input (game-table.md sections 2 and 9): the keyboard shortcuts (keyboard.ts
// says what a key means, this does it), Ctrl / Alt + wheel for the zoom and the lens, the pointer
// kept for the lens and edge scrolling. Edit-mode hand moves (Delete, f) are built here too.

import { modalClasses } from "@mui/material/Modal";
import { type Action, findComponent, type Situation } from "@tt/engine";
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from "react";
import { edgeScrollStep } from "./edgeScroll";
import { deleteMove, flipMove } from "./editMoves";
import { keyIntent } from "./keyboard";
import { stepZoom } from "./settings";
import type { AlertMessage } from "./statusBar";
import type { TableUiAction } from "./tableUi";
import type { Replay } from "./useReplay";
import type { Pointer } from "./ZoomLens";

/**
 * The key went to an open modal (a dialog, the settings drawer, a menu or a select's list): its focus
 * trap holds the focus inside it while it is open, so the key's target tells. A modal that is closing
 * has handed the focus back already, so the table's keys work again at once.
 */
function inModal(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`.${modalClasses.root}, [aria-modal="true"]`) !== null;
}

export const HAND_MOVE_HINT = "Turn on edit mode to discard or flip a component by hand.";

export interface InputDeps {
  dispatch: Dispatch<TableUiAction>;
  replay: Replay;
  ended: boolean;
  editMode: boolean;
  editModeAllowed: boolean;
  onEditMode: (on: boolean) => void;
  edgeScroll: boolean;
  zoomDraft: number;
  setZoom: (zoom: number, immediate?: boolean) => void;
  /** The held selection, the situation shown and the session's intents. */
  selected: string | null;
  situationRef: { current: Situation };
  act: (action: Action, how?: { alone?: boolean }) => void;
  deselect: () => void;
  sendPing: (x: number, y: number) => void;
  showAlert: (message: AlertMessage) => void;
  onReloadComponents: () => void;
  /** The pointer's spot on the board, in board units (g pings there). */
  mouse: RefObject<{ x: number; y: number } | null>;
  chatInput: RefObject<HTMLInputElement | null>;
}

/** Returns where the pointer was last seen on the page (the zoom lens opens there). */
export function useTableInput(deps: InputDeps): RefObject<Pointer | null> {
  const { dispatch, editModeAllowed, onEditMode, zoomDraft, setZoom, deselect, sendPing } = deps;
  const { selected, editMode, act, showAlert, situationRef, onReloadComponents, mouse, chatInput } = deps;
  const pointerRef = useRef<Pointer | null>(null);

  /** Delete and f adjust a component by hand: edit mode's raw moves, never the rules. */
  const adjust = useCallback(
    (kind: "discard" | "flip") => {
      const id = selected;
      if (id === null) return;
      if (!editMode) {
        showAlert({ text: HAND_MOVE_HINT, color: "pink" });
        return;
      }
      const situation = situationRef.current;
      const component = findComponent(situation.root, id);
      if (!component) return;
      // A piece with neither a deck nor a bank is sent as a discard all the same: the engine's refusal
      // says why it cannot go.
      const move =
        kind === "discard"
          ? (deleteMove(situation, component) ?? { type: "discard", componentId: id })
          : flipMove(component);
      act({ kind: "raw move", move }, { alone: true });
    },
    [selected, editMode, act, showAlert, situationRef],
  );

  const keyState = useRef({ replay: deps.replay, ended: deps.ended, editMode });
  keyState.current = { replay: deps.replay, ended: deps.ended, editMode };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const intent = keyIntent({
        key: event.key,
        type: event.type === "keyup" ? "keyup" : "keydown",
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        target: event.target,
        modalOpen: inModal(event.target),
      });
      if (intent === null) return;
      const now = keyState.current;
      switch (intent.kind) {
        case "lens":
          if (intent.on) event.preventDefault();
          dispatch({ type: "lens", on: intent.on });
          return;
        case "replay step": {
          if (!now.ended) return;
          event.preventDefault();
          now.replay.setStep(now.replay.step + intent.by);
          return;
        }
        case "zoom":
          event.preventDefault();
          setZoom(stepZoom(zoomDraft, intent.direction), true);
          return;
        case "deselect":
          deselect();
          return;
        case "open chat":
          event.preventDefault();
          // Focus at once when the chat is open, so the next keys go to the message and not to hotkeys.
          if (chatInput.current) chatInput.current.focus();
          else {
            dispatch({ type: "panel", panel: "chat", open: true });
            window.setTimeout(() => chatInput.current?.focus(), 0);
          }
          return;
        case "toggle log":
          dispatch({ type: "toggle panel", panel: "log" });
          return;
        case "toggle edit mode":
          if (editModeAllowed) onEditMode(!now.editMode);
          return;
        case "ping":
          if (mouse.current !== null) sendPing(mouse.current.x, mouse.current.y);
          return;
        case "reload components":
          onReloadComponents();
          return;
        case "discard":
        case "flip":
          adjust(intent.kind);
          return;
      }
    };
    // The lens hides when the window loses the key it was waiting for.
    const onBlur = () => dispatch({ type: "lens", on: false });
    window.addEventListener("keydown", onKey);
    window.addEventListener("keyup", onKey);
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("keyup", onKey);
      window.removeEventListener("blur", onBlur);
    };
  }, [
    dispatch,
    deselect,
    sendPing,
    onEditMode,
    editModeAllowed,
    setZoom,
    zoomDraft,
    adjust,
    onReloadComponents,
    mouse,
    chatInput,
  ]);

  // Ctrl + wheel changes the scale, Alt + wheel the lens; the browser's own zoom stays out of it.
  useEffect(() => {
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.altKey) return;
      event.preventDefault();
      const direction = event.deltaY < 0 ? 1 : -1;
      if (event.altKey) dispatch({ type: "lens scale", direction });
      else setZoom(stepZoom(zoomDraft, direction), true);
    };
    window.addEventListener("wheel", onWheel, { passive: false });
    return () => window.removeEventListener("wheel", onWheel);
  }, [dispatch, setZoom, zoomDraft]);

  // Pointer position for the lens and edge scrolling, kept in a ref: no re-render per mouse move.
  useEffect(() => {
    const onMove = (event: MouseEvent) => {
      pointerRef.current = { clientX: event.clientX, clientY: event.clientY };
    };
    const onLeave = () => {
      pointerRef.current = null;
    };
    window.addEventListener("mousemove", onMove);
    document.documentElement.addEventListener("mouseleave", onLeave);
    return () => {
      window.removeEventListener("mousemove", onMove);
      document.documentElement.removeEventListener("mouseleave", onLeave);
    };
  }, []);

  useEffect(() => {
    if (!deps.edgeScroll) return;
    let frame = 0;
    const tick = () => {
      const p = pointerRef.current;
      if (p !== null) {
        const { dx, dy } = edgeScrollStep(p.clientX, p.clientY, {
          width: window.innerWidth,
          height: window.innerHeight,
        });
        if (dx !== 0 || dy !== 0) window.scrollBy(dx, dy);
      }
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(frame);
  }, [deps.edgeScroll]);

  return pointerRef;
}
