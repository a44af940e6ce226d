/**
 * Reload the page's data when live events of `types` arrive (and on `resync`); while the live
 * stream is down, poll every `pollMs` instead (while the page is visible, and when it becomes
 * visible), stopping as soon as the stream is back.
 *
 *   useLiveRevalidation(["message"], 5000);   // the inboxes
 */
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { LiveEventType } from "./events";
import { useLiveConnected, useLiveEvents } from "./live-events";

export function useLiveRevalidation(types: readonly LiveEventType[], pollMs: number): void {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  // While a form is being sent or a page is loading, a reload would cut across it (a sent first
  // message's redirect to its new conversation): the event waits until they are done, and their own
  // reload usually carries it anyway.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const pending = useRef(false);
  const connected = useLiveConnected();
  const wanted = useRef(types);
  wanted.current = types;

  const reload = useCallback(() => {
    if (ref.current.state === "idle" && !busyRef.current) ref.current.revalidate();
    else pending.current = true;
  }, []);

  // An event that came during a reload: once more when it is done.
  useEffect(() => {
    if (revalidator.state === "idle" && !busy && pending.current) {
      pending.current = false;
      revalidator.revalidate();
    }
  }, [revalidator.state, revalidator, busy]);

  useLiveEvents("resync", reload);
  useLiveEvents("message", () => wanted.current.includes("message") && reload());
  useLiveEvents("notification", () => wanted.current.includes("notification") && reload());
  useLiveEvents("banner", () => wanted.current.includes("banner") && reload());

  useEffect(() => {
    if (connected) return;
    const tick = () => {
      if (document.visibilityState === "visible" && ref.current.state === "idle" && !busyRef.current) ref.current.revalidate();
    };
    const timer = window.setInterval(tick, pollMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [pollMs, connected]);
}
