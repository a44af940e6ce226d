/**
 * The client inbox screen: conversation list (with the entity switch), the chat with its root
 * messages, the thread side panel and the composer. Data comes from `loadClientInbox`; sending
 * and "seen" post to the route's action. New messages arrive by revalidating every few seconds
 * while the page is visible.
 */
import { Link, useFetcher, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, Avatar, AvatarGroup, Badge, Button, EmptyState, Select, TextArea, useToast, VisuallyHidden } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import type { ClientInbox, InboxMessage } from "./inbox.server";
import * as s from "./inbox.css";
import { INBOX_TEXT, MESSAGE_MAX_LENGTH, MESSAGE_TAGS, MESSAGE_TAG_LABELS } from "./rules";

/** How often an open inbox looks for new messages. */
const REFRESH_MS = 5000;

type ActionResult = { ok: true; conversationId: string } | { ok: false; error: string };

const TIME = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

function formatTime(iso: string) {
  return TIME.format(new Date(iso));
}

export function InboxPage({ data }: { data: ClientInbox }) {
  const { entity, selected } = data;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const base = `/inbox/${entity.hashId}`;
  const threadOpen = Boolean(selected?.thread);

  useAutoRefresh();

  return (
    <div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "flex-end", justifyContent: "space-between", marginBottom: 16 }}>
        <div>
          <Button to="/" variant="ghost" size="sm">
            ← {INBOX_TEXT.backToDashboard}
          </Button>
          <h1 style={{ margin: "8px 0 0" }}>Messages</h1>
          <p className={s.muted}>{entity.name}</p>
        </div>
        {data.entities.length > 1 ? (
          <Select
            label="Entity"
            value={entity.hashId}
            options={data.entities.map((e) => ({ value: e.hashId, label: e.name }))}
            onChange={(e) => navigate(`/inbox/${e.currentTarget.value}`)}
          />
        ) : null}
      </div>

      {data.blocked ? (
        <div style={{ marginBottom: 16 }}>
          <Alert tone="warning">{data.blocked}</Alert>
        </div>
      ) : null}

      <div className={cx(s.layout, threadOpen && s.withThread)}>
        <nav className={cx(s.panel, selected && s.hideOnMobile)} aria-label="Conversations">
          <div className={s.panelHeader}>
            <h2 className={s.panelTitle}>Conversations</h2>
            {data.conversations.length > 0 && !data.blocked ? (
              <Button to={`${base}?new=1`} size="sm" variant="secondary">
                New message
              </Button>
            ) : null}
          </div>
          {data.conversations.length === 0 ? (
            <div className={s.empty}>
              <EmptyState compact titleAs="p" title={INBOX_TEXT.empty} description={data.blocked ? undefined : "Write to your firm below to start a conversation."} />
            </div>
          ) : (
            <ul className={s.conversationList}>
              {data.conversations.map((c) => (
                <li key={c.id}>
                  <Link to={`${base}/${c.id}`} className={s.conversationLink} aria-current={selected?.id === c.id ? "page" : undefined}>
                    <Avatar name={c.title} size="sm" decorative />
                    <span className={s.conversationText}>
                      <span className={s.conversationName}>{c.title}</span>
                      <span className={s.conversationPreview}>{c.archived ? "Archived" : (c.preview ?? "No messages yet")}</span>
                    </span>
                    {c.unseen > 0 ? (
                      <span className={s.unseenDot} aria-label={`${c.unseen} unread`}>
                        {c.unseen}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {(data.conversations.length === 0 || params.get("new")) && !data.blocked && !selected ? <Composer key="new" action={base} label="Message to your firm" /> : null}
        </nav>

        {selected ? (
          <Conversation data={data} base={base} />
        ) : data.conversations.length > 0 ? (
          <section className={cx(s.panel, s.hideOnMobile)}>
            <div className={s.empty}>
              <EmptyState compact titleAs="p" title="Select a conversation" description="Choose a conversation to read and reply." />
            </div>
          </section>
        ) : null}

        {selected?.thread ? <Thread data={data} base={base} /> : null}
      </div>
    </div>
  );
}

function Conversation({ data, base }: { data: ClientInbox; base: string }) {
  const selected = data.selected!;
  const listRef = useRef<HTMLOListElement>(null);
  const [params] = useSearchParams();
  const seen = useFetcher();
  const [atBottom, setAtBottom] = useState(true);
  const action = `${base}/${selected.id}`;
  const blocked = data.blocked ?? (selected.archived ? INBOX_TEXT.archived : null);
  const firstUnseen = selected.messages.find((m) => m.unseen);

  // Open at the latest message; mark what is shown as seen.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [selected.id, selected.messages.length]);
  useEffect(() => {
    if (selected.unseen > 0 && seen.state === "idle") seen.submit({ intent: "seen" }, { method: "post", action });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected.id, selected.unseen]);

  return (
    <section className={s.panel} aria-labelledby="conversation-title">
      <div className={s.panelHeader}>
        <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
          <Button to={base} variant="ghost" size="sm">
            ←<VisuallyHidden>All conversations</VisuallyHidden>
          </Button>
          <h2 className={s.panelTitle} id="conversation-title">
            {selected.title}
          </h2>
        </div>
        <AvatarGroup names={selected.participants.map((p) => p.name)} max={3} />
      </div>
      {selected.archived ? (
        <div className={s.banner}>
          <Alert tone="info">{INBOX_TEXT.archived}</Alert>
        </div>
      ) : null}
      {selected.hasOlder || params.has("before") ? (
        <div className={s.jump}>
          {selected.hasOlder && selected.before ? (
            <Button to={`${action}?before=${encodeURIComponent(selected.before)}`} size="sm" variant="secondary">
              {INBOX_TEXT.previousPage}
            </Button>
          ) : null}
          <Button to={action} size="sm" variant="ghost">
            {INBOX_TEXT.latestPage}
          </Button>
        </div>
      ) : null}
      {selected.messages.length === 0 ? (
        <div className={s.empty}>
          <EmptyState compact titleAs="p" title="No messages yet" />
        </div>
      ) : (
        <ol
          className={s.messages}
          ref={listRef}
          aria-label="Messages"
          onScroll={(e) => {
            const el = e.currentTarget;
            setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
          }}
        >
          {selected.messages.map((m) => (
            <MessageItem key={m.id} message={m} threadHref={`${action}?thread=${m.id}`} />
          ))}
        </ol>
      )}
      {!atBottom || firstUnseen ? (
        <div className={s.jump}>
          {firstUnseen ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => document.getElementById(`message-${firstUnseen.id}`)?.scrollIntoView({ behavior: "smooth", block: "center" })}
            >
              {INBOX_TEXT.scrollToUnread}
            </Button>
          ) : null}
          {!atBottom ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                const list = listRef.current;
                if (list) list.scrollTop = list.scrollHeight;
              }}
            >
              {INBOX_TEXT.scrollToLatest}
            </Button>
          ) : null}
        </div>
      ) : null}
      {blocked ? null : <Composer key={selected.id} action={action} label="Message" tagsEnabled={data.tagsEnabled} />}
    </section>
  );
}

function Thread({ data, base }: { data: ClientInbox; base: string }) {
  const selected = data.selected!;
  const thread = selected.thread!;
  const action = `${base}/${selected.id}`;
  const blocked = data.blocked ?? (selected.archived ? INBOX_TEXT.archived : null);
  return (
    <aside className={cx(s.panel)} aria-labelledby="thread-title">
      <div className={s.panelHeader}>
        <h2 className={s.panelTitle} id="thread-title">
          Thread
        </h2>
        <Button to={action} variant="ghost" size="sm">
          Close
        </Button>
      </div>
      <ol className={s.messages} aria-label="Thread messages">
        <MessageItem message={thread.root} />
        {thread.replies.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      {blocked ? null : <Composer key={`thread-${thread.root.id}`} action={action} threadId={thread.root.id} label="Reply" />}
    </aside>
  );
}

function MessageItem({ message: m, threadHref }: { message: InboxMessage; threadHref?: string }) {
  return (
    <li className={s.message} id={`message-${m.id}`}>
      <Avatar name={m.author} size="sm" decorative />
      <div className={s.bubble} data-mine={m.mine} data-unseen={m.unseen}>
        <div className={s.messageMeta}>
          <span className={s.author}>{m.mine ? "You" : m.author}</span>
          <time className={s.time} dateTime={m.createdAt}>
            {formatTime(m.createdAt)}
          </time>
          {m.tag !== "general" ? <Badge tone={m.tag === "emergency" ? "danger" : "warning"}>{MESSAGE_TAG_LABELS[m.tag]}</Badge> : null}
          {m.edited && !m.deleted ? <span className={s.time}>(edited)</span> : null}
          {m.unseen ? <Badge tone="brand">New</Badge> : null}
        </div>
        <p className={cx(s.body, m.deleted && s.deleted)}>{m.text}</p>
        {threadHref && !m.deleted ? (
          <Link to={threadHref} className={s.threadLink}>
            {m.replies > 0 ? `${m.replies} ${m.replies === 1 ? "reply" : "replies"}` : "Reply in thread"}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function Composer({ action, label, threadId, tagsEnabled }: { action: string; label: string; threadId?: string; tagsEnabled?: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const handled = useRef<ActionResult | undefined>(undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setText("");
      setError(null);
    } else {
      setError(result.error);
      toast.error(result.error);
    }
  }, [fetcher.state, result, toast]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      className={s.composer}
      onSubmit={(e) => {
        if (!text.trim()) {
          e.preventDefault();
          setError(INBOX_TEXT.emptyMessage);
        }
      }}
    >
      <input type="hidden" name="intent" value="send" />
      {threadId ? <input type="hidden" name="threadId" value={threadId} /> : null}
      <TextArea
        label={label}
        name="text"
        rows={3}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        error={error ?? undefined}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      <div className={s.composerRow}>
        {tagsEnabled && !threadId ? (
          <Select label="Tag" name="tag" defaultValue="general" options={MESSAGE_TAGS.map((t) => ({ value: t, label: MESSAGE_TAG_LABELS[t] }))} />
        ) : (
          <span />
        )}
        <Button type="submit" disabled={sending || !text.trim()} loading={sending} loadingLabel="Sending…">
          Send
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Reloads the inbox every few seconds while the page is visible, and when it becomes visible. */
function useAutoRefresh() {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible" && ref.current.state === "idle") ref.current.revalidate();
    };
    const timer = window.setInterval(tick, REFRESH_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, []);
}
