/**
 * The staff inbox screen (/messages and an entity's Messages): the firm's conversations (search
 * by entity or client name, 640 ms after the last key; paged on the server), one conversation
 * with its root messages, the thread panel and the composer (tag, schedule). Staff edit, unsend
 * (30 s) or delete their own messages and mark others' as unread. Data from `loadStaffInbox`;
 * posts go to the route's action.
 */
import { useVocabulary } from "~/vocabulary";
import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Checkbox, ConfirmDialog, EmptyState, TextArea, TextField, useToast } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { Composer, ConversationPanel, ConversationRow, MessageItem, useAutoRefresh, useMessageTime, type ChatActionResult } from "./chat";
import { ExportConversationButton } from "./export-dialog";
import * as s from "./inbox.css";
import { COMPOSE_TEXT } from "./compose-rules";
import { INBOX_TEXT, MESSAGE_MAX_LENGTH } from "./rules";
import type { StaffInbox, StaffMessage } from "./staff-inbox.server";
import {
  CONVERSATION_SEARCH_DEBOUNCE_MS,
  STAFF_INBOX_TEXT,
  UNSEND_WINDOW_MS,
  defaultScheduleTime,
  fromZonedInputValue,
  removalKind,
  toZonedInputValue,
} from "./staff-rules";
import { zoneAbbreviation } from "~/time-zones";
import { useReaderTimeZone } from "~/use-time-zone";

export interface StaffInboxPageProps {
  data: StaffInbox;
  /** '/messages' or '/admin/{hash}/messages'. */
  base: string;
  header: ReactNode;
  /** The entity's page with no conversation yet: start one (or why not). */
  start?: { blocked: string | null; entityName: string; entityHash: string } | null;
}

export function StaffInboxPage({ data, base, header, start }: StaffInboxPageProps) {
  const { selected, list } = data;
  const keep = new URLSearchParams();
  if (list.q) keep.set("q", list.q);
  if (list.page > 1) keep.set("page", String(list.page));
  const suffix = keep.size ? `?${keep}` : "";
  const hrefFor = (id: string) => `${base}/${id}${suffix}`;
  const t = useVocabulary();
  useAutoRefresh();

  return (
    <div>
      {header}
      <div className={cx(s.layout, selected?.thread && s.withThread)}>
        <nav className={cx(s.panel, selected && s.hideOnMobile)} aria-label="Conversations">
          <div className={s.panelHeader}>
            <h2 className={s.panelTitle}>Conversations</h2>
            {list.total > 0 ? <span className={s.muted}>{list.total.toLocaleString("en-US")}</span> : null}
          </div>
          <SearchBox base={base} q={list.q} />
          {list.conversations.length === 0 ? (
            <div className={s.empty}>
              <EmptyState
                compact
                titleAs="p"
                title={list.q ? STAFF_INBOX_TEXT.noMatches : STAFF_INBOX_TEXT.noConversations}
                description={list.q ? undefined : t("Open an entity to write to its owners.")}
                action={
                  list.q ? (
                    <Button variant="secondary" size="sm" to={base}>
                      Clear search
                    </Button>
                  ) : (
                    <Button variant="secondary" size="sm" to="/admin">
                      {t("Go to Entities")}
                    </Button>
                  )
                }
              />
            </div>
          ) : (
            <ul className={s.conversationList}>
              {list.conversations.map((c) => (
                <ConversationRow
                  key={c.id}
                  to={hrefFor(c.id)}
                  current={selected?.id === c.id}
                  title={c.title}
                  subtitle={c.clients}
                  preview={c.archived ? "Archived" : (c.preview ?? "No messages yet")}
                  unseen={c.unseen}
                />
              ))}
            </ul>
          )}
          {list.pages > 1 ? <Pager base={selected ? `${base}/${selected.id}` : base} q={list.q} page={list.page} pages={list.pages} /> : null}
        </nav>

        {selected ? (
          <StaffConversation data={data} action={`${base}/${selected.id}`} back={`${base}${suffix}`} />
        ) : start ? (
          <StartConversation base={base} {...start} tagsEnabled={data.tagsEnabled} />
        ) : (
          <section className={cx(s.panel, s.hideOnMobile)}>
            <div className={s.empty}>
              <EmptyState compact titleAs="p" title="Select a conversation" description="Choose a conversation to read and reply." />
            </div>
          </section>
        )}

        {selected?.thread ? <StaffThread data={data} action={`${base}/${selected.id}`} /> : null}
      </div>
    </div>
  );
}

function SearchBox({ base, q }: { base: string; q: string }) {
  const t = useVocabulary();
  const navigate = useNavigate();
  const [value, setValue] = useState(q);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setValue(q), [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      action={base}
      role="search"
      className={s.search}
      onSubmit={(e) => {
        e.preventDefault();
        window.clearTimeout(timer.current);
        navigate(value.trim() ? `${base}?q=${encodeURIComponent(value.trim())}` : base, { replace: true });
      }}
    >
      <TextField
        label="Search conversations"
        hideLabel
        name="q"
        type="search"
        placeholder={t("Search by entity or client")}
        value={value}
        maxLength={100}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setValue(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => {
            navigate(next.trim() ? `${base}?q=${encodeURIComponent(next.trim())}` : base, { replace: true, preventScrollReset: true });
          }, CONVERSATION_SEARCH_DEBOUNCE_MS);
        }}
      />
    </Form>
  );
}

function Pager({ base, q, page, pages }: { base: string; q: string; page: number; pages: number }) {
  const href = (p: number) => {
    const sp = new URLSearchParams();
    if (q) sp.set("q", q);
    if (p > 1) sp.set("page", String(p));
    return sp.size ? `${base}?${sp}` : base;
  };
  return (
    <div className={s.pager} aria-label="Pages">
      <Button to={href(page - 1)} size="sm" variant="ghost" disabled={page <= 1}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button to={href(page + 1)} size="sm" variant="ghost" disabled={page >= pages}>
        Next
      </Button>
    </div>
  );
}

function StaffConversation({ data, action, back }: { data: StaffInbox; action: string; back: string }) {
  const selected = data.selected!;
  const entityHash = selected.entities[0]?.hashId ?? null;
  const entity = selected.entities.length === 1 ? selected.entities[0]! : null;
  return (
    <ConversationPanel
      conversation={selected}
      action={action}
      back={back}
      title={
        entity ? (
          <Link to={`/admin/${entity.hashId}`} className={s.titleLink}>
            {selected.title}
          </Link>
        ) : (
          selected.title
        )
      }
      subtitle={selected.clients ? `To: ${selected.clients}` : null}
      actions={<ExportConversationButton conversationId={selected.id} />}
      render={(m) => (
        <StaffMessageItem key={m.id} message={m} action={action} threadHref={`${action}?thread=${m.id}`} writable={!selected.blocked} entityHash={entityHash} />
      )}
      composer={
        selected.blocked ? null : (
          <Composer
            key={selected.id}
            action={action}
            label="Message"
            tagsEnabled={data.tagsEnabled}
            extra={<ScheduleField />}
            entityHash={entityHash}
            autoRemind
          />
        )
      }
    />
  );
}

function StaffThread({ data, action }: { data: StaffInbox; action: string }) {
  const selected = data.selected!;
  const entityHash = selected.entities[0]?.hashId ?? null;
  const thread = selected.thread!;
  return (
    <aside className={s.panel} aria-labelledby="thread-title">
      <div className={s.panelHeader}>
        <h2 className={s.panelTitle} id="thread-title">
          Thread
        </h2>
        <Button to={action} variant="ghost" size="sm">
          Close
        </Button>
      </div>
      <ol className={s.messages} aria-label="Thread messages">
        <StaffMessageItem message={thread.root} action={action} writable={!selected.blocked} entityHash={entityHash} />
        {thread.replies.map((m) => (
          <StaffMessageItem key={m.id} message={m} action={action} writable={!selected.blocked} entityHash={entityHash} />
        ))}
      </ol>
      {selected.blocked ? null : <Composer key={`thread-${thread.root.id}`} action={action} threadId={thread.root.id} label="Reply" entityHash={entityHash} />}
    </aside>
  );
}

/** True while a message sent at `createdAt` may still be unsent; re-renders when the window closes. */
function useUnsendOpen(createdAt: string, enabled: boolean): boolean {
  const [open, setOpen] = useState(() => enabled && removalKind(createdAt, new Date()) === "unsend");
  useEffect(() => {
    if (!enabled) return;
    const left = new Date(createdAt).getTime() + UNSEND_WINDOW_MS - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    const timer = window.setTimeout(() => setOpen(false), left);
    return () => window.clearTimeout(timer);
  }, [createdAt, enabled]);
  return open;
}

function useActionToast(fetcher: ReturnType<typeof useFetcher<ChatActionResult>>, onOk?: () => void) {
  const toast = useToast();
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (result.message) toast.success(result.message);
      onOk?.();
    } else {
      toast.error(result.error || STAFF_INBOX_TEXT.updateFailed);
    }
  }, [fetcher.state, fetcher.data, toast, onOk]);
}

/** A message with the viewer's actions (edit, unsend or delete their own; mark others' unread); both inboxes. */
export function StaffMessageItem({
  message: m,
  action,
  threadHref,
  writable,
  entityHash = null,
}: {
  message: Pick<StaffMessage, keyof StaffMessage>;
  action: string;
  threadHref?: string;
  writable: boolean;
  entityHash?: string | null;
}) {
  const fetcher = useFetcher<ChatActionResult>();
  const formatTime = useMessageTime();
  const [editing, setEditing] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const canChange = m.canChange && writable;
  const unsendOpen = useUnsendOpen(m.createdAt, canChange);
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher, () => {
    setEditing(false);
    setRescheduling(false);
    setConfirming(false);
  });

  const post = (fields: Record<string, string>) => fetcher.submit({ ...fields, messageId: m.id }, { method: "post", action });
  const actions =
    m.deleted || editing || rescheduling ? null : (
      <div className={s.messageActions}>
        {canChange ? (
          <>
            <Button size="sm" variant="ghost" className={s.actionButton} onClick={() => setEditing(true)} aria-label="Edit message">
              Edit
            </Button>
            {m.scheduledAt ? (
              <Button size="sm" variant="ghost" className={s.actionButton} onClick={() => setRescheduling(true)}>
                {COMPOSE_TEXT.reschedule}
              </Button>
            ) : null}
            {unsendOpen ? (
              <Button
                size="sm"
                variant="ghost"
                className={s.actionButton}
                onClick={() => post({ intent: "remove" })}
                loading={busy}
                aria-label="Unsend message"
              >
                Unsend
              </Button>
            ) : (
              <Button size="sm" variant="ghost" className={s.actionButton} onClick={() => setConfirming(true)} aria-label="Delete message">
                Delete
              </Button>
            )}
          </>
        ) : null}
        {!m.mine ? (
          <Button size="sm" variant="ghost" className={s.actionButton} onClick={() => post({ intent: "unseen" })} disabled={busy}>
            Mark as unread
          </Button>
        ) : null}
      </div>
    );

  return (
    <>
      <MessageItem
        message={m}
        entityHash={entityHash}
        threadHref={threadHref}
        meta={m.scheduledAt ? <Badge tone="info">Scheduled for {formatTime(m.scheduledAt)}</Badge> : null}
        body={editing ? <EditForm message={m} fetcher={fetcher} onCancel={() => setEditing(false)} /> : undefined}
        footer={
          rescheduling && m.scheduledAt && !editing ? (
            <RescheduleForm messageId={m.id} scheduledAt={m.scheduledAt} fetcher={fetcher} onCancel={() => setRescheduling(false)} />
          ) : (
            actions
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Delete message"
        message={STAFF_INBOX_TEXT.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => post({ intent: "remove" })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function EditForm({ message, fetcher, onCancel }: { message: StaffMessage; fetcher: ReturnType<typeof useFetcher<ChatActionResult>>; onCancel: () => void }) {
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  return (
    <fetcher.Form
      method="post"
      className={s.editForm}
      onSubmit={(e) => {
        if (!text.trim()) {
          e.preventDefault();
          setError(INBOX_TEXT.emptyMessage);
        }
      }}
    >
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="messageId" value={message.id} />
      <TextArea
        label="Edit message"
        hideLabel
        name="text"
        rows={3}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        error={error ?? undefined}
        autoFocus
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <div className={s.messageActions}>
        <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
          Save
        </Button>
        <Button size="sm" variant="ghost" className={s.actionButton} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The error of a chosen send time, if any: required, and in the future. */
function scheduleError(local: string, zone: string, now = new Date()): string | null {
  if (!local) return STAFF_INBOX_TEXT.scheduleRequired;
  const at = fromZonedInputValue(local, zone);
  if (!at) return STAFF_INBOX_TEXT.scheduleRequired;
  return at.getTime() <= now.getTime() ? STAFF_INBOX_TEXT.futureDate : null;
}

/** The hint under a send-time field: the reader's zone, in which the time is read. */
function zoneHint(zone: string, local: string): string {
  return `In your time zone (${zoneAbbreviation(zone, fromZonedInputValue(local, zone) ?? new Date())})`;
}

/** 'Change time' of the viewer's own scheduled message: a new time in the future. */
function RescheduleForm({
  messageId,
  scheduledAt,
  fetcher,
  onCancel,
}: {
  messageId: string;
  scheduledAt: string;
  fetcher: ReturnType<typeof useFetcher<ChatActionResult>>;
  onCancel: () => void;
}) {
  const { zone } = useReaderTimeZone();
  const [local, setLocal] = useState(() => toZonedInputValue(new Date(scheduledAt), zone));
  const [error, setError] = useState<string | null>(null);
  const at = local && !scheduleError(local, zone) ? fromZonedInputValue(local, zone) : null;
  return (
    <fetcher.Form
      method="post"
      className={s.editForm}
      onSubmit={(e) => {
        const problem = scheduleError(local, zone);
        if (problem) {
          e.preventDefault();
          setError(problem);
        }
      }}
    >
      <input type="hidden" name="intent" value="reschedule" />
      <input type="hidden" name="messageId" value={messageId} />
      {at ? <input type="hidden" name="scheduledAt" value={at.toISOString()} /> : null}
      <TextField
        label="New send time"
        type="datetime-local"
        value={local}
        required
        autoFocus
        hint={zoneHint(zone, local)}
        error={error ?? undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setLocal(value);
          setError(scheduleError(value, zone));
        }}
      />
      <div className={s.messageActions}>
        <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
          Save
        </Button>
        <Button size="sm" variant="ghost" className={s.actionButton} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Schedule': a date and time in the future, tomorrow 09:00 by default; posted as ISO `scheduledAt`. */
export function ScheduleField() {
  const { zone } = useReaderTimeZone();
  const [on, setOn] = useState(false);
  const [local, setLocal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const iso = (on && local && fromZonedInputValue(local, zone)?.toISOString()) || "";
  return (
    <>
      <div className={s.scheduleToggle}>
        <Checkbox
          label="Schedule"
          checked={on}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setOn(next);
            if (next && !local) setLocal(toZonedInputValue(defaultScheduleTime(new Date(), zone), zone));
          }}
        />
      </div>
      {on ? (
        <TextField
          label="Send at"
          type="datetime-local"
          value={local}
          required
          hint={zoneHint(zone, local)}
          error={error ?? undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setLocal(value);
            setError(scheduleError(value, zone));
          }}
        />
      ) : null}
      {iso ? <input type="hidden" name="scheduledAt" value={iso} /> : null}
    </>
  );
}

function StartConversation({
  base,
  blocked,
  entityName,
  entityHash,
  tagsEnabled,
}: {
  base: string;
  blocked: string | null;
  entityName: string;
  entityHash: string;
  tagsEnabled: boolean;
}) {
  const navigate = useNavigate();
  return (
    <section className={s.panel} aria-labelledby="start-title">
      <div className={s.panelHeader}>
        <h2 className={s.panelTitle} id="start-title">
          New conversation
        </h2>
      </div>
      {blocked ? (
        <div className={s.banner}>
          <Alert tone="warning">{blocked}</Alert>
        </div>
      ) : (
        <>
          <div className={s.empty}>
            <EmptyState compact titleAs="p" title={INBOX_TEXT.empty} description={`Write to the owners of ${entityName} to start a conversation.`} />
          </div>
          <Composer
            action={base}
            intent="start"
            label={`Message to ${entityName}`}
            tagsEnabled={tagsEnabled}
            extra={<ScheduleField />}
            entityHash={entityHash}
            onSent={(result) => navigate(`${base}/${result.conversationId}`)}
          />
        </>
      )}
    </section>
  );
}
