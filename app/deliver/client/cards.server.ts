/**
 * The client dashboard's tax return cards: one per return of the selected entity and tax year
 * that the client sees, with its status and the next step. Only when the firm turned on the new
 * tax return delivery. One query for all cards (the signed-in client's own signer row comes with
 * each return).
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSettings } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { taxReturnScope } from "../access.server";
import { TAX_RETURN_STATUS_LABELS } from "../rules";
import { nextStepLabel, taxReturnHref } from "./stage";

export interface TaxReturnCard {
  id: string;
  name: string;
  taxYear: number;
  status: string;
  statusLabel: string;
  nextStep: "Review Draft" | "Sign" | "View";
  href: string;
}

export async function readTaxReturnCards(
  db: FirmDb | FirmTx,
  firm: FirmSettings,
  user: SessionUser,
  entity: { id: string } | null,
  year: number | null,
): Promise<TaxReturnCard[]> {
  if (!firm.preferences.newTaxReturnDeliveryEnabled || !entity) return [];
  const rows = await (db as FirmTx).taxReturn.findMany({
    where: { AND: [await taxReturnScope(db, user), { companyId: entity.id }, year !== null ? { taxYear: year } : {}] },
    select: {
      id: true,
      companyId: true,
      taxReturnName: true,
      taxYear: true,
      status: true,
      signers: { where: { userId: user.id }, select: { signedAt: true } },
    },
    orderBy: [{ taxYear: "desc" }, { createdAt: "desc" }],
  });
  // Without questionnaires there is no year selector: the newest year's returns.
  const shownYear = year ?? rows[0]?.taxYear;
  return rows
    .filter((r) => r.taxYear === shownYear)
    .map((r) => ({
      id: r.id,
      name: r.taxReturnName,
      taxYear: r.taxYear,
      status: r.status,
      statusLabel: TAX_RETURN_STATUS_LABELS[r.status],
      nextStep: nextStepLabel(
        r.status,
        r.signers.some((s) => !s.signedAt),
      ),
      href: taxReturnHref(r.id, r.companyId),
    }));
}
