/**
 * The signed-in person's live events (Server-Sent Events, app/realtime/stream.server.ts):
 *
 *   GET /api/events   → text/event-stream: `message`, `notification`, `banner`, `resync` events
 *                       (ids only; pages reload what they show), a comment line every 25 s
 *
 * 401 without a session; the stream closes when the session ends. One per browser tab
 * (app/realtime/live-events.tsx).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { openLiveStream } from "~/realtime/stream.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return openLiveStream(request, requireFirmSite(context));
}
