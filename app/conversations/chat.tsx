/**
 * Pieces of the chat shared by the client inbox and the staff inbox: a conversation row, the
 * message list (opens at the latest message, 'Previous 500 messages' / 'Latest 500 messages',
 * 'Scroll to unread thread' / 'Scroll to latest message'), one message, the composer, and the
 * periodic reload while the page is visible.
 */
import { useFetcher, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Avatar, AvatarGroup, Badge, Button, Checkbox, EmptyState, Select, TextArea, useToast, VisuallyHidden } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import type { InboxMessage } from "./inbox.server";
import { useReaderTimeZone } from "~/use-time-zone";
import * as s from "./inbox.css";
import { useLiveRevalidation } from "~/realtime/use-live-revalidation";
import { INBOX_TEXT, MESSAGE_MAX_LENGTH, MESSAGE_TAGS, MESSAGE_TAG_LABELS } from "./rules";
import { AttachmentPicker, MessageAttachments, useMessageAttachments } from "./attachments-ui";
import { COMPOSE_TEXT } from "./compose-rules";

/** How often an open inbox looks for new messages. */
export const REFRESH_MS = 5000;

export type ChatActionResult = { ok: true; conversationId: string; message?: string } | { ok: false; error: string };

/** A message's time in the reader's zone, with its abbreviation ("Mar 9, 3:30 PM PDT"). */
export function useMessageTime(): (iso: string) => string {
  const { format } = useReaderTimeZone();
  return (iso) => format(iso, "MMM d, h:mm a");
}

export function ConversationRow({
  to,
  current,
  title,
  subtitle,
  preview,
  unseen,
}: {
  to: string;
  current: boolean;
  title: string;
  subtitle?: string;
  preview: string;
  unseen: number;
}) {
  return (
    <li>
      <Link to={to} className={s.conversationLink} aria-current={current ? "page" : undefined}>
        <Avatar name={title} size="sm" decorative />
        <span className={s.conversationText}>
          <span className={s.conversationName}>{title}</span>
          {subtitle ? <span className={s.conversationPreview}>{subtitle}</span> : null}
          <span className={s.conversationPreview}>{preview}</span>
        </span>
        {unseen > 0 ? (
          <span className={s.unseenDot} aria-label={`${unseen} unread`}>
            {unseen}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * The root messages of a conversation, newest at the bottom, with the paging and jump buttons.
 * `action` is the conversation's URL (paging adds `?before=`).
 */
export function MessageList<M extends InboxMessage>({
  messages,
  action,
  hasOlder,
  before,
  paged,
  conversationId,
  render,
}: {
  messages: M[];
  action: string;
  hasOlder: boolean;
  before: string | null;
  /** The page shown is an older one (`?before=` given). */
  paged: boolean;
  conversationId: string;
  render: (message: M) => ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const firstUnseen = messages.find((m) => m.unseen);
  const beforeHref = (at: string) => `${action}${action.includes("?") ? "&" : "?"}before=${encodeURIComponent(at)}`;

  // Open at the latest message.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [conversationId, messages.length]);

  return (
    <>
      {hasOlder || paged ? (
        <div className={s.jump}>
          {hasOlder && before ? (
            <Button to={beforeHref(before)} size="sm" variant="secondary">
              {INBOX_TEXT.previousPage}
            </Button>
          ) : null}
          <Button to={action} size="sm" variant="ghost">
            {INBOX_TEXT.latestPage}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
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
          {messages.map(render)}
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
    </>
  );
}

/** One message: author, time, tag, edited/new marks, the text (or `body`), the thread link, `footer`. */
export function MessageItem({
  message: m,
  threadHref,
  body,
  meta,
  footer,
  entityHash = null,
}: {
  message: InboxMessage;
  /** The conversation's entity: where its files are previewed from. */
  entityHash?: string | null;
  threadHref?: string;
  /** Replaces the text (e.g. the edit form). */
  body?: ReactNode;
  /** Extra marks after the time (e.g. 'Scheduled'). */
  meta?: ReactNode;
  /** Actions under the message. */
  footer?: ReactNode;
}) {
  const formatTime = useMessageTime();
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
          {meta}
        </div>
        {body ?? (m.text || m.deleted ? <p className={cx(s.body, m.deleted && s.deleted)}>{m.text}</p> : null)}
        {body ? null : <MessageAttachments entityHash={entityHash} attachments={m.attachments} />}
        {(threadHref && !m.deleted) || footer ? (
          <div className={s.messageFooter}>
            {threadHref && !m.deleted ? (
              <Link to={threadHref} className={s.threadLink}>
                {m.replies > 0 ? `${m.replies} ${m.replies === 1 ? "reply" : "replies"}` : "Reply in thread"}
              </Link>
            ) : null}
            {footer}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The message box: posts `intent` (default 'send') with `text`, `tag` and `threadId` to `action`.
 * `extra` adds fields beside the tag (the staff schedule option); `fields` adds hidden values.
 */
export function Composer({
  action,
  label,
  threadId,
  tagsEnabled,
  intent = "send",
  extra,
  onSent,
  submitLabel = "Send",
  entityHash = null,
  autoRemind = false,
}: {
  /** Files may be attached (to this entity's Messages folder). */
  entityHash?: string | null;
  /** Offer 'Auto-remind' (root messages only). */
  autoRemind?: boolean;
  action: string;
  label: string;
  threadId?: string;
  tagsEnabled?: boolean;
  intent?: string;
  extra?: ReactNode;
  onSent?: (result: Extract<ChatActionResult, { ok: true }>) => void;
  submitLabel?: string;
}) {
  const fetcher = useFetcher<ChatActionResult>();
  const toast = useToast();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const handled = useRef<ChatActionResult | undefined>(undefined);
  const files = useMessageAttachments(entityHash);
  const canSend = Boolean(text.trim()) || files.ids.length > 0;
  // Text typed before the page's code ran is in the box but not yet in state: take it on mount.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setText("");
      setError(null);
      setSent((n) => n + 1);
      files.reset();
      onSent?.(result);
    } else {
      setError(result.error);
      toast.error(result.error);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, result, toast, onSent]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      className={s.composer}
      onSubmit={(e) => {
        if (!canSend || files.uploading) {
          e.preventDefault();
          if (!canSend) setError(INBOX_TEXT.emptyMessage);
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {threadId ? <input type="hidden" name="threadId" value={threadId} /> : null}
      <TextArea
        ref={box}
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
      {entityHash ? <AttachmentPicker state={files} /> : null}
      <div className={s.composerRow}>
        {/* Keyed by the messages sent: after a send, tag, auto-remind and schedule start over. */}
        <div className={s.composerOptions} key={sent}>
          {tagsEnabled && !threadId ? (
            <Select
              label="Tag"
              name="tag"
              defaultValue="general"
              options={MESSAGE_TAGS.map((t) => ({
                value: t,
                label: MESSAGE_TAG_LABELS[t],
              }))}
            />
          ) : null}
          {autoRemind && !threadId ? (
            <div className={s.scheduleToggle} title={COMPOSE_TEXT.autoRemindHint}>
              <Checkbox name="autoRemind" value="on" label={COMPOSE_TEXT.autoRemind} />
            </div>
          ) : null}
          {extra}
        </div>
        <Button type="submit" disabled={sending || !canSend || files.uploading} loading={sending} loadingLabel="Sending…">
          {submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Reloads the page's data when a message changes (live events), polling every few seconds while they are down. */
export const useAutoRefresh = (ms = REFRESH_MS) => useLiveRevalidation(["message"], ms);

/**
 * One open conversation: header (back link, title, participants), the archived banner, the
 * messages and `composer`. Marks what it shows as seen (intent=seen).
 */
export function ConversationPanel<M extends InboxMessage>({
  conversation: c,
  action,
  back,
  title,
  subtitle,
  render,
  composer,
  actions,
}: {
  conversation: { id: string; participants: { name: string }[]; archived: boolean; unseen: number; messages: M[]; hasOlder: boolean; before: string | null };
  action: string;
  back: string;
  title: ReactNode;
  subtitle?: ReactNode;
  render: (message: M) => ReactNode;
  composer: ReactNode;
  /** Buttons in the header (staff: Export). */
  actions?: ReactNode;
}) {
  const [params] = useSearchParams();
  const seen = useFetcher();
  useEffect(() => {
    // On opening the conversation and when messages arrive; not when the viewer marked one unread.
    if (c.unseen > 0 && seen.state === "idle") seen.submit({ intent: "seen" }, { method: "post", action });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c.id, c.messages.length]);

  return (
    <section className={s.panel} aria-labelledby="conversation-title">
      <div className={s.panelHeader}>
        <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
          <Button to={back} variant="ghost" size="sm">
            ←<VisuallyHidden>All conversations</VisuallyHidden>
          </Button>
          <div style={{ minWidth: 0 }}>
            <h2 className={s.panelTitle} id="conversation-title">
              {title}
            </h2>
            {subtitle ? <p className={s.muted}>{subtitle}</p> : null}
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
          {actions}
          <AvatarGroup names={c.participants.map((p) => p.name)} max={3} />
        </div>
      </div>
      {c.archived ? (
        <div className={s.banner}>
          <Alert tone="info">{INBOX_TEXT.archived}</Alert>
        </div>
      ) : null}
      <MessageList
        messages={c.messages}
        action={action}
        hasOlder={c.hasOlder}
        before={c.before}
        paged={params.has("before")}
        conversationId={c.id}
        render={render}
      />
      {composer}
    </section>
  );
}
