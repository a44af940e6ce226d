/**
 * The one door to a tax return or a signature request: every Deliver route (staff and client)
 * finds the row through here, so another firm's, another client's or another group's return is
 * "not found" (404, nothing written) in the same words as an id that does not exist.
 *
 * - Staff: a row of their firm (RLS) whose entity they may see (group access), not deleted.
 * - Client: a row of an active entity they own, not deleted, in a status clients see.
 * - `companyId` (the `?companyId=` of the spec's URLs), when given, must be the row's entity.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import type { Prisma } from "~/generated/prisma/client";
import { staffVisibility } from "~/staff/visibility.server";
import { CLIENT_VISIBLE_STATUSES, SIGNATURE_REQUEST_MESSAGES, TAX_RETURN_MESSAGES } from "./rules";

type Db = FirmDb | FirmTx;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const taxReturnNotFound = () => new PortalError(404, TAX_RETURN_MESSAGES.notFound);
export const signatureRequestNotFound = () => new PortalError(404, SIGNATURE_REQUEST_MESSAGES.notFound);

/** Which entities this user may reach, as a Prisma filter on companies. */
async function entityScope(db: Db, user: SessionUser): Promise<Prisma.CompanyWhereInput> {
  if (user.kind === "staff") return { AND: [{ deletedAt: null }, (await staffVisibility(db, user)).entityWhere()] };
  return { deletedAt: null, inactive: false, owners: { some: { userId: user.id } } };
}

/** The filter for tax returns this user may reach (lists use it too). */
export async function taxReturnScope(db: Db, user: SessionUser): Promise<Prisma.TaxReturnWhereInput> {
  const company = await entityScope(db, user);
  return user.kind === "staff" ? { deletedAt: null, company } : { deletedAt: null, company, status: { in: [...CLIENT_VISIBLE_STATUSES] } };
}

export interface FoundTaxReturn {
  id: string;
  companyId: string;
  status: Prisma.TaxReturnGetPayload<{ select: { status: true } }>["status"];
}

/** The return `id` as this user may reach it, or 404. */
export async function findTaxReturn(db: Db, user: SessionUser, id: string, companyId?: string | null): Promise<FoundTaxReturn> {
  if (!ID.test(id) || (companyId != null && !ID.test(companyId))) throw taxReturnNotFound();
  const row = await (db as FirmTx).taxReturn.findFirst({
    where: { AND: [{ id }, companyId != null ? { companyId } : {}, await taxReturnScope(db, user)] },
    select: { id: true, companyId: true, status: true },
  });
  if (!row) throw taxReturnNotFound();
  return row;
}

/** The filter for signature requests this user may reach. */
export async function signatureRequestScope(db: Db, user: SessionUser): Promise<Prisma.SignatureRequestWhereInput> {
  const company = await entityScope(db, user);
  return user.kind === "staff" ? { deletedAt: null, company } : { deletedAt: null, company, status: { in: ["sent", "signed", "completed"] } };
}

export interface FoundSignatureRequest {
  id: string;
  companyId: string;
  status: Prisma.SignatureRequestGetPayload<{ select: { status: true } }>["status"];
}

/** The signature request `id` as this user may reach it, or 404. */
export async function findSignatureRequest(db: Db, user: SessionUser, id: string, companyId?: string | null): Promise<FoundSignatureRequest> {
  if (!ID.test(id) || (companyId != null && !ID.test(companyId))) throw signatureRequestNotFound();
  const row = await (db as FirmTx).signatureRequest.findFirst({
    where: { AND: [{ id }, companyId != null ? { companyId } : {}, await signatureRequestScope(db, user)] },
    select: { id: true, companyId: true, status: true },
  });
  if (!row) throw signatureRequestNotFound();
  return row;
}

/** Of `ids`, the returns this user may reach, in one statement; the others are as if they did not exist. */
export async function findTaxReturns(db: Db, user: SessionUser, ids: readonly string[]): Promise<FoundTaxReturn[]> {
  const valid = [...new Set(ids)].filter((id) => ID.test(id));
  if (!valid.length) return [];
  return (db as FirmTx).taxReturn.findMany({
    where: { AND: [{ id: { in: valid } }, await taxReturnScope(db, user)] },
    select: { id: true, companyId: true, status: true },
  });
}
