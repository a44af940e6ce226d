/**
 * The queue banner (staff spec §4 "Queue and upload polling", §9): while the firm's backlog is not
 * empty it polls the count every 3 s, for at most 5 minutes or until Stop Polling; when the count
 * drops to zero the list reloads after 1 s.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button } from "~/components/ui";
import { nextPollState, QUEUE_POLL_MS, type PollState } from "./polling";

export function QueueBanner() {
  const revalidator = useRevalidator();
  const [poll, setPoll] = useState<PollState>({ count: null, startedAt: Date.now(), stopped: false, reloadAt: null });
  const pollRef = useRef(poll);
  pollRef.current = poll;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const tick = async () => {
      let count: number | null = null;
      try {
        const response = await apiFetch("/api/staff/questionnaires/queue");
        if (response.ok) count = Number((await response.json()).backlog_count);
      } catch {
        count = null;
      }
      if (cancelled) return;
      const next = nextPollState(pollRef.current, count, Date.now());
      setPoll(next);
      if (next.reloadAt !== null) setTimeout(() => revalidator.revalidate(), Math.max(0, next.reloadAt - Date.now()));
      if (next.continue) timer = setTimeout(tick, QUEUE_POLL_MS);
    };
    if (!poll.stopped) void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [poll.stopped]);

  if (!poll.count) return null;
  return (
    <Alert
      tone="info"
      title={`${poll.count} ${poll.count === 1 ? "item is" : "items are"} in the queue`}
      action={
        poll.stopped ? undefined : (
          <Button size="sm" variant="secondary" onClick={() => setPoll({ ...pollRef.current, stopped: true })}>
            Stop Polling
          </Button>
        )
      }
    >
      {poll.stopped
        ? "Polling stopped. Reload the page to see the latest."
        : "Imports and scheduled sends are being processed. The list refreshes when they finish."}
    </Alert>
  );
}
