/**
 * The notification bell's open panel (app/notifications/ui/notification-bell.tsx): the reader's
 * notifications, newest first, a page at a time.
 */
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { visuallyHidden } from "~/components/ui/shared.css";
import { useReaderTimeZone } from "~/use-time-zone";
import { relativeTime } from "../rules";
import * as s from "./notification-bell.css";
import { post, readJson, type Item, type Page } from "./notifications-api";

/** The open panel: mounted each time it opens, so it always shows the newest. */
export function NotificationList({ onUnread, close }: { onUnread: (n: number) => void; close: () => void }) {
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
