import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { flushSync } from "react-dom";

/** Keys that open a menu button (WAI-ARIA menu button pattern) or a popover button (Headless UI's). */
const OPENING_KEYS = { menu: new Set(["Enter", " ", "ArrowDown", "ArrowUp"]), popover: new Set(["Enter", " "]) };

/**
 * For a control whose behaviour needs the browser (a Headless UI menu or popover): it is rendered
 * as its button only, on the server and in the browser, until the reader reaches it. The button
 * looks and reads the same as the live control's (role, name, `aria-haspopup`, collapsed); the
 * live control replaces it when the mouse comes over it, or when it is clicked or tapped or an
 * opening key is pressed on it, and then opens as the click or the key asked.
 *
 * Why: server rendering of the live control cost a signed-in page about a tenth of its CPU, and a
 * questionnaire mounted one menu per question in the browser as it hydrated. Swapping only when
 * reached also means a click that lands while the page hydrates (React replays it on the hydrated
 * button) opens the menu: the button it lands on is the one rendered here, and handles it.
 *
 * Spread `placeholder` on the button rendered before; put `live` as the ref of the live control's
 * button. The focus moves with the swap if the reader had it on the button. `kind` says which keys
 * open it: a menu's (Enter, Space, the arrows) or a popover's (Enter, Space); others keep their
 * usual effect (an arrow scrolls the page).
 */
export function useLiveOnReach<T extends HTMLElement = HTMLButtonElement>(kind: keyof typeof OPENING_KEYS) {
  const [isLive, setLive] = useState(false);
  const liveElement = useRef<T | null>(null);

  const goLive = useCallback((from: T, replay?: (element: T) => void) => {
    const hadFocus = from === document.activeElement;
    flushSync(() => setLive(true));
    const element = liveElement.current;
    if (!element) return;
    if (hadFocus || replay) element.focus();
    replay?.(element);
  }, []);

  const placeholder = {
    onPointerEnter(event: PointerEvent<T>) {
      // A mouse comes over the button before it presses it: the press then lands on the live one.
      // A touch is handled by its click (the pointer events of a tap precede it at once).
      if (event.pointerType === "mouse") goLive(event.currentTarget);
    },
    onClick(event: MouseEvent<T>) {
      event.preventDefault();
      // The click is this button's: the page's own outside-click listeners must not see it as a
      // click outside the menu that it opens.
      event.stopPropagation();
      goLive(event.currentTarget, (element) => element.click());
    },
    onKeyDown(event: KeyboardEvent<T>) {
      if (!OPENING_KEYS[kind].has(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      const { key, code } = event;
      goLive(event.currentTarget, (element) => element.dispatchEvent(new globalThis.KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true })));
    },
  };
  const live = useCallback((element: T | null) => {
    liveElement.current = element;
  }, []);
  return { isLive, placeholder, live };
}
