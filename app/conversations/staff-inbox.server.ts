/**
 * The staff inbox (/messages and an entity's Messages): the firm's conversations this staff
 * member may see, one conversation's messages, and what staff do there (send, reply in a thread,
 * schedule, edit, unsend or delete their own messages, mark seen and unseen), plus starting an
 * entity's conversation with its active owners.
 *
 * Visibility is one query filter: conversations of an entity the viewer may see (group-access
 * staff: entities whose primary owner is in their group or in none, as `canSeeGroup`), and
 * archived ones (no entity left) only for the firm users taking part in them. Anything else,
 * including another firm's ids (row-level security), is a 404 before anything is written.
 */
import { notify } from "~/notifications/notify.server";
import { publishEvent } from "~/realtime/publish.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { withFirm, type FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { sendSms } from "~/sms.server";
import type { MessagingScope } from "~/outbox/outbox.server";
import type { Prisma } from "~/generated/prisma/client";
import { PortalError, conflict, notFound } from "~/errors";
import type { StaffFacts } from "~/staff/permissions";
import { firmVocabulary, type VocabularyEntry } from "~/vocabulary";
import { conversationVisibleWhere, entityVisibleWhere } from "~/staff/visibility";
import { inboxMessageSelect, toInboxMessage, type InboxMessage, type InboxMessageRow } from "./inbox.server";
import { MESSAGE_PAGE_SIZE, displayText, isArchived, previewText, recipientSummary } from "./rules";
import {
  STAFF_CONVERSATION_PAGE_SIZE,
  STAFF_INBOX_TEXT,
  canChangeMessage,
  canViewConversation,
  clientMessageChannels,
  pageCount,
  searchTerms,
  staffSendBlockedReason,
  type ConversationListQuery,
} from "./staff-rules";
import { attachToMessage } from "./attachments.server";
import { announcementText, firstRemindAt, type ComposeInput } from "./compose-rules";
import { stopAutoRemindersOf } from "./inbox.server";
import { removeMessage } from "./remove-message.server";
import { UNSEND_WINDOW_MS } from "./staff-rules";
import { unreadCountsByConversation, unreadWhere } from "./unread.server";

/** Who is asking: the session user and their permission facts (`loadStaffViewer`). */
export interface StaffInboxViewer {
  user: SessionUser;
  facts: StaffFacts;
}

const fullName = (u: { fname: string; lname: string } | null) => (u ? `${u.fname} ${u.lname}`.trim() : null);

/** The conversations this viewer may see (see the module comment). */
export function visibleConversations(facts: StaffFacts): Prisma.ConversationWhereInput {
  return conversationVisibleWhere(facts);
}

function searchWhere(q: string): Prisma.ConversationWhereInput[] {
  return searchTerms(q).map((term) => {
    const contains = { contains: term, mode: "insensitive" as const };
    return {
      OR: [
        { companies: { some: { company: { name: contains } } } },
        { participants: { some: { isFirmUser: false, user: { OR: [{ fname: contains }, { lname: contains }, { email: contains }] } } } },
      ],
    };
  });
}

/** Messages clients can see now (scheduled ones wait for their time). */
function dueBy(now: Date): Prisma.MessageWhereInput {
  return { OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] };
}

export interface StaffConversationSummary {
  id: string;
  /** The entity's name (or the entities'), else 'Archived conversation'. */
  title: string;
  entities: { hashId: string; name: string }[];
  clients: string;
  preview: string | null;
  lastMessageAt: string | null;
  unseen: number;
  archived: boolean;
}

export interface StaffMessage extends InboxMessage {
  scheduledAt: string | null;
  /** The viewer wrote it and may edit, unsend or delete it. */
  canChange: boolean;
}

export interface StaffInbox {
  firmName: string;
  list: {
    conversations: StaffConversationSummary[];
    q: string;
    page: number;
    pages: number;
    total: number;
  };
  selected: null | {
    id: string;
    title: string;
    entities: { hashId: string; name: string }[];
    clients: string;
    participants: { name: string; firm: boolean }[];
    archived: boolean;
    blocked: string | null;
    messages: StaffMessage[];
    hasOlder: boolean;
    before: string | null;
    thread: null | { root: StaffMessage; replies: StaffMessage[] };
    unseen: number;
  };
  tagsEnabled: boolean;
}

const summarySelect = (viewerId: string, now: Date) =>
  ({
    id: true,
    lastMessageAt: true,
    companies: { select: { company: { select: { id: true, hashId: true, name: true } } } },
    participants: {
      select: { userId: true, isFirmUser: true, user: { select: { fname: true, lname: true } } },
      orderBy: { joinedAt: "asc" },
    },
    messages: { where: { ...dueBy(now), isLog: false }, orderBy: { createdAt: "desc" }, take: 1, select: { text: true, deletedAt: true } },
    _count: { select: { participants: { where: { userId: viewerId, isFirmUser: true } } } },
  }) satisfies Prisma.ConversationSelect;

type SummaryRow = Prisma.ConversationGetPayload<{ select: ReturnType<typeof summarySelect> }>;

function toSummary(r: SummaryRow, unseen: number): StaffConversationSummary {
  const entities = r.companies.map((c) => ({ hashId: c.company.hashId, name: c.company.name }));
  const clients = recipientSummary(r.participants.filter((p) => !p.isFirmUser).map((p) => fullName(p.user) ?? ""));
  const archived = isArchived(r.companies.map((c) => c.company.id));
  const last = r.messages[0];
  return {
    id: r.id,
    title: entities.length ? entities.map((e) => e.name).join(", ") : "Archived conversation",
    entities,
    clients,
    preview: last ? previewText(displayText(last)) : null,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    unseen,
    archived,
  };
}

export interface LoadStaffInboxOptions {
  query: ConversationListQuery;
  /** Only this entity's conversations (the entity's Messages page). */
  entityId?: string | null;
  conversationId?: string | null;
  threadId?: string | null;
  before?: string | null;
  now?: Date;
}

export async function loadStaffInbox(portal: FirmSiteContext, viewer: StaffInboxViewer, options: LoadStaffInboxOptions): Promise<StaffInbox> {
  const now = options.now ?? new Date();
  const db = portal.db;
  const { facts } = viewer;
  const { q, page } = options.query;
  const where: Prisma.ConversationWhereInput = {
    AND: [visibleConversations(facts), ...(options.entityId ? [{ companies: { some: { companyId: options.entityId } } }] : []), ...searchWhere(q)],
  };
  const select = summarySelect(facts.id, now);
  const [rows, total, selectedRow] = await Promise.all([
    db.conversation.findMany({
      where,
      orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * STAFF_CONVERSATION_PAGE_SIZE,
      take: STAFF_CONVERSATION_PAGE_SIZE,
      select,
    }),
    db.conversation.count({ where }),
    options.conversationId
      ? db.conversation.findFirst({
          where: {
            AND: [
              { id: options.conversationId },
              visibleConversations(facts),
              ...(options.entityId ? [{ companies: { some: { companyId: options.entityId } } }] : []),
            ],
          },
          select,
        })
      : Promise.resolve(null),
  ]);
  if (options.conversationId && !selectedRow) throw notFound(STAFF_INBOX_TEXT.notFound);

  const participating = [...rows, ...(selectedRow ? [selectedRow] : [])].filter((r) => r._count.participants > 0).map((r) => r.id);
  const unseen = await unreadCountsByConversation(db, viewer.user, participating, now);
  const count = (r: SummaryRow) => (r._count.participants > 0 ? (unseen.get(r.id) ?? 0) : 0);
  const base: Omit<StaffInbox, "selected"> = {
    firmName: portal.firm.name,
    list: { conversations: rows.map((r) => toSummary(r, count(r))), q, page, pages: pageCount(total), total },
    tagsEnabled: !portal.firm.preferences.messageTagsDisabled,
  };
  if (!selectedRow) return { ...base, selected: null };

  const summary = toSummary(selectedRow, count(selectedRow));
  if (!canViewConversation({ archived: summary.archived, viewerIsFirmParticipant: selectedRow._count.participants > 0 })) {
    throw notFound(STAFF_INBOX_TEXT.notFound);
  }

  const firmName = portal.firm.name;
  const messageSelect = inboxMessageSelect(facts.id);
  const toMessage = (m: InboxMessageRow, replies = 0): StaffMessage => {
    const due = !m.scheduledAt || m.scheduledAt <= now;
    const base = toInboxMessage(m, { viewerId: facts.id, firmName, viewer: "staff", replies });
    return { ...base, unseen: base.unseen && due, scheduledAt: due ? null : m.scheduledAt!.toISOString(), canChange: canChangeMessage(m, facts.id) };
  };

  const before = options.before ? new Date(options.before) : null;
  const [roots, thread] = await Promise.all([
    db.message.findMany({
      where: {
        conversationId: selectedRow.id,
        threadId: null,
        // A client's scheduled message reaches the firm at its time.
        OR: [{ isFirmUser: true }, dueBy(now)],
        ...(before && !Number.isNaN(before.getTime()) ? { createdAt: { lt: before } } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MESSAGE_PAGE_SIZE + 1,
      select: { ...messageSelect, _count: { select: { replies: { where: { deletedAt: null } } } } },
    }),
    options.threadId
      ? db.message.findFirst({
          where: { id: options.threadId, conversationId: selectedRow.id, threadId: null },
          select: {
            ...messageSelect,
            replies: { where: { OR: [{ isFirmUser: true }, dueBy(now)] }, orderBy: { createdAt: "asc" }, take: MESSAGE_PAGE_SIZE, select: messageSelect },
          },
        })
      : Promise.resolve(null),
  ]);
  const hasOlder = roots.length > MESSAGE_PAGE_SIZE;
  const pageRows = roots.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const firmSide = selectedRow.participants.filter((p) => p.isFirmUser);
  return {
    ...base,
    selected: {
      id: selectedRow.id,
      title: summary.title,
      entities: summary.entities,
      clients: summary.clients,
      participants: [
        ...selectedRow.participants.filter((p) => !p.isFirmUser).map((p) => ({ name: fullName(p.user) ?? "", firm: false })),
        ...firmSide.map((p) => ({ name: fullName(p.user) ?? "", firm: true })),
      ],
      archived: summary.archived,
      blocked: staffSendBlockedReason({ archived: summary.archived, communicationDisabled: portal.firm.preferences.communicationDisabled }),
      messages: pageRows.map((m) => toMessage(m, m._count.replies)),
      hasOlder,
      before: hasOlder && pageRows[0] ? pageRows[0].createdAt.toISOString() : null,
      thread: thread ? { root: toMessage(thread, thread.replies.length), replies: thread.replies.map((r) => toMessage(r)) } : null,
      unseen: summary.unseen,
    },
  };
}

/** One conversation the viewer may write in (or at least reach), inside a transaction; 404 otherwise. */
export async function reachConversation(tx: FirmTx, facts: StaffFacts, conversationId: string) {
  const row = await tx.conversation.findFirst({
    where: { AND: [{ id: conversationId }, visibleConversations(facts)] },
    select: {
      id: true,
      companies: { select: { company: { select: { id: true, hashId: true, name: true } } } },
      _count: { select: { participants: { where: { userId: facts.id, isFirmUser: true } } } },
    },
  });
  if (!row) throw notFound(STAFF_INBOX_TEXT.notFound);
  const archived = isArchived(row.companies.map((c) => c.company.id));
  const participant = row._count.participants > 0;
  if (!canViewConversation({ archived, viewerIsFirmParticipant: participant })) throw notFound(STAFF_INBOX_TEXT.notFound);
  return { id: row.id, archived, participant, entity: row.companies[0]?.company ?? null };
}

function refuseIfBlocked(portal: FirmSiteContext, archived: boolean) {
  const blocked = staffSendBlockedReason({ archived, communicationDisabled: portal.firm.preferences.communicationDisabled });
  if (blocked) throw new PortalError(archived ? 409 : 403, blocked);
}

export interface ClientDelivery {
  userId: string;
  email: string | null;
  /** Texted too ('Email & Text'). */
  phone: string | null;
}

/**
 * In-app notifications for the conversation's client participants (inside the transaction) and
 * who is to be emailed after commit.
 */
export async function notifyClients(
  tx: FirmTx,
  firmId: string,
  conversation: { id: string; entity: { id: string; hashId: string; name: string } | null },
  text: string,
  firmName: string,
  options: { reminder?: boolean } = {},
): Promise<ClientDelivery[]> {
  const entityId = conversation.entity?.id ?? null;
  const clients = await tx.conversationParticipant.findMany({
    where: { conversationId: conversation.id, isFirmUser: false },
    select: {
      user: {
        select: {
          id: true,
          kind: true,
          paying: true,
          deletedAt: true,
          email: true,
          hasTempEmail: true,
          phoneNumber: true,
          preferredContactMethod: true,
          fname: true,
          lname: true,
          ownerships: entityId
            ? { where: { companyId: entityId }, select: { notificationSubscriptions: { select: { notificationTypeId: true } } } }
            : { where: { companyId: "" }, select: { notificationSubscriptions: { select: { notificationTypeId: true } } } },
        },
      },
    },
  });
  const entityHasSubscriptions = entityId ? (await tx.ownerNotificationSubscription.count({ where: { companyId: entityId }, take: 1 })) > 0 : false;
  const deliveries: ClientDelivery[] = [];
  const link = conversation.entity ? `/inbox/${conversation.entity.hashId}/${conversation.id}` : "/inbox";
  for (const { user } of clients) {
    const channels = clientMessageChannels({
      ...user,
      subscribedTypes: user.ownerships.flatMap((o) => o.notificationSubscriptions.map((s) => s.notificationTypeId)),
      entityHasSubscriptions,
    });
    if (!channels) continue;
    // The entity's owner notification settings decide both the panel item and the email (notify).
    // One call each: the item names the client.
    const told = await notify(
      { firm: { id: firmId, name: firmName }, db: tx },
      {
        typeId: NOTIFICATION_TYPE.information,
        userIds: [user.id],
        text: `${options.reminder ? "Reminder: " : ""}New message from ${firmName} Team${conversation.entity ? ` (${conversation.entity.name})` : ""}: ${previewText(text)}`,
        link,
        clientName: fullName(user),
        companyId: entityId,
      },
    );
    if (told.notified.length && (channels.email || channels.sms)) {
      deliveries.push({ userId: user.id, email: channels.email ? user.email : null, phone: channels.sms ? user.phoneNumber : null });
    }
  }
  return deliveries;
}

export async function emailClients(
  portal: MessagingScope & { origin: string; firm: { vocabulary?: readonly VocabularyEntry[] | null } },
  deliveries: ClientDelivery[],
  conversation: { id: string; entity: { hashId: string; name: string } | null },
  text: string,
  announce: { chatMessageId: string; notBefore?: Date | null; reminder?: boolean },
) {
  const team = `${portal.firm.name} Team`;
  const t = firmVocabulary(portal.firm);
  const path = conversation.entity ? `/inbox/${conversation.entity.hashId}/${conversation.id}` : "/inbox";
  for (const d of deliveries) {
    // A delivery failure is recorded on the outbox row, never thrown.
    if (d.phone) {
      await sendSms(portal, {
        to: d.phone,
        userId: d.userId,
        body: `${announce.reminder ? "Reminder: " : ""}${t("New message from")} ${team}${conversation.entity ? ` (${conversation.entity.name})` : ""}. ${t("Sign in to read and reply:")} ${portal.origin}${path}`,
        chatMessageId: announce.chatMessageId,
        notBefore: announce.notBefore ?? null,
      }).catch(() => undefined);
    }
    if (!d.email) continue;
    await sendEmail(portal, {
      to: d.email,
      userId: d.userId,
      subject: `${announce.reminder ? "Reminder: " : ""}${t("New message from")} ${team}`,
      text: `${team}${conversation.entity ? ` (${conversation.entity.name})` : ""} ${t("wrote:")}\n\n${text}\n\n${t("Sign in to read and reply:")} ${portal.origin}${path}`,
      chatMessageId: announce.chatMessageId,
      notBefore: announce.notBefore ?? null,
    }).catch(() => undefined);
  }
}

export interface StaffSent {
  conversationId: string;
  messageId: string;
}

/** A firm message (or a reply in a thread) from this staff member; clients see it signed '{firm} Team'. */
export async function sendStaffMessage(portal: FirmSiteContext, viewer: StaffInboxViewer, conversationId: string, input: ComposeInput): Promise<StaffSent> {
  const firmId = portal.firm.id;
  const { facts } = viewer;
  const result = await withFirm(firmId, async (tx) => {
    const conversation = await reachConversation(tx, facts, conversationId);
    refuseIfBlocked(portal, conversation.archived);
    return writeMessage(tx, portal, viewer, conversation, input);
  });
  await announceByEmail(portal, result);
  return { conversationId: result.conversation.id, messageId: result.messageId };
}

/** The clients' emails after the commit, held back for the unsend window. */
function announceByEmail(portal: FirmSiteContext, result: Awaited<ReturnType<typeof writeMessage>>) {
  return emailClients(portal, result.deliveries, result.conversation, result.text, {
    chatMessageId: result.messageId,
    notBefore: new Date(result.sentAt.getTime() + UNSEND_WINDOW_MS),
  });
}

async function writeMessage(
  tx: FirmTx,
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  conversation: { id: string; participant: boolean; entity: { id: string; hashId: string; name: string } | null },
  input: ComposeInput,
) {
  const firmId = portal.firm.id;
  const staffId = viewer.facts.id;
  if (input.threadId) {
    const root = await tx.message.findFirst({
      where: { id: input.threadId, conversationId: conversation.id, threadId: null, deletedAt: null },
      select: { id: true },
    });
    if (!root) throw notFound("Thread not found");
  }
  const now = new Date();
  // Whoever answers takes part from now on (and hears of the client's replies).
  if (!conversation.participant) {
    await tx.conversationParticipant.createMany({
      data: [{ firmId, conversationId: conversation.id, userId: staffId, isFirmUser: true }],
      skipDuplicates: true,
    });
  }
  const message = await tx.message.create({
    data: {
      firmId,
      conversationId: conversation.id,
      authorId: staffId,
      text: input.text,
      isFirmUser: true,
      threadId: input.threadId ?? null,
      tag: portal.firm.preferences.messageTagsDisabled ? "general" : input.tag,
      scheduledAt: input.scheduledAt ?? null,
      // Announced by the scheduled-messages job when its time comes.
      scheduledPending: Boolean(input.scheduledAt),
      autoRemind: input.autoRemind,
      remindNextAt: input.autoRemind ? firstRemindAt(input.scheduledAt ?? now) : null,
    },
    select: { id: true },
  });
  const names = await attachToMessage(tx, {
    firmId,
    entityId: conversation.entity?.id ?? null,
    senderId: staffId,
    messageId: message.id,
    documentIds: input.attachmentIds,
  });
  const text = announcementText(input.text, names);
  await tx.messageSeen.create({ data: { firmId, messageId: message.id, userId: staffId, seenAt: now } });
  await tx.conversation.update({ where: { id: conversation.id }, data: { lastMessageAt: input.scheduledAt ?? now } });
  await publishEvent(tx, { t: "message", c: conversation.id, k: "new" });
  // A reply stops the client's auto-reminders; a scheduled message is hidden from clients until its time: nobody is told of it now.
  if (!input.scheduledAt) await stopAutoRemindersOf(tx, conversation.id, "client");
  const deliveries = input.scheduledAt ? [] : await notifyClients(tx, firmId, conversation, text, portal.firm.name);
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.chat,
    title: input.scheduledAt ? "Scheduled a message" : input.threadId ? "Replied in a message thread" : "Sent a message",
    description: previewText(text),
    actorId: staffId,
    companyId: conversation.entity?.id ?? null,
    ipAddress: portal.clientAddress,
  });
  return { conversation, messageId: message.id, deliveries, text, sentAt: input.scheduledAt ?? now };
}

/** The viewer's own message in a conversation they may write in; 404 otherwise. */
async function ownMessage(tx: FirmTx, portal: FirmSiteContext, facts: StaffFacts, conversationId: string, messageId: string) {
  const conversation = await reachConversation(tx, facts, conversationId);
  const message = await tx.message.findFirst({
    where: { id: messageId, conversationId: conversation.id },
    select: {
      id: true,
      authorId: true,
      deletedAt: true,
      isLog: true,
      createdAt: true,
      text: true,
      scheduledPending: true,
      autoRemind: true,
      _count: { select: { replies: true } },
    },
  });
  if (!message || !canChangeMessage(message, facts.id)) throw notFound(STAFF_INBOX_TEXT.messageNotFound);
  refuseIfBlocked(portal, conversation.archived);
  return { conversation, message };
}

/** Edits the viewer's own message: 'Message updated successfully'. */
export async function editStaffMessage(
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  conversationId: string,
  messageId: string,
  text: string,
): Promise<void> {
  const firmId = portal.firm.id;
  await withFirm(firmId, async (tx) => {
    const { conversation, message } = await ownMessage(tx, portal, viewer.facts, conversationId, messageId);
    if (message.text === text) return;
    await tx.message.update({ where: { id: message.id }, data: { text, isEdited: true } });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "edit" });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.chat,
      title: "Edited a message",
      description: previewText(text),
      actorId: viewer.facts.id,
      companyId: conversation.entity?.id ?? null,
      ipAddress: portal.clientAddress,
    });
  });
}

/** 'Change time': moves the viewer's own scheduled message (not yet sent) to another time in the future. */
export async function rescheduleStaffMessage(
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  conversationId: string,
  messageId: string,
  at: Date,
): Promise<void> {
  const firmId = portal.firm.id;
  await withFirm(firmId, async (tx) => {
    const { conversation, message } = await ownMessage(tx, portal, viewer.facts, conversationId, messageId);
    // Only a message still waiting for its time can be moved.
    if (!message.scheduledPending) throw conflict(STAFF_INBOX_TEXT.scheduleFailed);
    await tx.message.update({ where: { id: message.id }, data: { scheduledAt: at, remindNextAt: message.autoRemind ? firstRemindAt(at) : null } });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "edit" });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.chat,
      title: "Rescheduled a message",
      description: previewText(message.text),
      actorId: viewer.facts.id,
      companyId: conversation.entity?.id ?? null,
      ipAddress: portal.clientAddress,
    });
  });
}

/**
 * Removes the viewer's own message: within 30 s of sending it is unsent (gone, unless it already
 * has replies), afterwards deleted ('This message was deleted' stays in its place).
 */
export async function removeStaffMessage(
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  conversationId: string,
  messageId: string,
  now = new Date(),
): Promise<"unsend" | "delete"> {
  const firmId = portal.firm.id;
  return withFirm(firmId, async (tx) => {
    const { conversation, message } = await ownMessage(tx, portal, viewer.facts, conversationId, messageId);
    const kind = await removeMessage(tx, message, now);
    await publishEvent(tx, { t: "message", c: conversation.id, k: "remove" });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.chat,
      title: kind === "unsend" ? "Unsent a message" : "Deleted a message",
      description: previewText(message.text),
      actorId: viewer.facts.id,
      companyId: conversation.entity?.id ?? null,
      ipAddress: portal.clientAddress,
    });
    return kind;
  });
}

/** Marks every message of the conversation the viewer has not seen as seen. */
export async function markStaffConversationSeen(portal: FirmSiteContext, viewer: StaffInboxViewer, conversationId: string, now = new Date()): Promise<number> {
  const firmId = portal.firm.id;
  const userId = viewer.facts.id;
  return withFirm(firmId, async (tx) => {
    const conversation = await reachConversation(tx, viewer.facts, conversationId);
    const unseen = await tx.message.findMany({
      where: { conversationId: conversation.id, ...unreadWhere(viewer.user, now) },
      select: { id: true },
      take: 5000,
    });
    if (!unseen.length) return 0;
    const { count } = await tx.messageSeen.createMany({ data: unseen.map((m) => ({ firmId, messageId: m.id, userId, seenAt: now })), skipDuplicates: true });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "read" });
    return count;
  });
}

/** 'Mark as unseen': this message and every later one in the conversation become unread for the viewer. */
export async function markStaffMessageUnseen(portal: FirmSiteContext, viewer: StaffInboxViewer, conversationId: string, messageId: string): Promise<number> {
  const firmId = portal.firm.id;
  const userId = viewer.facts.id;
  return withFirm(firmId, async (tx) => {
    const conversation = await reachConversation(tx, viewer.facts, conversationId);
    const message = await tx.message.findFirst({ where: { id: messageId, conversationId: conversation.id, deletedAt: null }, select: { createdAt: true } });
    if (!message) throw notFound(STAFF_INBOX_TEXT.messageNotFound);
    // Unread counts are kept for the firm users taking part.
    if (!conversation.participant) {
      await tx.conversationParticipant.createMany({ data: [{ firmId, conversationId: conversation.id, userId, isFirmUser: true }], skipDuplicates: true });
    }
    const { count } = await tx.messageSeen.deleteMany({
      where: {
        userId,
        message: { conversationId: conversation.id, createdAt: { gte: message.createdAt }, OR: [{ authorId: null }, { authorId: { not: userId } }] },
      },
    });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "read" });
    return count;
  });
}

/**
 * The entity's Messages page: the conversation to open (the entity's latest), or null when it has
 * none yet. 404 when the viewer cannot reach the entity.
 */
export async function latestEntityConversation(portal: FirmSiteContext, viewer: StaffInboxViewer, entityId: string): Promise<string | null> {
  const row = await portal.db.conversation.findFirst({
    where: { AND: [visibleConversations(viewer.facts), { companies: { some: { companyId: entityId } } }] },
    orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    select: { id: true },
  });
  return row?.id ?? null;
}

/**
 * Starts the entity's conversation with its active owners (and the primary owner's advisor) with
 * this staff member's first message. When the entity already has a conversation the message goes
 * there instead. 404 for an entity the viewer can't reach; 409 when no owner is active.
 */
export async function startEntityConversation(portal: FirmSiteContext, viewer: StaffInboxViewer, entityHash: string, input: ComposeInput): Promise<StaffSent> {
  const firmId = portal.firm.id;
  const { facts } = viewer;
  const result = await withFirm(firmId, async (tx) => {
    const entity = await tx.company.findFirst({
      where: { AND: [{ hashId: entityHash }, { deletedAt: null }, entityVisibleWhere(facts)] },
      select: {
        id: true,
        hashId: true,
        name: true,
        primaryOwner: { select: { assignedAdvisorId: true } },
        owners: { where: { user: { paying: true, deletedAt: null, kind: "client" } }, select: { userId: true } },
      },
    });
    if (!entity) throw notFound("Entity not found");
    refuseIfBlocked(portal, false);
    const existing = await tx.conversation.findFirst({
      where: { companies: { some: { companyId: entity.id } } },
      orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      select: { id: true },
    });
    let conversation: { id: string; participant: boolean; entity: { id: string; hashId: string; name: string } };
    if (existing) {
      conversation = { ...(await reachConversation(tx, facts, existing.id)), entity: { id: entity.id, hashId: entity.hashId, name: entity.name } };
    } else {
      if (!entity.owners.length) throw conflict(STAFF_INBOX_TEXT.noActiveOwners);
      const created = await tx.conversation.create({ data: { firmId }, select: { id: true } });
      await tx.conversationCompany.create({ data: { firmId, conversationId: created.id, companyId: entity.id } });
      const advisor = entity.primaryOwner?.assignedAdvisorId ?? null;
      const staff = [...new Set([facts.id, ...(advisor ? [advisor] : [])])];
      const clients = [...new Set(entity.owners.map((o) => o.userId))];
      await tx.conversationParticipant.createMany({
        data: [
          ...clients.map((userId) => ({ firmId, conversationId: created.id, userId, isFirmUser: false })),
          ...staff.map((userId) => ({ firmId, conversationId: created.id, userId, isFirmUser: true })),
        ],
        skipDuplicates: true,
      });
      conversation = { id: created.id, participant: true, entity: { id: entity.id, hashId: entity.hashId, name: entity.name } };
    }
    return writeMessage(tx, portal, viewer, conversation, { ...input, threadId: undefined });
  });
  await announceByEmail(portal, result);
  return { conversationId: result.conversation.id, messageId: result.messageId };
}
