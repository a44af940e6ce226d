/**
 * Rate limits count in fixed windows aligned to the clock (app/rate-limit.ts): a burst that
 * straddles a window's end is counted in two windows. A test that needs its burst counted in one
 * starts early in a window: it waits, when less than `needSeconds` of the current one is left,
 * for the next one to begin. Give such a test a timeout of `needSeconds` more than its work.
 */
import { secondsUntilWindowEnds } from "~/rate-limit";

export async function freshWindow(windowSeconds: number, needSeconds = 30): Promise<void> {
  const left = secondsUntilWindowEnds(new Date(), windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

/** The timeout for a test that starts with `freshWindow` (the longest wait plus a minute of work). */
export const FRESH_WINDOW_TIMEOUT_MS = 90_000;
