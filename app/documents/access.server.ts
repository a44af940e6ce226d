/**
 * Who may reach an entity's documents, and what they may do in a folder: the entity behind a
 * company hash as the asking user may see it (client: an owner of an active entity; staff: their
 * firm's entity, within their group), so another firm's or entity's document is simply "not
 * found" (404, nothing changed, no URL issued); and the folder permissions of `rules.ts` for them.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { readSql, type FirmDb, type FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { staffVisibility } from "~/staff/visibility.server";
import { DOCUMENT_MESSAGES, folderPermissions, type FolderPermissions } from "./rules";

export type Db = FirmDb | FirmTx;

/** "This document was not found" (404): the answer for what does not exist and for what the viewer may not see. */
export const documentNotFound = () => new PortalError(404, DOCUMENT_MESSAGES.notFound);
const notFound = documentNotFound;

export interface DocumentEntity {
  id: string;
  hashId: string;
  name: string;
  readonlyAccess: boolean;
}

export interface DocumentContext {
  portal: FirmSiteContext;
  user: SessionUser;
}

const ENTITY_SQL = `
    SELECT c.id, c.hash_id AS "hashId", c.name, c.readonly_access AS "readonlyAccess", o.firm_group_id AS "ownerGroupId"
      FROM companies c LEFT JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
     WHERE c.hash_id = $1 AND c.deleted_at IS NULL`;
const ENTITY_FOR_STAFF_SQL = `${ENTITY_SQL} LIMIT 1`;
/** A client: only an active entity they own. */
const ENTITY_FOR_CLIENT_SQL = `${ENTITY_SQL}
       AND NOT c.inactive AND EXISTS (SELECT 1 FROM company_owners w WHERE w.firm_id = c.firm_id AND w.company_id = c.id AND w.user_id = $2)
     LIMIT 1`;

/** The entity behind `companyHash` as this user may see it, or 404. */
export async function findDocumentEntity(db: Db, user: SessionUser, companyHash: string): Promise<DocumentEntity> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(companyHash)) throw notFound();
  // One statement: the entity and its primary owner's group (staff see within their group);
  // a client, only an active entity they own.
  const client = user.kind === "staff" ? null : user.id;
  const rows = await readSql(db)<DocumentEntity & { ownerGroupId: string | null }>(client === null ? ENTITY_FOR_STAFF_SQL : ENTITY_FOR_CLIENT_SQL, [
    companyHash,
    ...(client === null ? [] : [client]),
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  // Group-access staff reach only entities of their own group or of no group (permissions.ts).
  if (user.kind === "staff" && !(await staffVisibility(db, user)).seesGroup(row.ownerGroupId)) throw notFound();
  const { ownerGroupId: _group, ...entity } = row;
  return entity;
}

export function permissionsFor(ctx: DocumentContext, entity: DocumentEntity, path: string): FolderPermissions {
  return folderPermissions(
    ctx.portal.firm.preferences,
    { kind: ctx.user.kind, isAdvisor: ctx.user.isAdvisor, userReadonly: ctx.user.readonlyAccess, entityReadonly: entity.readonlyAccess },
    path,
  );
}

/** The permissions in `path`, or 404 when the viewer may not see it (hidden from clients, STAFF ONLY). */
export function requireView(ctx: DocumentContext, entity: DocumentEntity, path: string): FolderPermissions {
  const permissions = permissionsFor(ctx, entity, path);
  if (!permissions.canView) throw notFound();
  return permissions;
}

export function refuse(permissions: FolderPermissions, allowed: boolean): void {
  if (!allowed) throw new PortalError(403, permissions.reason ?? DOCUMENT_MESSAGES.disabledByFirm);
}
