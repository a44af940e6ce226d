/**
 * The browser's side of live events: one EventSource per tab (/api/events), opened by
 * `<LiveEventsProvider>` in the root layout for a signed-in person and shared by every component
 * through `useLiveEvents(type, handler)`.
 *
 *   useLiveEvents("message", () => revalidator.revalidate());
 *   const live = useLiveConnected();   // false: the stream is down, poll as before
 *
 * The browser reconnects a dropped stream by itself, sending Last-Event-ID; the server then says
 * `resync` and the pages reload what they show. A stream the server refused (signed out) is tried
 * again after a minute. While it is down `useLiveConnected()` is false and pages fall back to
 * polling; they stop when it is back.
 */
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { LIVE_EVENT_TYPES, type LiveEventMap, type LiveEventType } from "./events";

type Handler<T extends LiveEventType> = (data: LiveEventMap[T]) => void;

interface LiveEvents {
  connected: boolean;
  on<T extends LiveEventType>(type: T, handler: Handler<T>): () => void;
}

const NONE: LiveEvents = { connected: false, on: () => () => {} };
const Context = createContext<LiveEvents>(NONE);

/** After the server closed or refused the stream, try again this much later. */
const REOPEN_MS = 60_000;

export function LiveEventsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const handlers = useRef(new Map<LiveEventType, Set<Handler<LiveEventType>>>());
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: number | undefined;
    const open = () => {
      source = new EventSource("/api/events");
      // In a transition: the stream can open while a lazily loaded part of the page is still
      // hydrating, and an urgent update reaching it would throw that part's server HTML away
      // (React's error 421). A transition waits for it.
      source.onopen = () => startTransition(() => setConnected(true));
      source.onerror = () => {
        startTransition(() => setConnected(false));
        // CLOSED: refused (401) or not a stream; the browser won't retry by itself.
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          reopen = window.setTimeout(open, REOPEN_MS);
        }
      };
      for (const type of LIVE_EVENT_TYPES) {
        source.addEventListener(type, (event) => {
          let data: unknown = {};
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          for (const handler of handlers.current.get(type) ?? []) handler(data as never);
        });
      }
    };
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
      setConnected(false);
    };
  }, [enabled]);

  // For tests and support: whether this tab's stream is open (<html data-live="open">).
  useEffect(() => {
    document.documentElement.dataset.live = connected ? "open" : "closed";
  }, [connected]);

  const value = useMemo<LiveEvents>(
    () => ({
      connected,
      on(type, handler) {
        let set = handlers.current.get(type);
        if (!set) handlers.current.set(type, (set = new Set()));
        set.add(handler as Handler<LiveEventType>);
        return () => void set.delete(handler as Handler<LiveEventType>);
      },
    }),
    [connected],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** Calls `handler` for each live event of `type` (the latest handler; no need to memoise it). */
export function useLiveEvents<T extends LiveEventType>(type: T, handler: Handler<T>): void {
  const live = useContext(Context);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => live.on(type, (data) => ref.current(data)), [live, type]);
}

/** Whether the live stream is open now (false: poll instead). */
export function useLiveConnected(): boolean {
  return useContext(Context).connected;
}
