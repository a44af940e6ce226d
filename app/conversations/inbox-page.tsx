/**
 * The client inbox screen: conversation list (with the entity switch), the chat with its root
 * messages, the thread side panel and the composer. Data comes from `loadClientInbox`; sending
 * and "seen" post to the route's action. New messages arrive by revalidating every few seconds
 * while the page is visible.
 */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { Alert, Button, EmptyState, Select } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { Composer, ConversationPanel, ConversationRow, MessageItem, useAutoRefresh } from "./chat";
import type { ClientInbox, InboxMessage } from "./inbox.server";
import { ScheduleField, StaffMessageItem } from "./staff-inbox-page";
import * as s from "./inbox.css";
import { entityChoiceLabel, INBOX_TEXT } from "./rules";
import { useVocabulary } from "~/vocabulary";

export function InboxPage({ data }: { data: ClientInbox }) {
  const tr = useVocabulary();
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
            label={tr("Entity")}
            value={entity.hashId}
            options={data.entities.map((e) => ({ value: e.hashId, label: entityChoiceLabel(e) }))}
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
              <EmptyState
                compact
                titleAs="p"
                title={INBOX_TEXT.empty}
                description={data.blocked ? undefined : "Write to your firm below to start a conversation."}
              />
            </div>
          ) : (
            <ul className={s.conversationList}>
              {data.conversations.map((c) => (
                <ConversationRow
                  key={c.id}
                  to={`${base}/${c.id}`}
                  current={selected?.id === c.id}
                  title={c.title}
                  preview={c.archived ? "Archived" : (c.preview ?? "No messages yet")}
                  unseen={c.unseen}
                />
              ))}
            </ul>
          )}
          {(data.conversations.length === 0 || params.get("new")) && !data.blocked && !selected ? (
            <Composer key="new" action={base} label="Message to your firm" entityHash={entity.hashId} />
          ) : null}
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
  const action = `${base}/${selected.id}`;
  const blocked = data.blocked ?? (selected.archived ? INBOX_TEXT.archived : null);
  return (
    <ConversationPanel
      conversation={selected}
      action={action}
      back={base}
      title={selected.title}
      render={(m) => (
        <StaffMessageItem
          key={m.id}
          message={withActions(m)}
          action={action}
          threadHref={`${action}?thread=${m.id}`}
          writable={!blocked}
          entityHash={data.entity.hashId}
        />
      )}
      composer={
        blocked ? null : (
          <Composer
            key={selected.id}
            action={action}
            label="Message"
            tagsEnabled={data.tagsEnabled}
            entityHash={data.entity.hashId}
            autoRemind
            extra={<ScheduleField />}
          />
        )
      }
    />
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
        <MessageItem message={thread.root} entityHash={data.entity.hashId} />
        {thread.replies.map((m) => (
          <StaffMessageItem key={m.id} message={withActions(m)} action={action} writable={!blocked} entityHash={data.entity.hashId} />
        ))}
      </ol>
      {blocked ? null : <Composer key={`thread-${thread.root.id}`} action={action} threadId={thread.root.id} label="Reply" entityHash={data.entity.hashId} />}
    </aside>
  );
}

/** A client's own messages may be edited, unsent or deleted (the staff inbox's rules); others' marked unread. */
function withActions(m: InboxMessage) {
  return { ...m, canChange: m.mine && !m.deleted, scheduledAt: m.scheduledFor };
}
