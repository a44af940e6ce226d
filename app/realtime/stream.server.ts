/**
 * A signed-in person's live event stream (GET /api/events, text/event-stream). One hub per
 * process hears every event (listener.server.ts) and passes each one only to the streams allowed
 * to see it:
 *
 * - only streams of the event's firm (and, before that, row-level security: a permission check
 *   runs in the event's firm's scope, which is the stream's own);
 * - a message event only to viewers who may open that conversation, decided by the same door as
 *   the pages: `reachConversation` for staff (group access, archived conversations), the client
 *   inbox's rule for clients (a participant who owns the entity, or the archived conversation's
 *   participant). The answer is computed once per event for viewers who share it;
 * - a notification event only to the users it names; a session event makes that user's streams
 *   check their session at once (sign-out elsewhere closes them).
 *
 * Every 25 s each stream gets a comment line (proxies keep it open) and every stream's session is
 * checked (one statement per firm): a signed-out or expired session closes its stream. A stream
 * resumed with Last-Event-ID is told to `resync` (its page reloads what it shows): ids are this
 * server's, and nothing is kept to replay from.
 */
import { isArchived } from "~/conversations/rules";
import { reachConversation } from "~/conversations/staff-inbox.server";
import { getSessionUser, sessionLifetime, type SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firmSql, withFirm } from "~/db.server";
import { groupScope, type StaffFacts } from "~/staff/permissions";
import { staffFactsOf } from "~/staff/visibility.server";
import { HEARTBEAT_MS, RETRY_MS, SSE_HEARTBEAT, parseLastEventId, sseEvent, type LiveEventMap, type LiveEventType } from "./events";
import { currentEventId, subscribe, type Heard } from "./listener.server";

type Viewer = { kind: "client"; userId: string } | { kind: "staff"; userId: string; facts: StaffFacts };

interface LiveStream {
  firmId: string;
  sessionId: string;
  viewer: Viewer;
  send(text: string): void;
  close(): void;
  /** Writes happen in event order, though permission checks run in parallel. */
  queue: Promise<void>;
}

const encoder = new TextEncoder();
const BANNER_DELAY_MS = 250;
const byFirm = new Map<string, Set<LiveStream>>();
let unsubscribe: (() => void) | null = null;
let heartbeat: NodeJS.Timeout | null = null;

function add(stream: LiveStream) {
  let set = byFirm.get(stream.firmId);
  if (!set) byFirm.set(stream.firmId, (set = new Set()));
  set.add(stream);
  unsubscribe ??= subscribe(hear);
  if (!heartbeat) {
    heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    heartbeat.unref?.();
  }
}

function remove(stream: LiveStream) {
  const set = byFirm.get(stream.firmId);
  set?.delete(stream);
  if (set && !set.size) byFirm.delete(stream.firmId);
  if (!byFirm.size) {
    unsubscribe?.();
    unsubscribe = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }
}

/** How many streams this process holds open (tests, benchmark). */
export function openStreamCount(): number {
  let n = 0;
  for (const set of byFirm.values()) n += set.size;
  return n;
}

/** Closes every open stream (the server stopping: browsers reconnect to another server). */
export function closeAllStreams(): void {
  for (const set of [...byFirm.values()]) for (const stream of [...set]) stream.close();
}

function deliver<T extends LiveEventType>(stream: LiveStream, id: number, type: T, data: LiveEventMap[T], allowed: Promise<boolean> | boolean = true) {
  stream.queue = stream.queue.then(async () => {
    if (await allowed) stream.send(sseEvent(id, type, data));
  });
}

function hear(heard: Heard) {
  if (heard.kind === "resync") {
    for (const set of byFirm.values()) for (const stream of set) deliver(stream, heard.id, "resync", {});
    return;
  }
  const event = heard.event;
  const targets = event.f ? [...(byFirm.get(event.f) ?? [])] : [...byFirm.values()].flatMap((set) => [...set]);
  if (!targets.length) return;
  switch (event.t) {
    case "banner": {
      // The firm cache hears the same change on its own connection: let it drop its copy first.
      const settled = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), BANNER_DELAY_MS));
      for (const stream of targets) deliver(stream, heard.id, "banner", {}, settled);
      return;
    }
    case "notification": {
      const users = new Set(event.u);
      for (const stream of targets) if (users.has(stream.viewer.userId)) deliver(stream, heard.id, "notification", {});
      return;
    }
    case "session": {
      const affected = targets.filter((stream) => !event.u || stream.viewer.userId === event.u);
      if (event.f) void recheckSessions(event.f, affected);
      return;
    }
    case "message": {
      if (!event.f) return;
      const decide = conversationAudience(event.f, event.c);
      for (const stream of targets) {
        deliver(stream, heard.id, "message", { conversationId: event.c, change: event.k }, decide(stream.viewer));
      }
      return;
    }
  }
}

/** The conversation's facts, loaded once per event, and who among the viewers may open it. */
function conversationAudience(firmId: string, conversationId: string): (viewer: Viewer) => Promise<boolean> {
  const facts = withFirm(firmId, (tx) =>
    tx.conversation.findFirst({
      where: { id: conversationId },
      select: { companies: { select: { companyId: true } }, participants: { select: { userId: true, isFirmUser: true } } },
    }),
  ).catch(() => null);
  const answers = new Map<string, Promise<boolean>>();
  return async (viewer) => {
    const conversation = await facts;
    if (!conversation) return false;
    const archived = isArchived(conversation.companies.map((c) => c.companyId));
    let key: string;
    if (viewer.kind === "client") {
      if (!conversation.participants.some((p) => p.userId === viewer.userId && !p.isFirmUser)) return false;
      key = `client:${viewer.userId}`;
    } else {
      // Staff who share a group scope share the answer, except for an archived conversation (participants only).
      const scope = groupScope(viewer.facts);
      key = archived ? `staff:${viewer.userId}` : scope.all ? "staff:all" : `staff:group:${scope.ownGroupId ?? ""}`;
    }
    let answer = answers.get(key);
    if (!answer) {
      answer = mayOpen(firmId, viewer, conversationId);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** The pages' door: may this viewer open the conversation? */
function mayOpen(firmId: string, viewer: Viewer, conversationId: string): Promise<boolean> {
  return withFirm(firmId, async (tx) => {
    if (viewer.kind === "staff") return reachConversation(tx, viewer.facts, conversationId).then(() => true);
    // The client inbox's rule: a participant, and the entity is theirs (active), or no entity is left.
    const count = await tx.conversation.count({
      where: {
        id: conversationId,
        participants: { some: { userId: viewer.userId, isFirmUser: false } },
        OR: [
          { companies: { none: {} } },
          { companies: { some: { company: { deletedAt: null, inactive: false, owners: { some: { userId: viewer.userId } } } } } },
        ],
      },
    });
    return count > 0;
  }).catch(() => false);
}

/** Closes the streams whose session has ended (signed out, expired, user deactivated). */
async function recheckSessions(firmId: string, streams: LiveStream[]): Promise<void> {
  if (!streams.length) return;
  const staff = sessionLifetime("staff");
  const client = sessionLifetime("client");
  let open: Set<string>;
  try {
    const rows = await firmSql<{ id: string }>(
      firmId,
      `SELECT s.id FROM sessions s JOIN users u ON u.firm_id = s.firm_id AND u.id = s.user_id
        WHERE s.id = ANY($1::text[]) AND s.expires_at > now() AND u.deleted_at IS NULL AND u.paying
          AND s.created_at > now() - make_interval(hours => CASE WHEN u.kind = 'staff' THEN $2::int ELSE $3::int END)
          AND s.last_seen_at > now() - make_interval(mins => CASE WHEN u.kind = 'staff' THEN $4::int ELSE $5::int END)`,
      [[...new Set(streams.map((s) => s.sessionId))], staff.absoluteHours, client.absoluteHours, staff.idleMinutes, client.idleMinutes],
    );
    open = new Set(rows.map((r) => r.id));
  } catch {
    // The database is out of reach: keep the streams; the next beat asks again.
    return;
  }
  for (const stream of streams) if (!open.has(stream.sessionId)) stream.close();
}

async function beat() {
  for (const [firmId, set] of [...byFirm]) {
    const streams = [...set];
    for (const stream of streams) stream.send(SSE_HEARTBEAT);
    await recheckSessions(firmId, streams);
  }
}

async function viewerOf(portal: FirmSiteContext, user: SessionUser): Promise<Viewer> {
  if (user.kind === "staff") return { kind: "staff", userId: user.id, facts: await staffFactsOf(portal.db, user) };
  return { kind: "client", userId: user.id };
}

const HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // nginx: pass each event on as it comes.
  "X-Accel-Buffering": "no",
};

/** The answer to GET /api/events: 401 without a session, else the stream. */
export async function openLiveStream(request: Request, portal: FirmSiteContext): Promise<Response> {
  const user = await getSessionUser(request, portal);
  if (!user) return Response.json({ error: "Unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const viewer = await viewerOf(portal, user);
  const resumed = parseLastEventId(request.headers.get("last-event-id")) !== null;

  let stream: LiveStream | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const live: LiveStream = {
        firmId: portal.firm.id,
        sessionId: user.sessionId,
        viewer,
        queue: Promise.resolve(),
        send(text) {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            live.close();
          }
        },
        close() {
          if (closed) return;
          closed = true;
          remove(live);
          try {
            controller.close();
          } catch {
            // Already closed by the reader.
          }
        },
      };
      stream = live;
      add(live);
      live.send(`retry: ${RETRY_MS}\n\n`);
      // A resumed stream may have missed events (on this server or another): its page reloads.
      live.send(sseEvent(currentEventId(), resumed ? "resync" : "ready", {}));
      request.signal.addEventListener("abort", () => live.close(), { once: true });
    },
    cancel() {
      stream?.close();
    },
  });
  return new Response(body, { status: 200, headers: HEADERS });
}
