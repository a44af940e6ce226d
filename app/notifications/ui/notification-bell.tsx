/**
 * The bell in the staff and client headers: the reader's unread notifications as a number, and a
 * panel (Headless UI Popover) of their notifications, newest first, a page at a time. An item
 * leads to its thing and counts as read once opened; "Mark all as read" clears the number. The
 * number comes from the root loader and is asked again after every navigation (/api/notifications).
 */
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { visuallyHidden } from "~/components/ui/shared.css";
import { useReaderTimeZone } from "~/use-time-zone";
import { badgeLabel, relativeTime } from "../rules";
import * as s from "./notification-bell.css";

interface Item {
  id: string;
  text: string;
  link: string | null;
  clientName: string | null;
  createdAt: string;
  read: boolean;
}

interface Page {
  items: Item[];
  unread: number;
  next: string | null;
}

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

async function readJson<T>(response: Response): Promise<T | null> {
  return response.ok ? ((await response.json()) as T) : null;
}

const post = (body: object) => apiFetch("/api/notifications", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useState(initialUnread);
  const location = useLocation();

  // A navigation may have read or brought notifications: ask the number again.
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
  }, [location.key]);

  const label = unread > 0 ? `Notifications: ${badgeLabel(unread)} new` : "Notifications";
  return (
    <Popover className={s.root}>
      <PopoverButton className={s.bell} aria-label={label} data-testid="notification-bell">
        <BellIcon />
        {unread > 0 ? (
          <span className={s.badge} aria-hidden="true">
            {badgeLabel(unread)}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel className={s.panel} focus aria-label="Notifications">
        {({ close }) => <NotificationList onUnread={setUnread} close={close} />}
      </PopoverPanel>
    </Popover>
  );
}

/** The open panel: mounted each time it opens, so it always shows the newest. */
function NotificationList({ onUnread, close }: { onUnread: (n: number) => void; close: () => void }) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { format } = useReaderTimeZone();

  const load = useCallback(
    async (cursor: string | null) => {
      setBusy(true);
      try {
        const page = await readJson<Page>(await apiFetch(`/api/notifications${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`));
        if (!page) return;
        setItems((before) => [...(cursor ? (before ?? []) : []), ...page.items]);
        setNext(page.next);
        setUnread(page.unread);
        onUnread(page.unread);
      } finally {
        setBusy(false);
      }
    },
    [onUnread],
  );

  useEffect(() => {
    void load(null).catch(() => setItems([]));
  }, [load]);

  const counted = (n: number) => {
    setUnread(n);
    onUnread(n);
  };

  const open = async (item: Item) => {
    if (!item.read) {
      const body = await readJson<{ unread: number }>(await post({ intent: "read", id: item.id })).catch(() => null);
      setItems((list) => list?.map((i) => (i.id === item.id ? { ...i, read: true } : i)) ?? null);
      if (body) counted(body.unread);
    }
    if (item.link) {
      close();
      navigate(item.link);
    }
  };

  const readAll = async () => {
    const body = await readJson<{ unread: number }>(await post({ intent: "read_all" })).catch(() => null);
    if (!body) return;
    setItems((list) => list?.map((i) => ({ ...i, read: true })) ?? null);
    counted(body.unread);
  };

  return (
    <>
      <div className={s.head}>
        <h2 className={s.title}>Notifications</h2>
        <button type="button" className={s.textButton} onClick={() => void readAll()} disabled={unread === 0}>
          Mark all as read
        </button>
      </div>
      {items === null ? (
        <p className={s.empty} role="status">
          Loading…
        </p>
      ) : items.length === 0 ? (
        <p className={s.empty}>You have no notifications.</p>
      ) : (
        <ul className={s.list} aria-label="Notifications, newest first">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={item.link ?? "#"}
                className={s.item}
                onClick={(event) => {
                  event.preventDefault();
                  void open(item);
                }}
              >
                <span className={item.read ? `${s.dot} ${s.dotRead}` : s.dot} aria-hidden="true" />
                <span>
                  <span className={item.read ? s.itemText : `${s.itemText} ${s.itemTextUnread}`}>
                    {item.read ? null : <span className={visuallyHidden}>Unread: </span>}
                    {item.text}
                  </span>
                  <span className={s.meta}>
                    {item.clientName ? `${item.clientName} · ` : null}
                    <time dateTime={item.createdAt} title={format(item.createdAt)}>
                      {relativeTime(item.createdAt) ?? format(item.createdAt, "MMM d, yyyy")}
                    </time>
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <div className={s.foot}>
          <button type="button" className={s.textButton} disabled={busy} onClick={() => void load(next)}>
            Show more
          </button>
        </div>
      ) : null}
    </>
  );
}
