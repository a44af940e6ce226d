/**
 * The staff Activities page (/activities): the firm's activity log, newest first, 32 per page
 * (1-based), filtered by entity, questionnaire (within the entity) and type, routine sign-ins
 * (sign-ins, verification codes, sign-in links) left out unless asked for, and searched in
 * title, description, entity and people's names. One statement for the rows and one for the
 * count, under the firm's row-level security.
 *
 * Group-access staff see only their clients' activity: entries of entities whose primary owner is
 * in their group or in none (as in the Entities table), and entries about a client user of their
 * group or of none; firm-wide entries (settings, staff sign-ins) are not theirs to see.
 */
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { likePattern } from "~/staff/tables";
import { entityVisibleSql, userVisibleSql, type VisibilityViewer } from "~/staff/visibility";
import { ACTIVITIES_PAGE_SIZE, activityPage, activityTypeLabel, type ActivityFilters, type ActivityPage } from "./types";
import { notFound } from "~/errors";
import { ROUTINE_SIGN_IN_TITLES } from "~/auth/auth-activity.server";

/** Who is asking: group-access staff see only their group's entities and clients (visibility.ts). */
export type ActivityViewer = VisibilityViewer;

export interface ActivityRow {
  id: string;
  typeId: number;
  typeLabel: string;
  title: string;
  description: string | null;
  createdAt: string;
  companyId: string | null;
  companyName: string | null;
  companyHash: string | null;
  questionnaireName: string | null;
  taxYear: number | null;
  actorName: string | null;
  actorIsStaff: boolean;
  subjectName: string | null;
}

export interface ActivityOptions {
  entities: { value: string; label: string }[];
  questionnaires: { value: string; label: string }[];
}

const FROM = `FROM activity_logs a
  LEFT JOIN companies c ON c.id = a.company_id
  LEFT JOIN questionnaires q ON q.id = a.questionnaire_id
  LEFT JOIN users actor ON actor.id = a.actor_id
  LEFT JOIN users subj ON subj.id = a.user_id`;

function whereOf(viewer: ActivityViewer, f: ActivityFilters) {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  // An entity's entries when the viewer sees the entity; the others, a client's, when they see the client.
  if (viewer.firmAccess === "group") {
    where.push(
      `((c.id IS NOT NULL AND ${entityVisibleSql(viewer, "c", add)}) OR (c.id IS NULL AND subj.kind = 'client' AND ${userVisibleSql(viewer, "subj", add)}))`,
    );
  }
  if (f.companyId) where.push(`a.company_id = ${add(f.companyId)}`);
  if (f.questionnaireId) where.push(`a.questionnaire_id = ${add(f.questionnaireId)}`);
  if (f.typeId !== null) where.push(`a.type_id = ${add(f.typeId)}`);
  if (!f.signIns) where.push(`NOT (a.type_id = 0 AND a.title = ANY(${add(ROUTINE_SIGN_IN_TITLES)}::text[]))`);
  if (f.search) {
    const p = add(likePattern(f.search));
    where.push(
      `(a.title ILIKE ${p} OR a.description ILIKE ${p} OR c.name ILIKE ${p} OR q.name ILIKE ${p} OR (actor.fname || ' ' || actor.lname) ILIKE ${p} OR (subj.fname || ' ' || subj.lname) ILIKE ${p})`,
    );
  }
  return { where: where.length ? where.join(" AND ") : "TRUE", values };
}

/** Whether the viewer may see this entity (of the firm, not deleted, and in their group's reach). */
async function entityVisible(portal: FirmSiteContext, viewer: ActivityViewer, companyId: string): Promise<boolean> {
  const values: unknown[] = [companyId];
  const bind = (v: unknown) => `$${values.push(v)}`;
  const rows = await firmSql<{ id: string }>(portal.firm.id, `SELECT c.id FROM companies c WHERE c.id = $1 AND ${entityVisibleSql(viewer, "c", bind)}`, values);
  return rows.length > 0;
}

/** One page of the log; throws a 404 PortalError for an entity (or questionnaire) the viewer can't see. */
export async function listActivities(
  portal: FirmSiteContext,
  viewer: ActivityViewer,
  f: ActivityFilters,
): Promise<{ rows: ActivityRow[]; page: ActivityPage }> {
  if (f.companyId && !(await entityVisible(portal, viewer, f.companyId))) throw notFound("Entity not found");
  if (f.questionnaireId) {
    const found = await firmSql<{ id: string }>(portal.firm.id, `SELECT id FROM questionnaires WHERE id = $1 AND company_id = $2`, [
      f.questionnaireId,
      f.companyId,
    ]);
    if (!found.length) throw notFound("Questionnaire not found");
  }
  const { where, values } = whereOf(viewer, f);
  const select = `a.id, a.type_id AS "typeId", a.title, a.description,
    to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    c.id AS "companyId", c.name AS "companyName", c.hash_id AS "companyHash", q.name AS "questionnaireName", q.tax_year AS "taxYear",
    CASE WHEN actor.id IS NULL THEN NULL ELSE trim(actor.fname || ' ' || actor.lname) END AS "actorName", coalesce(actor.kind = 'staff', false) AS "actorIsStaff",
    CASE WHEN subj.id IS NULL THEN NULL ELSE trim(subj.fname || ' ' || subj.lname) END AS "subjectName"`;
  const n = values.length;
  const rowsSql = `SELECT ${select} ${FROM} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`;
  const requested = activityPage(f.page, Number.MAX_SAFE_INTEGER);
  const [rows, count] = await Promise.all([
    firmSql<Omit<ActivityRow, "typeLabel">>(portal.firm.id, rowsSql, [...values, ACTIVITIES_PAGE_SIZE, requested.offset]),
    firmSql<{ total: string }>(portal.firm.id, `SELECT count(*) AS total ${FROM} WHERE ${where}`, values),
  ]);
  const page = activityPage(f.page, Number(count[0]?.total ?? 0));
  // Past the end (a typed URL, or rows gone since): the last page.
  const shown =
    page.offset === requested.offset
      ? rows
      : await firmSql<Omit<ActivityRow, "typeLabel">>(portal.firm.id, rowsSql, [...values, ACTIVITIES_PAGE_SIZE, page.offset]);
  return { rows: shown.map((r) => ({ ...r, typeLabel: activityTypeLabel(r.typeId) })), page };
}

/** The filter choices: entities with activity the viewer may see, and the chosen entity's questionnaires. */
export async function activityFilterOptions(portal: FirmSiteContext, viewer: ActivityViewer, companyId: string | null): Promise<ActivityOptions> {
  const values: unknown[] = [];
  const group = ` AND ${entityVisibleSql(viewer, "c", (v) => `$${values.push(v)}`)}`;
  const [entities, questionnaires] = await Promise.all([
    firmSql<{ value: string; label: string }>(
      portal.firm.id,
      `SELECT c.id AS value, c.name AS label FROM companies c
        WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM activity_logs a WHERE a.company_id = c.id)${group}
        ORDER BY lower(c.name), c.id LIMIT 1000`,
      values,
    ),
    companyId
      ? firmSql<{ value: string; label: string }>(
          portal.firm.id,
          `SELECT id AS value, tax_year || ' ' || name AS label FROM questionnaires WHERE company_id = $1 AND deleted_at IS NULL ORDER BY tax_year DESC, lower(name), id`,
          [companyId],
        )
      : Promise.resolve([]),
  ]);
  return { entities, questionnaires };
}
