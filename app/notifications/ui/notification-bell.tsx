/**
 * The bell in the staff and client headers: the reader's unread notifications as a number, and a
 * panel (Headless UI Popover) of their notifications, newest first, a page at a time. An item
 * leads to its thing and counts as read once opened; "Mark all as read" clears the number. The
 * number comes from the root loader and is asked again after every navigation (/api/notifications)
 * and when a live event says a notification came (app/realtime).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { useLiveOnReach } from "~/components/ui/live-on-reach";
import { useLiveEvents } from "~/realtime/live-events";
import { badgeLabel } from "../badge";
import { readJson } from "./notifications-api";
import * as s from "./notification-bell.css";

function BellIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The live bell (Headless UI's popover), loaded when the reader reaches the bell. */
const loadLiveBell = () => import("./notification-bell-live");

export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useState(initialUnread);
  const location = useLocation();
  const [arrived, setArrived] = useState(0);
  useLiveEvents("notification", () => setArrived((n) => n + 1));
  useLiveEvents("resync", () => setArrived((n) => n + 1));

  // A navigation may have read or brought notifications, and a live event says one came: ask the number again.
  useEffect(() => {
    let live = true;
    void apiFetch("/api/notifications?count=1")
      .then((r) => readJson<{ unread: number }>(r))
      .then((body) => {
        if (live && body) setUnread(body.unread);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [location.key, arrived]);

  const label = unread > 0 ? `Notifications: ${badgeLabel(unread)} new` : "Notifications";
  const { code, placeholder, live } = useLiveOnReach("popover", loadLiveBell);
  const face = (
    <>
      <BellIcon />
      {unread > 0 ? (
        <span className={s.badge} aria-hidden="true">
          {badgeLabel(unread)}
        </span>
      ) : null}
    </>
  );
  if (!code) {
    return (
      <div className={s.root}>
        <button {...placeholder} type="button" className={s.bell} aria-label={label} aria-expanded="false" data-testid="notification-bell">
          {face}
        </button>
      </div>
    );
  }
  return (
    <code.LiveBell label={label} buttonRef={live} onUnread={setUnread}>
      {face}
    </code.LiveBell>
  );
}
