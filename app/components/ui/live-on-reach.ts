import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { flushSync } from "react-dom";

/** Keys that open a menu button (WAI-ARIA menu button pattern) or a popover button (Headless UI's). */
const OPENING_KEYS = { menu: new Set(["Enter", " ", "ArrowDown", "ArrowUp"]), popover: new Set(["Enter", " "]) };

/** The live controls' code, per loader: the promise once asked for, the module once it came. */
const asked = new Map<() => Promise<unknown>, Promise<unknown>>();
const arrived = new Map<() => Promise<unknown>, unknown>();

/** Asks for a live control's code once (again after a failure); resolves with its module. */
export function loadLiveCode<M>(load: () => Promise<M>): Promise<M> {
  let promise = asked.get(load) as Promise<M> | undefined;
  if (!promise) {
    promise = load().then(
      (module) => {
        arrived.set(load, module);
        return module;
      },
      (error: unknown) => {
        asked.delete(load);
        throw error;
      },
    );
    asked.set(load, promise);
  }
  return promise;
}

/** What the reader did that the live control must do once it is there: a click or a key, replayed on it. */
type Replay<T> = (element: T) => void;

/**
 * For a control whose behaviour needs the browser (a Headless UI menu or popover): it is rendered
 * as its button only, on the server and in the browser, until the reader reaches it; its code
 * (`load`, a dynamic import: Headless UI and what the control needs) is not part of the page's
 * scripts and is asked for then. The button looks and reads the same as the live control's (role,
 * name, `aria-haspopup`, collapsed); the live control replaces it when the mouse comes over it
 * (once its code is there), or when it is clicked or tapped or an opening key is pressed on it, and
 * then opens as the click or the key asked (as soon as its code is there, unless the reader has
 * moved the focus elsewhere meanwhile). Focus on the button, or a touch on it, asks for the code
 * ahead. If the code can't be fetched while a click or key waits for it, the page loads again.
 *
 * Why: server rendering of the live control cost a signed-in page about a tenth of its CPU, a
 * questionnaire mounted one menu per question in the browser as it hydrated, and Headless UI is a
 * fifth of the client dashboard's JavaScript. Swapping only when reached also means a click that
 * lands while the page hydrates (React replays it on the hydrated button) opens the menu: the
 * button it lands on is the one rendered here, and handles it.
 *
 * Spread `placeholder` on the button rendered before; once `code` is set, render the live control
 * from it, with `live` as the ref of its button. The focus moves with the swap if the reader had it
 * on the button. `kind` says which keys open it: a menu's (Enter, Space, the arrows) or a popover's
 * (Enter, Space); others keep their usual effect (an arrow scrolls the page). `load` must be one
 * function for all the controls it serves (declared at module level): its module is kept, and a
 * control reached after it came swaps at once.
 */
export function useLiveOnReach<M, T extends HTMLElement = HTMLButtonElement>(kind: keyof typeof OPENING_KEYS, load: () => Promise<M>) {
  const [code, setCode] = useState<M | null>(null);
  const liveElement = useRef<T | null>(null);
  /** What to do once the code is there: swap (from this button), and replay the reader's click or key. */
  const waiting = useRef<{ from: T; replay?: Replay<T> } | null>(null);
  /** A mouse button is down on the button: the swap waits for its click (a press across a swap is lost). */
  const pressing = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const swap = useCallback((module: M, from: T, replay?: Replay<T>) => {
    const hadFocus = from === document.activeElement;
    flushSync(() => setCode(() => module));
    const element = liveElement.current;
    if (!element) return;
    if (hadFocus || replay) element.focus();
    replay?.(element);
  }, []);

  const reach = useCallback(
    (from: T, replay?: Replay<T>) => {
      const ready = arrived.get(load) as M | undefined;
      if (ready) return swap(ready, from, replay);
      // The latest click or key is the one replayed; a mere mouse-over never replaces one.
      if (replay || !waiting.current) waiting.current = { from, replay };
      loadLiveCode(load).then(
        (module) => {
          const next = waiting.current;
          if (!next || !mounted.current || !next.from.isConnected) return;
          if (!next.replay && pressing.current) return;
          waiting.current = null;
          // The reader moved on while the code came (the focus is elsewhere): the control goes
          // live, but the click or key is not played late.
          const focus = document.activeElement;
          const current = !focus || focus === document.body || focus === next.from;
          swap(module, next.from, current ? next.replay : undefined);
        },
        () => {
          const next = waiting.current;
          waiting.current = null;
          // The code could not be fetched (a new version replaced it, or the network dropped). A
          // click or key was waiting for it: the page loads again, as Remix does when a route's
          // code is missing, rather than leave the reader with a button that does nothing.
          if (next?.replay && mounted.current) window.location.reload();
        },
      );
    },
    [load, swap],
  );

  const placeholder = {
    onPointerEnter(event: PointerEvent<T>) {
      // A mouse comes over the button before it presses it: the press then lands on the live one.
      // A touch is handled by its click (the pointer events of a tap precede it at once).
      pressing.current = false;
      if (event.pointerType === "mouse") reach(event.currentTarget);
    },
    onPointerDown(event: PointerEvent<T>) {
      pressing.current = true;
      if (event.pointerType !== "mouse") void loadLiveCode(load).catch(() => undefined);
    },
    onFocus(_event: FocusEvent<T>) {
      void loadLiveCode(load).catch(() => undefined);
    },
    onClick(event: MouseEvent<T>) {
      event.preventDefault();
      // The click is this button's: the page's own outside-click listeners must not see it as a
      // click outside the menu that it opens.
      event.stopPropagation();
      pressing.current = false;
      reach(event.currentTarget, (element) => element.click());
    },
    onKeyDown(event: KeyboardEvent<T>) {
      if (!OPENING_KEYS[kind].has(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      const { key, code: keyCode } = event;
      reach(event.currentTarget, (element) =>
        element.dispatchEvent(new globalThis.KeyboardEvent("keydown", { key, code: keyCode, bubbles: true, cancelable: true })),
      );
    },
  };
  const live = useCallback((element: T | null) => {
    liveElement.current = element;
  }, []);
  return { code, placeholder, live };
}
