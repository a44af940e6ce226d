/**
 * What the send dialog loads: the firm's templates (canned and firm-made), the tax years and
 * defaults, and an entity search (active entities the staff member may reach, 10 per page, a
 * non-empty term needed).
 */
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { cardPaymentsReady } from "~/payments/connection.server";
import { likePattern, type StaffViewer } from "~/staff/tables";
import { entityVisibleSql } from "~/staff/visibility";
import { todayIn } from "~/time-zones";
import { defaultDueDate, defaultTaxYear, TAX_YEARS } from "./rules";

export const ENTITY_SEARCH_PAGE = 10;

export interface SendDialogOptions {
  templates: { id: string; name: string; isCanned: boolean }[];
  taxYears: number[];
  defaultTaxYear: number;
  today: string;
  defaultDueDate: string;
  removePleaseUpload: boolean;
  /** Whether clients can pay a deposit online (the firm's Stripe account takes payments); "off": no payment provider on this portal. */
  cardPayments: "off" | boolean;
  /** Partners can connect one (Firm Settings → Payments). */
  canConnectPayments: boolean;
}

export async function sendDialogOptions(portal: FirmSiteContext, viewer: Pick<StaffViewer, "firmAccess">): Promise<SendDialogOptions> {
  const today = todayIn(portal.firm.timeZone);
  const [templates, cardPayments] = await Promise.all([
    portal.db.questionnaireTemplate.findMany({
      where: { deletedAt: null },
      orderBy: [{ isCanned: "desc" }, { name: "asc" }],
      select: { id: true, name: true, isCanned: true },
    }),
    cardPaymentsReady(portal),
  ]);
  return {
    templates,
    taxYears: [...TAX_YEARS],
    defaultTaxYear: defaultTaxYear(today),
    today,
    defaultDueDate: defaultDueDate(today),
    removePleaseUpload: portal.firm.preferences.removePleaseUploadForRolloverItems,
    cardPayments,
    canConnectPayments: viewer.firmAccess === "partner",
  };
}

export interface EntityOption {
  id: string;
  name: string;
  entityType: string;
  owner: string | null;
}

/** Active entities whose name or primary owner matches `term` (empty term: none). */
export async function searchSendEntities(portal: FirmSiteContext, viewer: StaffViewer, term: string, page = 0): Promise<EntityOption[]> {
  const q = term.trim().slice(0, 200);
  if (!q) return [];
  const values: unknown[] = [UNASSIGNED_ENTITY_TYPE, likePattern(q)];
  let where =
    "c.deleted_at IS NULL AND NOT c.inactive AND c.entity_type <> $1 AND (c.name ILIKE $2 OR (o.fname || ' ' || o.lname) ILIKE $2 OR o.email ILIKE $2)";
  where += ` AND ${entityVisibleSql(viewer, "c", (v) => `$${values.push(v)}`)}`;
  values.push(ENTITY_SEARCH_PAGE, Math.max(0, page) * ENTITY_SEARCH_PAGE);
  return firmSql<EntityOption>(
    portal.firm.id,
    `SELECT c.id, c.name, c.entity_type AS "entityType", nullif(trim(coalesce(o.fname, '') || ' ' || coalesce(o.lname, '')), '') AS owner
       FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id
      WHERE ${where}
      ORDER BY lower(c.name), c.id
      LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  );
}
