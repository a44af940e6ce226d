import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { taxReturnCards, taxReturnCardsSql, type TaxReturnCardRow } from "~/deliver/client/cards.server";
import { signatureRequestCards, signatureRequestCardsSql, type SignatureRequestCardRow } from "~/deliver/requests/cards.server";
import { customHtml } from "./custom-html.server";
import type { QuestionnaireProgress } from "~/questionnaires/progress";
import { progressFactsSql, progressOf, type ProgressFacts, type ProgressQuestionnaire, type ProgressSection } from "~/questionnaires/progress.server";

export const NO_ACTIVE_ENTITIES = "Your account does not have active entities to view. Please contact your firm.";

/** An SQL condition on the companies row aliased `companies`, its values bound through `bind` (returns the placeholder). */
export type EntitySql = (companies: string, bind: (value: unknown) => string) => string;

interface EntityRow {
  id: string;
  hashId: string;
  name: string;
  entityType: string;
  inactive: boolean;
  readonlyAccess: boolean;
}

interface QuestionnaireRow extends ProgressQuestionnaire {
  name: string;
  taxYear: number;
  /** YYYY-MM-DD */
  dueDate: string | null;
  locked: boolean;
  openedAt: string | null;
  customStatus: string | null;
  customStatusInstruction: string | null;
  customStatusColor: string | null;
}

interface HomeRow extends ProgressFacts {
  entities: EntityRow[] | null;
  selected: string | null;
  years: number[] | null;
  year: number | null;
  questionnaires: QuestionnaireRow[] | null;
  asksContact: boolean;
  taxReturns: TaxReturnCardRow[] | null;
  signatureRequests: SignatureRequestCardRow[] | null;
}

/**
 * The client dashboard (`/`): the client's active entities, the selected one's questionnaires
 * for a tax year with their progress, and the firm card. One statement (the hot path of every
 * client's visit), whatever the number of entities, questionnaires, sections and questions.
 * `entitySql` narrows the entities shown (a staff preview shows only what that staff member
 * may see: group access, staff/visibility.server.ts).
 */
export async function loadClientHome(portal: FirmSiteContext, user: SessionUser, search: URLSearchParams, options: { entitySql?: EntitySql } = {}) {
  const values: unknown[] = [user.id, search.get("entity"), user.defaultCompanyId, Number(search.get("year")) || null];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const narrowed = options.entitySql ? `AND ${options.entitySql("c", bind)}` : "";
  const [row] = await firmSql<HomeRow>(
    portal.firm.id,
    `WITH owned AS (
       SELECT c.id, c.hash_id AS "hashId", c.name, c.entity_type AS "entityType", c.inactive, c.readonly_access AS "readonlyAccess"
         FROM company_owners o JOIN companies c ON c.firm_id = o.firm_id AND c.id = o.company_id
        WHERE o.user_id = $1 AND c.deleted_at IS NULL ${narrowed}
     ), selected AS (
       SELECT id FROM owned WHERE NOT inactive
        ORDER BY ("hashId" = $2) IS TRUE DESC, (id = $3) IS TRUE DESC, name, id LIMIT 1
     ), sent AS (
       SELECT q.id, q.name, q.tax_year AS "taxYear", q.due_date AS "dueDate", q.locked, q.completed, q.opened_at AS "openedAt",
              q.in_progress AS "inProgress", q.deposit_status AS "depositStatus", q.deposit_amount_cents AS "depositAmountCents",
              q.update_profile_section, f.client_display_status AS "customStatus", f.client_instruction AS "customStatusInstruction",
              f.color AS "customStatusColor"
         FROM questionnaires q LEFT JOIN firm_custom_statuses f ON f.firm_id = q.firm_id AND f.id = q.firm_custom_status_id
        WHERE q.company_id = (SELECT id FROM selected) AND q.deleted_at IS NULL AND NOT q.is_draft AND q.sent_at IS NOT NULL
     ), chosen AS (
       SELECT COALESCE(max("taxYear") FILTER (WHERE "taxYear" = $4::int), max("taxYear")) AS year FROM sent
     ), shown AS (
       SELECT * FROM sent WHERE "taxYear" = (SELECT year FROM chosen)
     )
     SELECT (SELECT json_agg(owned ORDER BY name, id) FROM owned) AS entities,
            (SELECT id FROM selected) AS selected,
            (SELECT array_agg(DISTINCT "taxYear" ORDER BY "taxYear" DESC) FROM sent) AS years,
            (SELECT year FROM chosen) AS year,
            (SELECT json_agg(to_jsonb(shown) - 'update_profile_section' ORDER BY "dueDate" NULLS LAST, id) FROM shown) AS questionnaires,
            EXISTS (SELECT 1 FROM sent WHERE update_profile_section AND NOT completed AND NOT locked) AS "asksContact",
            ${taxReturnCardsSql(portal.firm, `SELECT id FROM selected`, "$1")},
            ${signatureRequestCardsSql(portal.firm, `SELECT id FROM selected`, "$1")},
            ${progressFactsSql(`SELECT id FROM shown`)}`,
    values,
    { prepare: true }, // every visit to the home page; two forms (a client's, a staff preview's)
  );
  const all = row?.entities ?? [];
  const entities = all.filter((c) => !c.inactive);
  const selected = entities.find((e) => e.id === row?.selected) ?? null;
  if (!row || !selected) {
    return {
      blocked: all.length > 0,
      entities,
      selected: null,
      years: [] as number[],
      year: null,
      questionnaires: [],
      customHtml: null,
      asksContact: false,
      taxReturnCards: [],
      signatureRequestCards: [],
    };
  }
  const shown = row.questionnaires ?? [];
  const progress = progressOf(shown, row.sections, row.questions, { onePerSection: portal.firm.preferences.requireOneSignaturePerSection });
  const questionnaires = shown
    .sort((a, b) => rank(a) - rank(b))
    .map((q) => ({
      id: q.id,
      name: q.name,
      taxYear: q.taxYear,
      dueDate: q.dueDate,
      locked: q.locked,
      completed: q.completed,
      openedAt: q.openedAt ? new Date(q.openedAt).toISOString() : null,
      inProgress: q.inProgress,
      // The firm's custom status replaces the displayed status (client spec §5), in the client's words.
      customStatus: q.customStatus,
      customStatusInstruction: q.customStatusInstruction,
      customStatusColor: q.customStatusColor,
      // The sections the client was asked, with the status and progress every screen shows (questionnaires/progress.ts).
      ...progressView(progress.get(q.id)!),
    }));
  return {
    blocked: false,
    entities,
    selected,
    years: row.years ?? [],
    year: row.year,
    questionnaires,
    customHtml: customHtml(portal.firm),
    // An open questionnaire asks for a profile update: the 'Confirm this information' dialog may show (profile/contact-confirmation.server.ts decides).
    asksContact: row.asksContact,
    // The firm's tax returns for this entity and year (none, and no statement, unless the firm delivers returns here).
    taxReturnCards: taxReturnCards(row.taxReturns, row.year),
    // Signature requests of this entity: the ones waiting for this client's signature, then the year's others.
    signatureRequestCards: signatureRequestCards(row.signatureRequests, row.year),
  };
}

function progressView(p: QuestionnaireProgress<ProgressSection>) {
  return {
    progress: { done: p.done, total: p.total, percent: p.percent },
    sections: p.sections.map((v) => ({ id: v.section.id, name: v.section.name, status: v.status })),
  };
}

/** Spec ordering: unlocked, then completed, then locked. */
function rank(q: { locked: boolean; completed: boolean }) {
  return q.locked ? 2 : q.completed ? 1 : 0;
}

/**
 * Makes one of the client's active entities their default (the dashboard opens on it).
 * Returns the entity's hash id, or null when it is not an active entity of this client.
 */
export async function setDefaultEntity(portal: FirmSiteContext, user: SessionUser, hashId: string): Promise<string | null> {
  const owned = await portal.db.companyOwner.findFirst({
    where: { userId: user.id, company: { hashId, inactive: false, deletedAt: null } },
    select: { companyId: true },
  });
  if (!owned) return null;
  await portal.db.user.update({ where: { id: user.id }, data: { defaultCompanyId: owned.companyId } });
  return hashId;
}
