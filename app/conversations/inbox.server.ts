/**
 * The client inbox: a client's conversations with the firm for one of their entities, the
 * messages of one conversation (root messages and a thread), sending, and "seen".
 *
 * Every read and write runs in the firm's row-level-security scope, and on top of it checks that
 * the client owns the entity and takes part in the conversation: anything else is a 404.
 */
import { publishEvent } from "~/realtime/publish.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { displayName, type SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { withFirm, type FirmDb, type FirmTx } from "~/db.server";
import { clientDocumentEntities } from "~/documents/documents.server";
import type { Prisma } from "~/generated/prisma/client";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { conflict, forbidden, notFound } from "~/errors";
import { INBOX_TEXT, MESSAGE_PAGE_SIZE, authorLabel, displayText, isArchived, previewText, recipientSummary, sendBlockedReason } from "./rules";
import { emailFirmOfClientMessage, notifyFirmOfClientMessage } from "./announce-to-firm.server";
import { attachToMessage, attachmentSelect, toAttachmentViews, type MessageAttachmentView } from "./attachments.server";
import { announcementText, firstRemindAt, type ComposeInput } from "./compose-rules";
import { UNSEND_WINDOW_MS } from "./staff-rules";
import { unreadCountsByConversation, unreadCountsByEntity, unreadWhere } from "./unread.server";

const NOT_FOUND = "Conversation not found";

type Db = FirmDb | FirmTx;

export async function ownedEntity(db: Db, user: SessionUser, hashId: string) {
  const owner = await db.companyOwner.findFirst({
    where: { userId: user.id, company: { hashId, deletedAt: null, inactive: false, entityType: { not: UNASSIGNED_ENTITY_TYPE } } },
    select: { company: { select: { id: true, hashId: true, name: true, readonlyAccess: true, primaryOwnerId: true } } },
  });
  if (!owner) throw notFound("Entity not found");
  return owner.company;
}

/** Messages a client may see: not scheduled for later, unless they wrote it. */
function clientVisible(now: Date, userId?: string): Prisma.MessageWhereInput {
  return { OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }, ...(userId ? [{ authorId: userId }] : [])] };
}

/** Conversations of this entity the client takes part in, plus their archived ones. */
export function conversationScope(userId: string, companyId: string): Prisma.ConversationWhereInput {
  return {
    participants: { some: { userId } },
    OR: [{ companies: { some: { companyId } } }, { companies: { none: {} } }],
  };
}

const fullName = (u: { fname: string; lname: string } | null) => (u ? `${u.fname} ${u.lname}`.trim() : null);

export interface InboxConversation {
  id: string;
  title: string;
  participants: string[];
  preview: string | null;
  lastMessageAt: string | null;
  unseen: number;
  archived: boolean;
}

export interface InboxMessage {
  id: string;
  author: string;
  mine: boolean;
  isFirmUser: boolean;
  text: string;
  deleted: boolean;
  edited: boolean;
  tag: "general" | "urgent" | "emergency";
  createdAt: string;
  replies: number;
  unseen: boolean;
  attachments: MessageAttachmentView[];
  /** Still waiting for its time (only its author sees it): when it will be sent. */
  scheduledFor: string | null;
}

/** The columns of a message the inboxes show, with whether `viewerId` has seen it. */
export function inboxMessageSelect(viewerId: string) {
  return {
    id: true,
    text: true,
    isFirmUser: true,
    authorId: true,
    tag: true,
    isEdited: true,
    isLog: true,
    deletedAt: true,
    scheduledAt: true,
    createdAt: true,
    author: { select: { fname: true, lname: true } },
    seenBy: { where: { userId: viewerId }, select: { userId: true } },
    attachments: attachmentSelect,
  } satisfies Prisma.MessageSelect;
}
export type InboxMessageRow = Prisma.MessageGetPayload<{ select: ReturnType<typeof inboxMessageSelect> }>;

/** A message as an inbox shows it: clients see firm users as '{firm} Team', staff see their names. */
export function toInboxMessage(
  m: InboxMessageRow,
  o: { viewerId: string; firmName: string; viewer: "client" | "staff"; replies?: number; now?: Date },
): InboxMessage {
  return {
    id: m.id,
    author: authorLabel({ isFirmUser: m.isFirmUser, authorName: fullName(m.author) }, o.firmName, o.viewer),
    mine: m.authorId === o.viewerId,
    isFirmUser: m.isFirmUser,
    text: displayText(m),
    deleted: Boolean(m.deletedAt),
    edited: m.isEdited,
    tag: m.tag,
    createdAt: m.createdAt.toISOString(),
    replies: o.replies ?? 0,
    unseen: m.authorId !== o.viewerId && !m.deletedAt && !m.isLog && m.seenBy.length === 0,
    attachments: m.deletedAt ? [] : toAttachmentViews(m.attachments),
    scheduledFor: m.scheduledAt && m.scheduledAt.getTime() > (o.now ?? new Date()).getTime() ? m.scheduledAt.toISOString() : null,
  };
}

export interface ClientInbox {
  entity: { hashId: string; name: string; readonly: boolean };
  /** The entity switcher's choices, each with its unread messages. */
  entities: { hashId: string; name: string; unseen: number }[];
  conversations: InboxConversation[];
  selected: null | {
    id: string;
    title: string;
    participants: { name: string; firm: boolean }[];
    archived: boolean;
    messages: InboxMessage[];
    /** Older root messages exist before the first one shown. */
    hasOlder: boolean;
    before: string | null;
    thread: null | { root: InboxMessage; replies: InboxMessage[] };
    unseen: number;
  };
  blocked: string | null;
  tagsEnabled: boolean;
}

export async function loadClientInbox(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  options: { conversationId?: string | null; threadId?: string | null; before?: string | null; now?: Date } = {},
): Promise<ClientInbox> {
  const now = options.now ?? new Date();
  const db = portal.db;
  const entity = await ownedEntity(db, user, hashId);
  const [entities, rows] = await Promise.all([
    clientDocumentEntities(db, user),
    db.conversation.findMany({
      where: conversationScope(user.id, entity.id),
      orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      take: 100,
      select: {
        id: true,
        lastMessageAt: true,
        companies: { select: { companyId: true } },
        participants: { select: { userId: true, isFirmUser: true, user: { select: { fname: true, lname: true } } }, orderBy: { joinedAt: "asc" } },
        messages: {
          where: { ...clientVisible(now), isLog: false },
          orderBy: { createdAt: "desc" },
          take: 1,
          select: { text: true, deletedAt: true },
        },
      },
    }),
  ]);
  const [unseenBy, unseenByEntity] = await Promise.all([
    unreadCountsByConversation(
      db,
      user,
      rows.map((r) => r.id),
      now,
    ),
    unreadCountsByEntity(
      db,
      user,
      entities.map((e) => e.hashId),
      now,
    ),
  ]);
  const firmName = portal.firm.name;
  const conversations: InboxConversation[] = rows.map((r) => {
    const others = r.participants.filter((p) => p.userId !== user.id);
    const firmSide = others.some((p) => p.isFirmUser);
    const clientNames = others.filter((p) => !p.isFirmUser).map((p) => fullName(p.user) ?? "");
    const last = r.messages[0];
    return {
      id: r.id,
      title: firmSide ? `${firmName} Team` : recipientSummary(clientNames) || firmName,
      participants: [...(firmSide ? [`${firmName} Team`] : []), ...clientNames],
      preview: last ? previewText(displayText(last)) : null,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      unseen: unseenBy.get(r.id) ?? 0,
      archived: isArchived(r.companies.map((c) => c.companyId)),
    };
  });

  const blocked = sendBlockedReason({
    communicationDisabled: portal.firm.preferences.communicationDisabled,
    readonlyUser: user.readonlyAccess,
    readonlyEntity: entity.readonlyAccess,
    archived: false,
  });
  const base = {
    entity: { hashId: entity.hashId, name: entity.name, readonly: entity.readonlyAccess },
    entities: entities.map((e) => ({ ...e, unseen: unseenByEntity.get(e.hashId) ?? 0 })),
    conversations,
    blocked,
    tagsEnabled: !portal.firm.preferences.messageTagsDisabled,
  };

  const selectedId = options.conversationId ?? null;
  if (!selectedId) return { ...base, selected: null };
  const summary = conversations.find((c) => c.id === selectedId);
  if (!summary) throw notFound(NOT_FOUND);

  const before = options.before ? new Date(options.before) : null;
  const messageSelect = inboxMessageSelect(user.id);
  const toMessage = (m: InboxMessageRow, replies = 0): InboxMessage => toInboxMessage(m, { viewerId: user.id, firmName, viewer: "client", replies, now });

  const rootWhere: Prisma.MessageWhereInput = {
    conversationId: selectedId,
    threadId: null,
    isLog: false,
    ...clientVisible(now, user.id),
    ...(before && !Number.isNaN(before.getTime()) ? { createdAt: { lt: before } } : {}),
  };
  const [roots, thread] = await Promise.all([
    db.message.findMany({
      where: rootWhere,
      orderBy: { createdAt: "desc" },
      take: MESSAGE_PAGE_SIZE + 1,
      select: { ...messageSelect, _count: { select: { replies: { where: { deletedAt: null, ...clientVisible(now, user.id) } } } } },
    }),
    options.threadId
      ? db.message.findFirst({
          where: { id: options.threadId, conversationId: selectedId, threadId: null, ...clientVisible(now, user.id) },
          select: {
            ...messageSelect,
            replies: { where: clientVisible(now, user.id), orderBy: { createdAt: "asc" }, take: MESSAGE_PAGE_SIZE, select: messageSelect },
          },
        })
      : Promise.resolve(null),
  ]);
  const hasOlder = roots.length > MESSAGE_PAGE_SIZE;
  const page = roots.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const detail = rows.find((r) => r.id === selectedId)!;
  return {
    ...base,
    selected: {
      id: selectedId,
      title: summary.title,
      participants: detail.participants
        .filter((p) => p.userId !== user.id)
        .map((p) => ({ name: p.isFirmUser ? `${firmName} Team` : (fullName(p.user) ?? ""), firm: p.isFirmUser }))
        .filter((p, i, all) => !p.firm || all.findIndex((q) => q.firm) === i),
      archived: summary.archived,
      messages: page.map((m) => toMessage(m, m._count.replies)),
      hasOlder,
      before: hasOlder && page[0] ? page[0].createdAt.toISOString() : null,
      thread: thread ? { root: toMessage(thread, thread.replies.length), replies: thread.replies.map((r) => toMessage(r)) } : null,
      unseen: summary.unseen,
    },
  };
}

/** The firm users who take part in a new conversation: the client's advisor, else the partners. */
async function firmParticipants(tx: FirmTx, entity: { primaryOwnerId: string | null }, user: SessionUser): Promise<string[]> {
  const ownerIds = [entity.primaryOwnerId, user.id].filter((id): id is string => Boolean(id));
  const owners = await tx.user.findMany({ where: { id: { in: ownerIds } }, select: { id: true, assignedAdvisorId: true } });
  const primary = owners.find((o) => o.id === entity.primaryOwnerId) ?? owners.find((o) => o.id === user.id);
  const advisorIds = [primary?.assignedAdvisorId, ...owners.map((o) => o.assignedAdvisorId)].filter((id): id is string => Boolean(id));
  const advisors = advisorIds.length
    ? await tx.user.findMany({ where: { id: { in: advisorIds }, kind: "staff", paying: true, deletedAt: null }, select: { id: true } })
    : [];
  if (advisors.length) return [...new Set(advisors.map((a) => a.id))];
  const partners = await tx.user.findMany({ where: { kind: "staff", firmAccess: "partner", paying: true, deletedAt: null }, select: { id: true }, take: 20 });
  return partners.map((p) => p.id);
}

export interface SentMessage {
  conversationId: string;
  messageId: string;
}

/**
 * A client's message to the firm about one of their entities. Without a conversation id it goes
 * to the entity's current conversation, which is created (with the entity's active owners and
 * the client's advisor, or the partners) when there is none.
 */
export async function sendClientMessage(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  conversationId: string | null,
  input: ComposeInput,
): Promise<SentMessage> {
  if (user.kind !== "client") throw forbidden("Only clients send messages from the inbox.");
  const prefs = portal.firm.preferences;
  const firmId = portal.firm.id;
  const result = await withFirm(firmId, async (tx) => {
    const entity = await ownedEntity(tx, user, hashId);
    const blocked = sendBlockedReason({
      communicationDisabled: prefs.communicationDisabled,
      readonlyUser: user.readonlyAccess,
      readonlyEntity: entity.readonlyAccess,
      archived: false,
    });
    if (blocked) throw forbidden(blocked);

    let conversation = conversationId
      ? await tx.conversation.findFirst({
          where: { id: conversationId, ...conversationScope(user.id, entity.id) },
          select: { id: true, companies: { select: { companyId: true } } },
        })
      : await tx.conversation.findFirst({
          where: { participants: { some: { userId: user.id } }, companies: { some: { companyId: entity.id } } },
          orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
          select: { id: true, companies: { select: { companyId: true } } },
        });
    if (conversationId && !conversation) throw notFound(NOT_FOUND);
    if (conversation && isArchived(conversation.companies.map((c) => c.companyId))) throw conflict(INBOX_TEXT.archived);

    if (input.threadId) {
      if (!conversation) throw notFound("Thread not found");
      const root = await tx.message.findFirst({
        where: { id: input.threadId, conversationId: conversation.id, threadId: null, deletedAt: null },
        select: { id: true },
      });
      if (!root) throw notFound("Thread not found");
    }

    if (!conversation) {
      const [owners, staffIds] = await Promise.all([
        tx.companyOwner.findMany({ where: { companyId: entity.id, user: { paying: true, deletedAt: null } }, select: { userId: true } }),
        firmParticipants(tx, entity, user),
      ]);
      const clientIds = [...new Set([user.id, ...owners.map((o) => o.userId)])];
      const created = await tx.conversation.create({ data: { firmId }, select: { id: true } });
      await tx.conversationCompany.create({ data: { firmId, conversationId: created.id, companyId: entity.id } });
      await tx.conversationParticipant.createMany({
        data: [
          ...clientIds.map((userId) => ({ firmId, conversationId: created.id, userId, isFirmUser: false })),
          ...staffIds.filter((id) => !clientIds.includes(id)).map((userId) => ({ firmId, conversationId: created.id, userId, isFirmUser: true })),
        ],
      });
      conversation = { id: created.id, companies: [{ companyId: entity.id }] };
    }

    const now = new Date();
    const sentAt = input.scheduledAt ?? now;
    const message = await tx.message.create({
      data: {
        firmId,
        conversationId: conversation.id,
        authorId: user.id,
        text: input.text,
        isFirmUser: false,
        threadId: input.threadId ?? null,
        tag: prefs.messageTagsDisabled ? "general" : input.tag,
        scheduledAt: input.scheduledAt ?? null,
        // Announced by the scheduled-messages job when its time comes.
        scheduledPending: Boolean(input.scheduledAt),
        autoRemind: input.autoRemind,
        remindNextAt: input.autoRemind ? firstRemindAt(sentAt) : null,
      },
      select: { id: true },
    });
    const names = await attachToMessage(tx, { firmId, entityId: entity.id, senderId: user.id, messageId: message.id, documentIds: input.attachmentIds });
    await tx.messageSeen.create({ data: { firmId, messageId: message.id, userId: user.id, seenAt: now } });
    await tx.conversation.update({ where: { id: conversation.id }, data: { lastMessageAt: sentAt } });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "new" });
    const text = announcementText(input.text, names);
    const clientName = `${user.fname} ${user.lname}`.trim() || displayName(user);
    const facts = { conversationId: conversation.id, entity: { id: entity.id, name: entity.name }, clientName, text };
    // A reply stops the firm's auto-reminders; a scheduled message is nobody's news until its time.
    if (!input.scheduledAt) await stopAutoRemindersOf(tx, conversation.id, "firm");
    const recipients = input.scheduledAt ? [] : await notifyFirmOfClientMessage(tx, { id: firmId, name: portal.firm.name }, facts);
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.chat,
      title: input.scheduledAt ? "Scheduled a message" : input.threadId ? "Replied in a message thread" : "Sent a message",
      description: previewText(text),
      actorId: user.id,
      companyId: entity.id,
      ipAddress: portal.clientAddress,
    });
    return { conversationId: conversation.id, messageId: message.id, facts, recipients, sentAt };
  });

  // Email the firm's people after the commit, held back for the unsend window.
  await emailFirmOfClientMessage(portal, result.recipients, result.facts, {
    chatMessageId: result.messageId,
    notBefore: new Date(result.sentAt.getTime() + UNSEND_WINDOW_MS),
  });
  return { conversationId: result.conversationId, messageId: result.messageId };
}

/**
 * A reply stops the other side's auto-reminders in the conversation: `side` is whose messages
 * stop being re-announced ("firm" when a client replies, "client" when staff reply).
 */
export async function stopAutoRemindersOf(tx: FirmTx, conversationId: string, side: "firm" | "client"): Promise<void> {
  await tx.message.updateMany({ where: { conversationId, isFirmUser: side === "firm", remindNextAt: { not: null } }, data: { remindNextAt: null } });
}

/** Marks every message of the conversation (or of one thread) the client can see as seen. */
export async function markConversationSeen(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  conversationId: string,
  now = new Date(),
): Promise<number> {
  const firmId = portal.firm.id;
  return withFirm(firmId, async (tx) => {
    const entity = await ownedEntity(tx, user, hashId);
    const conversation = await tx.conversation.findFirst({ where: { id: conversationId, ...conversationScope(user.id, entity.id) }, select: { id: true } });
    if (!conversation) throw notFound(NOT_FOUND);
    const unseen = await tx.message.findMany({
      where: { conversationId, ...unreadWhere(user, now) },
      select: { id: true },
      take: 5000,
    });
    if (!unseen.length) return 0;
    const { count } = await tx.messageSeen.createMany({
      data: unseen.map((m) => ({ firmId, messageId: m.id, userId: user.id, seenAt: now })),
      skipDuplicates: true,
    });
    await publishEvent(tx, { t: "message", c: conversationId, k: "read" });
    return count;
  });
}

/** The client's entities for the inbox (active, owned), default entity first. */
export function inboxEntities(portal: FirmSiteContext, user: SessionUser) {
  return clientDocumentEntities(portal.db, user);
}
