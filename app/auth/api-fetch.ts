/**
 * Client-side data calls (client spec §8, 401 handling): a 401 is retried once after refreshing
 * the session (POST /api/auth/refresh, which restarts its idle timer, or finds it gone); if the
 * call still answers 401, the user is signed out (in every window) and sent to `/`.
 *
 * Not for the verification-code and token-exchange calls: pass `{ retryOn401: false }` there, and
 * the 401 comes back as is (it means "wrong code", not "signed out").
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
}

export const REFRESH_PATH = "/api/auth/refresh";

function withJson(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has("accept")) headers.set("accept", "application/json");
  return { credentials: "same-origin", ...init, headers };
}

export async function apiFetchWith(deps: ApiFetchDeps, input: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { retryOn401 = true, ...init } = options;
  const request = withJson(init);
  const first = await deps.fetch(input, request);
  if (first.status !== 401 || !retryOn401) return first;
  const refreshed = await deps.fetch(REFRESH_PATH, withJson({ method: "POST" })).catch(() => null);
  if (refreshed?.ok) {
    const second = await deps.fetch(input, request);
    if (second.status !== 401) return second;
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

/** `fetch` for our JSON endpoints, with the spec's 401 handling. */
export function apiFetch(input: string, options: ApiFetchOptions = {}): Promise<Response> {
  return apiFetchWith({ fetch: (...args) => fetch(...args), signOut: signOutAndLeave }, input, options);
}
