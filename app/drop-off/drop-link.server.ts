/**
 * The firm's drop link (/drop-link): partner, admin and full users choose the firm users notified
 * and save, which issues a new link `/drop-link/{token}` valid for 7 days (only the token's SHA-256
 * is stored, in DropLink.hashId; saving again issues a new link and the old one stops working).
 * Anyone holding the link can upload files without signing in: they go through the one upload
 * pipeline (createDocumentUploadGrant → S3 → recordDocumentUpload) into the firm's hidden
 * "Unassigned drop-offs" entity, folder '/Drop Link/{date} {email}', and the chosen users get an
 * email and an in-app notification. Every public call is rate-limited per client address, and an
 * unknown or expired link counts as a failure; nothing is written for a refused call.
 */
import { notifyNow } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { randomBytes } from "node:crypto";

import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { hitThrottle, peekThrottle } from "~/rate-limit.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { PortalError } from "~/errors";
import { createDocumentUploadGrant, recordDocumentUpload } from "~/documents/upload.server";
import type { UploadGrant } from "~/storage/uploads";
import {
  DROP_LINK_FOLDER,
  DROP_LINK_MESSAGES,
  DROP_LINK_THROTTLE,
  dropLinkBucket,
  expiresAt,
  isExpired,
  senderFolder,
  senderSchema,
  UNASSIGNED_ENTITY_NAME,
  UNASSIGNED_ENTITY_TYPE,
  type DropLinkApiRequest,
} from "./link-rules";

export const DROP_LINK_MANAGERS = ["partner", "admin", "full"] as const;

export function canManageDropLink(portal: FirmSiteContext, user: SessionUser): boolean {
  return Boolean(portal.firm.preferences.dropLinkEnabled) && user.kind === "staff" && (DROP_LINK_MANAGERS as readonly string[]).includes(user.firmAccess ?? "");
}

export function dropLinkUrl(portal: FirmSiteContext, token: string): string {
  return `${portal.origin}/drop-link/${token}`;
}

export interface DropLinkSettings {
  staff: { id: string; name: string; email: string | null }[];
  recipientIds: string[];
  issuedAt: string | null;
  expiresAt: string | null;
  expired: boolean;
}

async function currentLink(portal: FirmSiteContext) {
  return portal.db.dropLink.findFirst({ orderBy: { createdAt: "asc" }, include: { recipients: { select: { userId: true } } } });
}

export async function loadDropLinkSettings(portal: FirmSiteContext): Promise<DropLinkSettings> {
  const [staff, link] = await Promise.all([
    portal.db.user.findMany({
      where: { kind: "staff", paying: true, deletedAt: null },
      select: { id: true, fname: true, lname: true, email: true },
      orderBy: [{ fname: "asc" }, { lname: "asc" }],
    }),
    currentLink(portal),
  ]);
  return {
    staff: staff.map((u) => ({ id: u.id, name: `${u.fname} ${u.lname}`.trim(), email: u.email })),
    recipientIds: link?.recipients.map((r) => r.userId) ?? [],
    issuedAt: link ? link.updatedAt.toISOString() : null,
    expiresAt: link ? expiresAt(link.updatedAt).toISOString() : null,
    expired: link ? isExpired(link.updatedAt) : false,
  };
}

/** The firm's hidden entity for drop link uploads; created once (inactive, no owners: clients never see it). */
export async function unassignedEntity(portal: FirmSiteContext): Promise<{ id: string; hashId: string }> {
  const found = await portal.db.company.findFirst({
    where: { entityType: UNASSIGNED_ENTITY_TYPE, deletedAt: null },
    select: { id: true, hashId: true },
    orderBy: { createdAt: "asc" },
  });
  if (found) return found;
  return portal.db.company.create({
    data: { firmId: portal.firm.id, hashId: randomBytes(8).toString("hex"), name: UNASSIGNED_ENTITY_NAME, entityType: UNASSIGNED_ENTITY_TYPE, inactive: true },
    select: { id: true, hashId: true },
  });
}

/** Saves the recipients and issues a new 7-day link; returns its URL (shown once, for 'Copy link'). */
export async function saveDropLinkSettings(portal: FirmSiteContext, actor: SessionUser, recipientIds: string[]): Promise<{ url: string; expiresAt: string }> {
  const wanted = [...new Set(recipientIds)].slice(0, 500);
  if (!wanted.length) throw new PortalError(400, DROP_LINK_MESSAGES.recipientRequired);
  const valid = await portal.db.user.findMany({ where: { id: { in: wanted }, kind: "staff", paying: true, deletedAt: null }, select: { id: true } });
  if (valid.length !== wanted.length) throw new PortalError(400, DROP_LINK_MESSAGES.recipientRequired);
  await unassignedEntity(portal);
  const token = newToken();
  const firmId = portal.firm.id;
  const existing = await currentLink(portal);
  const link = await portal.db.$transaction(async (tx) => {
    const row = existing
      ? await tx.dropLink.update({
          where: { id: existing.id },
          data: { hashId: hashToken(token), enabled: true, name: portal.firm.name, path: DROP_LINK_FOLDER },
        })
      : await tx.dropLink.create({ data: { firmId, hashId: hashToken(token), name: portal.firm.name, path: DROP_LINK_FOLDER } });
    await tx.dropLinkRecipient.deleteMany({ where: { dropLinkId: row.id } });
    await tx.dropLinkRecipient.createMany({ data: valid.map((u) => ({ firmId, dropLinkId: row.id, userId: u.id })) });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.document,
      title: "Updated the drop link",
      description: `${valid.length} recipient(s); a new link was issued`,
      actorId: actor.id,
    });
    return row;
  });
  return { url: dropLinkUrl(portal, token), expiresAt: expiresAt(link.updatedAt).toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Public side

export interface OpenDropLink {
  id: string;
  path: string;
  expiresAt: Date;
  recipients: { userId: string; email: string | null; name: string }[];
}

/**
 * The link behind a token, when the firm has drop links on, the link is live and under 7 days
 * old; otherwise null (and the miss is counted against the address).
 */
export async function openDropLink(portal: FirmSiteContext, token: string): Promise<OpenDropLink | null> {
  const failures = await peekThrottle(portal.firm.id, dropLinkBucket("failures", portal.clientAddress), DROP_LINK_THROTTLE.failures);
  if (!failures.allowed) throw new PortalError(429, DROP_LINK_MESSAGES.tooMany);
  const link =
    portal.firm.preferences.dropLinkEnabled && /^[A-Za-z0-9_-]{20,100}$/.test(token)
      ? await portal.db.dropLink.findFirst({
          where: { hashId: hashToken(token), enabled: true },
          include: { recipients: { include: { user: { select: { email: true, fname: true, lname: true, paying: true, deletedAt: true } } } } },
        })
      : null;
  if (!link || isExpired(link.updatedAt)) {
    await hitThrottle(portal.firm.id, dropLinkBucket("failures", portal.clientAddress), DROP_LINK_THROTTLE.failures);
    return null;
  }
  return {
    id: link.id,
    path: link.path,
    expiresAt: expiresAt(link.updatedAt),
    recipients: link.recipients
      .filter((r) => r.user.paying && !r.user.deletedAt)
      .map((r) => ({ userId: r.userId, email: r.user.email, name: `${r.user.fname} ${r.user.lname}`.trim() })),
  };
}

function sender(input: { name: string; email: string }) {
  const parsed = senderSchema.safeParse(input);
  if (!parsed.success) throw new PortalError(400, parsed.error.issues[0]?.message ?? "Please check your name and email.");
  return parsed.data;
}

export type DropLinkApiResult = { grant: UploadGrant } | { document: { id: string; name: string } } | { notified: number };

/** One call of the public upload API: throttled, then the link must be open. */
export async function performDropLinkRequest(portal: FirmSiteContext, request: DropLinkApiRequest): Promise<DropLinkApiResult> {
  const hit = await hitThrottle(portal.firm.id, dropLinkBucket("requests", portal.clientAddress), DROP_LINK_THROTTLE.requests);
  if (!hit.allowed) throw new PortalError(429, DROP_LINK_MESSAGES.tooMany);
  const link = await openDropLink(portal, request.token);
  if (!link) throw new PortalError(404, DROP_LINK_MESSAGES.expired);
  const entity = await unassignedEntity(portal);
  const firmId = portal.firm.id;
  switch (request.intent) {
    case "grant":
      return {
        grant: await createDocumentUploadGrant({
          firmId,
          companyId: entity.id,
          fileName: request.fileName,
          contentType: request.contentType,
          size: request.size,
        }),
      };
    case "confirm": {
      const from = sender(request);
      const folder = senderFolder(from.email);
      const item = await recordDocumentUpload(portal.db, {
        firmId,
        companyId: entity.id,
        key: request.key,
        contentType: request.contentType,
        fileName: request.fileName,
        path: folder,
        uploadedById: null,
      });
      // Folder rows only once a file is filed, so a refused upload leaves nothing behind.
      await ensureFolders(portal, entity.id, folder);
      await portal.db.document.update({ where: { id: item.id }, data: { description: `Dropped off by ${from.name} <${from.email}>` } });
      return { document: { id: item.id, name: item.name } };
    }
    case "finish": {
      const from = sender(request);
      const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const docs = await portal.db.document.findMany({
        where: {
          id: { in: request.documentIds },
          companyId: entity.id,
          path: senderFolder(from.email),
          deletedAt: null,
          itemType: "file",
          createdAt: { gte: since },
        },
        select: { name: true },
        take: 999,
      });
      if (!docs.length) throw new PortalError(404, "No uploaded files were found.");
      const subject = `${from.name} dropped off ${docs.length} file${docs.length === 1 ? "" : "s"}`;
      const list = docs.map((d) => `- ${d.name}`).join("\n");
      const where = `${portal.origin}/admin/${entity.hashId}/documents`;
      // The drop link's recipients (drop link settings), as their notification settings allow.
      await notifyNow(portal, {
        typeId: NOTIFICATION_TYPE.document,
        userIds: link.recipients.map((r) => r.userId),
        text: subject,
        link: `/admin/${entity.hashId}/documents`,
        clientName: from.name,
        companyId: entity.id,
        email: {
          subject: `${subject} through your drop link`,
          text: `${from.name} (${from.email}) uploaded through ${portal.firm.name}'s drop link:\n\n${list}\n\nThe files are in ${UNASSIGNED_ENTITY_NAME}, folder ${senderFolder(from.email)}:\n${where}`,
        },
      });
      await logActivity(portal.db, firmId, {
        typeId: ACTIVITY_TYPES.document,
        title: "Files dropped off through the drop link",
        description: `${from.name} <${from.email}>: ${docs.length} file(s)`,
        companyId: entity.id,
        ipAddress: portal.clientAddress,
      });
      return { notified: link.recipients.length };
    }
  }
}

/** Folder rows for '/Drop Link' and the sender's folder, so they show in the document tree. */
export async function ensureFolders(portal: FirmSiteContext, companyId: string, folder: string) {
  const segments = folder.split("/").filter(Boolean);
  let parent = "/";
  for (const name of segments) {
    const exists = await portal.db.document.count({ where: { companyId, itemType: "folder", path: parent, name, deletedAt: null } });
    if (!exists) await portal.db.document.create({ data: { firmId: portal.firm.id, companyId, itemType: "folder", path: parent, name, uploadedById: null } });
    parent = parent === "/" ? `/${name}` : `${parent}/${name}`;
  }
}
