import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Set once the page's server HTML has been hydrated: parts mounted later render live at once. */
let pageHydrated = false;

const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * For a control whose behaviour needs the browser (a Headless UI menu or popover): the server and
 * the hydrating browser render only its button, which looks and reads the same (role, name,
 * `aria-haspopup`, collapsed) and which no click could open before the page's code ran anyway;
 * the live control replaces it in the hydration's own commit (a layout effect's update is
 * rendered before the browser paints or handles an event). Server rendering of the live control
 * cost a signed-in page about a tenth of its CPU.
 *
 * `placeholder` goes on the button rendered before; `live` on the live control's button, which
 * takes the focus if the reader had moved it to the placeholder (Tab before the code ran).
 */
export function useLiveAfterHydration<T extends HTMLElement = HTMLButtonElement>() {
  const placeholder = useRef<T>(null);
  const carryFocus = useRef(false);
  const [hydrated, setHydrated] = useState(pageHydrated);
  useClientLayoutEffect(() => {
    pageHydrated = true;
    if (hydrated) return;
    carryFocus.current = placeholder.current !== null && placeholder.current === document.activeElement;
    setHydrated(true);
    // Once, on mount.
  }, []);
  const live = useCallback((element: T | null) => {
    if (element && carryFocus.current) {
      carryFocus.current = false;
      element.focus();
    }
  }, []);
  return { hydrated, placeholder, live };
}
