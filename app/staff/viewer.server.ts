/**
 * The facts `permissions.ts` needs, loaded from the database: the staff member asking (once per
 * request) and the users or entities they act on. Everything here runs under the firm's
 * row-level security, so another firm's ids simply aren't found (→ 404).
 */
import { requireStaff, type SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { notFound } from "~/errors";
import { requireApiUser } from "~/http.server";
import type { ClientUserFacts, EntityFacts, StaffFacts } from "./permissions";
import { staffFactsOf, visibilityOf, type StaffVisibility } from "./visibility.server";

export interface StaffViewerContext {
  user: SessionUser;
  facts: StaffFacts;
  /** The group-access door (visibility.server.ts) for this viewer. */
  visibility: StaffVisibility;
}

const perRequest = new WeakMap<object, Promise<StaffViewerContext>>();

/** The signed-in staff member and their permission facts; one lookup per request. */
export function loadStaffViewer(request: Request, portal: FirmSiteContext): Promise<StaffViewerContext> {
  let pending = perRequest.get(portal);
  if (!pending) {
    pending = (async () => {
      const user = await requireStaff(request, portal);
      const facts = await staffFactsOf(portal.db, user);
      return { user, facts, visibility: visibilityOf(portal.db, facts) };
    })();
    perRequest.set(portal, pending);
    // A refused request (401/redirect) should not be cached as a rejected promise for later loaders.
    pending.catch(() => perRequest.delete(portal));
  }
  return pending;
}

/**
 * The signed-in staff member of a JSON call (`/api/*`): 401 'Please sign in again.' without a
 * session (the browser's fetch helper refreshes, then signs out), 404 for a client.
 */
export async function loadApiStaffViewer(request: Request, portal: FirmSiteContext): Promise<StaffViewerContext> {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  const facts = await staffFactsOf(portal.db, user);
  return { user, facts, visibility: visibilityOf(portal.db, facts) };
}

type Db = FirmDb | FirmTx;

export const clientUserFactsSelect = {
  id: true,
  firmGroupId: true,
  assignedAdvisorId: true,
  paying: true,
  deletedAt: true,
  email: true,
  hasTempEmail: true,
  phoneNumber: true,
  preferredSignInMethod: true,
} as const;

export function toClientUserFacts(row: {
  id: string;
  firmGroupId: string | null;
  assignedAdvisorId: string | null;
  paying: boolean;
  deletedAt: Date | null;
  email: string | null;
  hasTempEmail: boolean;
  phoneNumber: string | null;
  preferredSignInMethod: "password" | "email" | "sms" | null;
}): ClientUserFacts {
  return { ...row, deleted: row.deletedAt !== null };
}

/** Client users by id (deleted ones included; staff accounts never). Missing ids are absent. */
export async function loadClientUserFacts(db: Db, ids: readonly string[]): Promise<Map<string, ClientUserFacts>> {
  const rows = await (db as FirmTx).user.findMany({ where: { id: { in: [...ids] }, kind: "client" }, select: clientUserFactsSelect });
  return new Map(rows.map((r) => [r.id, toClientUserFacts(r)]));
}

export async function loadClientUserFact(db: Db, id: string): Promise<ClientUserFacts | null> {
  return (await loadClientUserFacts(db, [id])).get(id) ?? null;
}

/** Entities by id or hash id (deleted ones included). */
export async function loadEntityFacts(
  db: Db,
  where: { ids?: readonly string[]; hashIds?: readonly string[] },
): Promise<Map<string, EntityFacts & { hashId: string }>> {
  const rows = await (db as FirmTx).company.findMany({
    where: where.ids ? { id: { in: [...where.ids] } } : { hashId: { in: [...(where.hashIds ?? [])] } },
    select: {
      id: true,
      hashId: true,
      inactive: true,
      deletedAt: true,
      primaryOwner: { select: { firmGroupId: true } },
      owners: { select: { user: { select: { assignedAdvisorId: true } } } },
    },
  });
  return new Map(
    rows.map((r) => [
      where.ids ? r.id : r.hashId,
      {
        id: r.id,
        hashId: r.hashId,
        inactive: r.inactive,
        deleted: r.deletedAt !== null,
        ownerGroupId: r.primaryOwner?.firmGroupId ?? null,
        ownerAdvisorIds: [...new Set(r.owners.map((o) => o.user.assignedAdvisorId).filter((a): a is string => Boolean(a)))],
      },
    ]),
  );
}
