/**
 * The tax returns and signature requests listed on the staff entity page (/admin/{companyHash};
 * staff spec 'Company details: ... signature requests, tax returns'): one statement per list,
 * under the firm's row-level security (the firm-scoped client) and through Deliver's door
 * (access.server.ts `taxReturnScope` / `signatureRequestScope`: not deleted, of an entity not
 * deleted that the viewer may see), newest tax year first, at most ENTITY_DELIVER_LIMIT (one more
 * is read to know whether 'View all' is needed).
 *
 * A list exists only when the firm has its feature on, as the navigation decides
 * (`canOpenDeliver`, `canOpenSignatureRequests`); without it nothing is read and the card is absent.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { canDoAdvisorAction, canOpenDeliver, canOpenSignatureRequests, type StaffFacts } from "~/staff/permissions";
import { signatureRequestScope, taxReturnScope } from "../access.server";
import type { SignatureRequestStatus } from "../requests/rules";
import { ENTITY_DELIVER_LIMIT } from "./entity-deliver";

export interface EntityTaxReturn {
  id: string;
  companyId: string;
  taxYear: number;
  taxReturnName: string;
  status: TaxReturnStatus;
  /** ISO date-time. */
  updatedAt: string;
}

export interface EntitySignatureRequest {
  id: string;
  companyId: string;
  taxYear: number;
  formName: string;
  status: SignatureRequestStatus;
  /** ISO date-time. */
  updatedAt: string;
}

export interface EntityDeliverList<T> {
  rows: T[];
  /** More than the page lists: 'View all' leads to the table. */
  more: boolean;
  /** The viewer may start an upload for this entity (what the table's page offers them). */
  canUpload: boolean;
}

export interface EntityDeliver {
  /** Null: the firm has new tax return delivery off (no card). */
  taxReturns: EntityDeliverList<EntityTaxReturn> | null;
  /** Null: the firm has signature requests off (no card). */
  signatureRequests: EntityDeliverList<EntitySignatureRequest> | null;
}

const page = <T>(rows: T[]) => ({ rows: rows.slice(0, ENTITY_DELIVER_LIMIT), more: rows.length > ENTITY_DELIVER_LIMIT });

/** The entity's tax returns the viewer may reach, newest tax year first (then last updated). */
export async function entityTaxReturns(
  portal: FirmSiteContext,
  user: SessionUser,
  companyId: string,
): Promise<Omit<EntityDeliverList<EntityTaxReturn>, "canUpload">> {
  const rows = await portal.db.taxReturn.findMany({
    where: { AND: [{ companyId }, await taxReturnScope(portal.db, user)] },
    orderBy: [{ taxYear: "desc" }, { updatedAt: "desc" }, { id: "desc" }],
    take: ENTITY_DELIVER_LIMIT + 1,
    select: { id: true, companyId: true, taxYear: true, taxReturnName: true, status: true, updatedAt: true },
  });
  return page(rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })));
}

/** The entity's signature requests the viewer may reach, newest tax year first (then last updated). */
export async function entitySignatureRequests(
  portal: FirmSiteContext,
  user: SessionUser,
  companyId: string,
): Promise<Omit<EntityDeliverList<EntitySignatureRequest>, "canUpload">> {
  const rows = await portal.db.signatureRequest.findMany({
    where: { AND: [{ companyId }, await signatureRequestScope(portal.db, user)] },
    orderBy: [{ taxYear: "desc" }, { updatedAt: "desc" }, { id: "desc" }],
    take: ENTITY_DELIVER_LIMIT + 1,
    select: { id: true, companyId: true, taxYear: true, formName: true, status: true, updatedAt: true },
  });
  return page(rows.map((r) => ({ ...r, status: r.status as SignatureRequestStatus, updatedAt: r.updatedAt.toISOString() })));
}

/**
 * Both lists for the entity page, read at the same time. Uploads: anyone who may open Deliver may
 * send a return (its page's 'Send Tax Return'); a signature request is an advisor's (its page's
 * 'Upload signature request', `manageSignatureRequests`).
 */
export async function entityDeliver(portal: FirmSiteContext, viewer: { user: SessionUser; facts: StaffFacts }, companyId: string): Promise<EntityDeliver> {
  const prefs = portal.firm.preferences;
  const deliverOn = canOpenDeliver(viewer.facts, prefs);
  const requestsOn = canOpenSignatureRequests(viewer.facts, prefs);
  const [taxReturns, signatureRequests] = await Promise.all([
    deliverOn ? entityTaxReturns(portal, viewer.user, companyId) : null,
    requestsOn ? entitySignatureRequests(portal, viewer.user, companyId) : null,
  ]);
  return {
    taxReturns: taxReturns && { ...taxReturns, canUpload: true },
    signatureRequests: signatureRequests && { ...signatureRequests, canUpload: canDoAdvisorAction(viewer.facts, "manageSignatureRequests").allowed },
  };
}
