// A message that clears itself (section 9: position-set name errors stay in red for 5 s). Plain timers
// and a callback, so the rule is tested with fake timers; parts.tsx wraps it in a hook.
import { ERROR_TOAST_MS } from "./limits";

export interface TimedMessage {
  /** Shows `text` (null clears at once); a new message starts its own full time. */
  show(text: string | null): void;
  /** Stops the pending clear (the screen showing it is gone). */
  dispose(): void;
}

export function timedMessage(onChange: (text: string | null) => void, ms = ERROR_TOAST_MS): TimedMessage {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    show(text) {
      clearTimeout(timer);
      timer = undefined;
      onChange(text);
      if (text !== null) timer = setTimeout(() => onChange(null), ms);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
