/**
 * Client-side data calls (client spec §8, 401 handling): a 401 is retried once after refreshing
 * the session (POST /api/auth/refresh, which restarts its idle timer, or finds it gone); if the
 * call still answers 401, the user is signed out (in every window) and sent to `/`.
 *
 * Not for the verification-code and token-exchange calls: pass `{ retryOn401: false }` there, and
 * the 401 comes back as is (it means "wrong code", not "signed out").
 *
 * A 503 is an outage (the database can't be reached, app/unavailable.ts), never a sign-out: the
 * call is tried again quietly, after the answer's Retry-After and then twice as long each time (up
 * to 15 s, about a minute and a half in all), and the page stays as it is. Only when the outage
 * outlasts that does the caller get the 503 (callers keep what the person typed: the questionnaire's
 * autosave keeps the answer and tries again later). From the first 503 until a call gets through,
 * `onReconnecting` listeners hear that the page is waiting: the shell's 'Reconnecting…' bar
 * (app/auth/ui/reconnecting-notice.tsx).
 */
import { announceSignOut } from "./sign-out-broadcast";

export interface ApiFetchOptions extends RequestInit {
  /** Default true. False for code verification and token exchange. */
  retryOn401?: boolean;
}

export interface ApiFetchDeps {
  fetch: typeof fetch;
  /** Called once the session is gone for good. */
  signOut: () => Promise<void> | void;
  /** Waits before a retry (tests pass one that doesn't). */
  wait?: (ms: number) => Promise<void>;
  /** Told when calls start waiting for the portal to come back (true) and when they are through (false). */
  onReconnecting?: (waiting: boolean) => void;
}

export const REFRESH_PATH = "/api/auth/refresh";

/** Retries of a call answered 503 before the 503 is the answer. */
export const UNAVAILABLE_RETRIES = 8;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 15_000;

/** The wait before retry `attempt` (0-based) of a 503: at least its Retry-After, doubling, capped. */
export function unavailableRetryDelayMs(attempt: number, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return Math.min(LONGEST_RETRY_MS, Math.max(asked, FIRST_RETRY_MS * 2 ** attempt));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `deps.fetch`, trying a 503 again with backoff (see above). */
async function fetchThroughOutage(deps: ApiFetchDeps, input: string, init: RequestInit): Promise<Response> {
  let response = await deps.fetch(input, init);
  if (response.status !== 503) return response;
  const wait = deps.wait ?? sleep;
  deps.onReconnecting?.(true);
  try {
    for (let attempt = 0; attempt < UNAVAILABLE_RETRIES && response.status === 503; attempt++) {
      await wait(unavailableRetryDelayMs(attempt, response.headers.get("retry-after")));
      response = await deps.fetch(input, init);
    }
  } finally {
    deps.onReconnecting?.(false);
  }
  return response;
}

function withJson(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has("accept")) headers.set("accept", "application/json");
  return { credentials: "same-origin", ...init, headers };
}

export async function apiFetchWith(deps: ApiFetchDeps, input: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { retryOn401 = true, ...init } = options;
  const request = withJson(init);
  const first = await fetchThroughOutage(deps, input, request);
  if (first.status !== 401 || !retryOn401) return first;
  const refreshed = await fetchThroughOutage(deps, REFRESH_PATH, withJson({ method: "POST" })).catch(() => null);
  if (refreshed?.ok) {
    const second = await fetchThroughOutage(deps, input, request);
    if (second.status !== 401) return second;
  } else if (refreshed?.status !== 401) {
    // The refresh could not say whether the session is gone (an outage, a network error): keep it.
    return first;
  }
  await deps.signOut();
  return first;
}

/** Signs out here (the cookie), tells the other windows, and goes to `/`. */
export async function signOutAndLeave(): Promise<void> {
  await fetch("/signout", { method: "POST", credentials: "same-origin" }).catch(() => null);
  announceSignOut();
  window.location.assign("/");
}

/**
 * Whether the page is waiting for the portal to come back, from the answers themselves: on at a
 * 503, off at the next answer that is not one (a call that gave up keeps it on: its caller tries
 * again later, and the first call that gets through ends it). `publish` hears each change.
 */
export function reconnectingTracker(publish: (waiting: boolean) => void) {
  let waiting = false;
  return {
    get waiting() {
      return waiting;
    },
    answered(status: number) {
      const next = status === 503;
      if (next === waiting) return;
      waiting = next;
      publish(next);
    },
  };
}

const RECONNECTING_EVENT = "portal:reconnecting";
const reconnecting = reconnectingTracker((waiting) => {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(RECONNECTING_EVENT, { detail: waiting }));
});

/** Whether calls of this page are waiting out an outage right now. */
export function isReconnecting(): boolean {
  return reconnecting.waiting;
}

/** Calls `listener(waiting)` whenever the page starts or stops waiting out an outage; returns the unsubscribe. */
export function onReconnecting(listener: (waiting: boolean) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<boolean>).detail);
  window.addEventListener(RECONNECTING_EVENT, handler);
  return () => window.removeEventListener(RECONNECTING_EVENT, handler);
}

/** The browser's fetch, telling `reconnecting` about each answer. */
async function fetchNoted(...args: Parameters<typeof fetch>): Promise<Response> {
  const response = await fetch(...args);
  reconnecting.answered(response.status);
  return response;
}

/** `fetch` for our JSON endpoints, with the spec's 401 handling and quiet retries through an outage (503). */
export function apiFetch(input: string, options: ApiFetchOptions = {}): Promise<Response> {
  return apiFetchWith({ fetch: fetchNoted, signOut: signOutAndLeave }, input, options);
}
