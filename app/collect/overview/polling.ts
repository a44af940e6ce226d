/** Queue polling (staff spec §4, §9): every 3 s, at most 5 minutes; zero ends it and reloads the list 1 s later. */
export const QUEUE_POLL_MS = 3000;
export const QUEUE_POLL_MAX_MS = 5 * 60_000;
export const RELOAD_AFTER_MS = 1000;

export interface PollState {
  count: number | null;
  startedAt: number;
  stopped: boolean;
  /** When to reload the list (the count just dropped to zero). */
  reloadAt: number | null;
}

/** The state after a poll that returned `count` (null when the request failed) at `now`, and whether to poll again. */
export function nextPollState(prev: PollState, count: number | null, now: number): PollState & { continue: boolean } {
  const value = count ?? prev.count;
  const dropped = prev.count !== null && prev.count > 0 && value === 0;
  const timedOut = now - prev.startedAt >= QUEUE_POLL_MAX_MS;
  const keepGoing = !prev.stopped && !timedOut && value !== 0;
  return { count: value, startedAt: prev.startedAt, stopped: prev.stopped || timedOut, reloadAt: dropped ? now + RELOAD_AFTER_MS : null, continue: keepGoing };
}
