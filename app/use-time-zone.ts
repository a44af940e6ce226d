import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/time-zones";

/**
 * The signed-in reader's time zone (root loader: their profile's zone, or the firm's), and a
 * formatter for moments in it with the zone's abbreviation (see `readerTimeZone`). The server
 * and the browser format the same way, whatever the browser's own zone.
 */
export function useReaderTimeZone(): { zone: string; format: (at: string | Date, pattern?: string) => string } {
  const root = useRouteLoaderData("root") as { user?: { timeZone?: string } | null } | undefined;
  const zone = root?.user?.timeZone ?? DEFAULT_TIME_ZONE;
  return { zone, format: (at, pattern) => formatDateTime(at, zone, pattern) };
}
