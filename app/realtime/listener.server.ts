/**
 * The process's one LISTEN connection for live events: a dedicated `pg.Client` (never a pooled
 * connection: a pooled one goes back to the pool and its LISTEN with it), started with the runtime
 * (app/tenancy/runtime.server.ts) and stopped with it. Every app server has its own, so an event
 * published through any server (publish.server.ts) reaches the streams held open on all of them.
 *
 * It also hears `firm_changed` (a firm's settings, its in-app banner among them), passed on as a
 * banner event. When the connection drops it reconnects (backing off up to 30 s) and tells every
 * stream it may have missed events (`resync`): their pages reload what they show.
 */
import pg from "pg";
import { APP_ROLE, assertAppLogin } from "~/db.server";
import { env } from "~/env.server";
import { LIVE_CHANNEL, eventIdSequence, parseHeard, type HeardEvent } from "./events";

/** What a stream is told: an event with its id, or that events may have been missed. */
export type Heard = { kind: "event"; id: number; event: HeardEvent } | { kind: "resync"; id: number };
type Subscriber = (heard: Heard) => void;

const FIRM_CHANGED = "firm_changed";

interface ListenerState {
  client: pg.Client | null;
  stopped: boolean;
  retry: NodeJS.Timeout | null;
  delay: number;
}

const subscribers = new Set<Subscriber>();
const nextId = eventIdSequence();
let state: ListenerState | null = null;

/** Hears the events of every firm; returns the function that stops hearing. */
export function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  return () => void subscribers.delete(subscriber);
}

/** How many streams listen in this process (the benchmark, tests). */
export function subscriberCount(): number {
  return subscribers.size;
}

/** A new event id (the stream's first one). */
export function currentEventId(): number {
  return nextId();
}

function dispatch(heard: Heard) {
  for (const subscriber of subscribers) {
    try {
      subscriber(heard);
    } catch (error) {
      console.error("Live event subscriber failed:", error);
    }
  }
}

function onNotification(message: pg.Notification) {
  const event =
    message.channel === FIRM_CHANGED
      ? ({ t: "banner", f: message.payload || null } as HeardEvent)
      : message.channel === LIVE_CHANNEL
        ? parseHeard(message.payload ?? "")
        : null;
  if (event) dispatch({ kind: "event", id: nextId(), event });
}

async function connect(current: ListenerState): Promise<void> {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set.");
  const next = new pg.Client({ connectionString: url, options: `-c role=${APP_ROLE}`, application_name: `${APP_ROLE}_live` });
  next.on("notification", onNotification);
  next.on("error", () => lost(current, next));
  next.on("end", () => lost(current, next));
  try {
    await next.connect();
    await assertAppLogin(next);
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    await next.query(`LISTEN ${FIRM_CHANGED}`);
  } catch (error) {
    next.removeAllListeners("end");
    await next.end().catch(() => {});
    throw error;
  }
  current.client = next;
}

function lost(current: ListenerState, failed: pg.Client) {
  if (current.stopped || current.client !== failed) return;
  current.client = null;
  failed.end().catch(() => {});
  schedule(current);
}

function schedule(current: ListenerState) {
  current.retry = setTimeout(() => void attempt(current), current.delay);
  current.retry.unref?.();
}

async function attempt(current: ListenerState) {
  current.retry = null;
  if (current.stopped) return;
  try {
    await connect(current);
    current.delay = 500;
    // Whatever was published while the connection was down is lost: the pages reload.
    dispatch({ kind: "resync", id: nextId() });
  } catch {
    current.delay = Math.min(current.delay * 2, 30_000);
    schedule(current);
  }
}

/** Starts the process's listener (once); resolves when it listens. */
export async function startLiveListener(): Promise<void> {
  if (state && !state.stopped) return;
  const current: ListenerState = { client: null, stopped: false, retry: null, delay: 500 };
  state = current;
  await connect(current);
}

/** Whether the listener holds its connection now (tests). */
export function liveListenerConnected(): boolean {
  return Boolean(state?.client);
}

/** Stops the listener (the runtime's close). */
export async function stopLiveListener(): Promise<void> {
  const current = state;
  state = null;
  if (!current) return;
  current.stopped = true;
  if (current.retry) clearTimeout(current.retry);
  const client = current.client;
  current.client = null;
  await client?.end().catch(() => {});
}
