/**
 * Live events (Server-Sent Events fed by PostgreSQL NOTIFY): what is published, what a page
 * receives, and the wire format. Pure: shared by the server (publish, listener, stream) and the
 * browser (the hook in live-events.tsx).
 *
 * A published event carries ids only (NOTIFY payloads are capped at 8,000 bytes); the stream
 * decides, per viewer, whether to pass it on (stream.server.ts), and the page loads what it shows
 * through its own loaders, which apply the same permission rules as always.
 */

/** What a writer publishes (payload of NOTIFY, with the firm added by `publishEvent`). */
export type PublishedEvent =
  /** A message was sent, edited, unsent or deleted, or messages were marked read or unread. */
  | { t: "message"; c: string; k: MessageChange }
  /** New notification panel items for these users. */
  | { t: "notification"; u: string[] }
  /** A session of this user (of anyone in the firm without `u`) ended: streams check theirs. */
  | { t: "session"; u?: string }
  /** The banners (the maintenance alert, the firm's in-app banner) may have changed. */
  | { t: "banner" };

export type MessageChange = "new" | "edit" | "remove" | "read";

/** A published event as the listener hears it: `f` is the firm, null for every firm. */
export type HeardEvent = PublishedEvent & { f: string | null };

/** The events a page can listen to (`useLiveEvents(type, handler)`). */
export interface LiveEventMap {
  /** The stream is open (its first event). */
  ready: Record<string, never>;
  message: { conversationId: string; change: MessageChange };
  notification: Record<string, never>;
  banner: Record<string, never>;
  /** Events may have been missed (a reconnection): reload what the page shows. */
  resync: Record<string, never>;
}
export type LiveEventType = keyof LiveEventMap;
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = ["ready", "message", "notification", "banner", "resync"];

/** The NOTIFY channel. */
export const LIVE_CHANNEL = "portal_live";

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; keep clear of it. */
export const PAYLOAD_LIMIT = 7_900;

/** How often an idle stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/** The browser waits this long before reconnecting a dropped stream (the `retry:` field). */
export const RETRY_MS = 2_000;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const CHANGES: readonly MessageChange[] = ["new", "edit", "remove", "read"];

/**
 * Splits a notification event so each payload stays under the NOTIFY limit (ids are at most 64
 * characters); other events are returned as they are.
 */
export function chunkEvent(event: PublishedEvent, limit = PAYLOAD_LIMIT): PublishedEvent[] {
  if (event.t !== "notification") return [event];
  const out: PublishedEvent[] = [];
  let current: string[] = [];
  let size = 64;
  for (const id of event.u) {
    if (current.length && size + id.length + 3 > limit) {
      out.push({ t: "notification", u: current });
      current = [];
      size = 64;
    }
    current.push(id);
    size += id.length + 3;
  }
  if (current.length) out.push({ t: "notification", u: current });
  return out;
}

/** A NOTIFY payload as an event, or null when it is not one (never trusted blindly). */
export function parseHeard(payload: string): HeardEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const f = v.f === null || v.f === undefined || v.f === "" ? null : typeof v.f === "string" && ID.test(v.f) ? v.f : undefined;
  if (f === undefined) return null;
  switch (v.t) {
    case "message":
      return typeof v.c === "string" && ID.test(v.c) && CHANGES.includes(v.k as MessageChange) ? { t: "message", c: v.c, k: v.k as MessageChange, f } : null;
    case "notification":
      return Array.isArray(v.u) && v.u.every((id) => typeof id === "string" && ID.test(id)) ? { t: "notification", u: v.u as string[], f } : null;
    case "session":
      if (v.u === undefined || v.u === null) return { t: "session", f };
      return typeof v.u === "string" && ID.test(v.u) ? { t: "session", u: v.u, f } : null;
    case "banner":
      return { t: "banner", f };
    default:
      return null;
  }
}

/** One Server-Sent Event: `id`, `event` and one `data` line (JSON has no raw newlines). */
export function sseEvent<T extends LiveEventType>(id: number, type: T, data: LiveEventMap[T]): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps the connection busy for proxies, ignored by the browser. */
export const SSE_HEARTBEAT = ": ping\n\n";

/**
 * Event ids: increasing within a process and over its restarts (milliseconds since 1970 times
 * 1,000, plus a counter), so a resumed stream's Last-Event-ID is always below the next id.
 */
export function eventIdSequence(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now() * 1000, last + 1);
    return last;
  };
}

/** A Last-Event-ID header value, when it is one of ours. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,20}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
