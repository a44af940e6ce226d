/**
 * How the Messages pages answer a refusal (a `PortalError` from the inbox modules): a loader
 * throws it as a Response, so the route's error boundary shows 'Conversation not found'; an
 * action answers `{ ok: false, error }` with its status, which the composer shows.
 */
import { data } from "@remix-run/node";
import { PortalError } from "~/errors";

/** For a loader's `.catch`: a refusal becomes a thrown Response with its status and message; anything else is rethrown. */
export function throwRefusal(error: unknown): never {
  if (error instanceof PortalError) throw new Response(error.message, { status: error.status });
  throw error;
}

/** A refused page action. */
export function failure(error: string, status: number) {
  return data({ ok: false as const, error }, { status });
}

/** For an action's `catch`: a refusal as `failure`; anything else is rethrown. */
export function refusal(error: unknown) {
  if (error instanceof PortalError) return failure(error.message, error.status);
  throw error;
}
