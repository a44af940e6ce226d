/**
 * The Collect table's page: one statement for the page's rows (entity, owner, advisor, group,
 * custom status, counts and firm roles joined or aggregated per row inside that statement) and one
 * for the count, both under the firm's row-level security; the filter choices in one round.
 */
import { pageInfo, type PageInfo, type TableState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/rules";
import type { StaffViewer } from "~/staff/tables";
import { todayIn } from "~/time-zones";
import { collectQuery, COLLECT_FROM, nextReminderDate } from "./table";

export interface CollectRow {
  id: string;
  companyId: string;
  companyHash: string;
  client: string;
  owner: string | null;
  name: string;
  taxYear: number;
  dueDate: string | null;
  isDraft: boolean;
  isOpenItem: boolean;
  locked: boolean;
  completed: boolean;
  inProgress: boolean;
  openedAt: string | null;
  lastActivity: string | null;
  lastActivityAt: string | null;
  submittedAt: string | null;
  firstDocUploadedAt: string | null;
  deletedAt: string | null;
  remindersDisabled: boolean;
  nextReminderDate: string | null;
  customStatus: string | null;
  entityType: string;
  externalUserId: string | null;
  externalEntityId: string | null;
  assigned: string | null;
  firmGroup: string | null;
  notes: number;
  documents: number;
  firmRoles: string[];
}

interface RawRow extends Omit<CollectRow, "nextReminderDate" | "notes" | "documents"> {
  notes: string;
  documents: string;
  sentOn: string | null;
  lastRemindedOn: string | null;
  earliestRemindDate: string | null;
}

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = `q.id, q.company_id AS "companyId", c.hash_id AS "companyHash", c.name AS client,
  CASE WHEN o.id IS NULL THEN NULL ELSE trim(o.fname || ' ' || o.lname) END AS owner,
  q.name, q.tax_year AS "taxYear", to_char(q.due_date, 'YYYY-MM-DD') AS "dueDate",
  q.is_draft AS "isDraft", q.is_open_item AS "isOpenItem", q.locked, q.completed, q.in_progress AS "inProgress",
  ${ts("q.opened_at")} AS "openedAt", q.last_activity AS "lastActivity", ${ts("q.last_activity_at")} AS "lastActivityAt",
  ${ts("q.submitted_at")} AS "submittedAt", ${ts("q.first_doc_uploaded_at")} AS "firstDocUploadedAt", ${ts("q.deleted_at")} AS "deletedAt",
  q.reminders_disabled AS "remindersDisabled",
  to_char(q.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "sentOn", to_char(q.last_reminded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "lastRemindedOn",
  to_char(q.earliest_remind_date, 'YYYY-MM-DD') AS "earliestRemindDate",
  cs.firm_user_display_status AS "customStatus", c.entity_type AS "entityType",
  o.external_user_id AS "externalUserId", c.external_entity_id AS "externalEntityId",
  CASE WHEN adv.id IS NULL THEN NULL ELSE trim(adv.fname || ' ' || adv.lname) END AS assigned,
  g.name AS "firmGroup",
  (SELECT count(*) FROM notes n WHERE n.questionnaire_id = q.id AND n.deleted_at IS NULL) AS notes,
  (SELECT count(*) FROM documents d WHERE d.questionnaire_id = q.id AND d.deleted_at IS NULL AND d.item_type = 'file') AS documents,
  COALESCE((SELECT array_agg(fr.role_name || ': ' || trim(u.fname || ' ' || u.lname) ORDER BY fr.role_name, u.lname)
              FROM firm_role_assignments a JOIN firm_roles fr ON fr.id = a.firm_role_id JOIN users u ON u.id = a.user_id
             WHERE a.company_id = q.company_id), '{}') AS "firmRoles"`;

export interface CollectPage {
  rows: CollectRow[];
  page: PageInfo;
}

/** Two statements whatever the page (three when the requested page is past the end). */
export async function listCollect(portal: FirmSiteContext, viewer: StaffViewer, state: TableState): Promise<CollectPage> {
  const today = todayIn(portal.firm.timeZone);
  const q = collectQuery(state, viewer, { today, hiddenEntityType: UNASSIGNED_ENTITY_TYPE });
  const n = q.values.length;
  const rowsSql = `SELECT ${SELECT} ${COLLECT_FROM} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const requested = pageInfo(state.page, state.size, Number.MAX_SAFE_INTEGER);
  const [rows, countRows] = await Promise.all([
    firmSql<RawRow>(portal.firm.id, rowsSql, [...q.values, state.size, requested.offset]),
    firmSql<{ total: string; frequency: number | null }>(
      portal.firm.id,
      `SELECT (SELECT count(*) ${COLLECT_FROM} WHERE ${q.where}) AS total, (SELECT questionnaire_reminder_frequency_days FROM firms) AS frequency`,
      q.values,
    ),
  ]);
  const page = pageInfo(state.page, state.size, Number(countRows[0]?.total ?? 0));
  const finalRows = page.offset === requested.offset ? rows : await firmSql<RawRow>(portal.firm.id, rowsSql, [...q.values, state.size, page.offset]);
  const frequency = countRows[0]?.frequency ?? 7;
  return {
    page,
    rows: finalRows.map(({ sentOn, lastRemindedOn, earliestRemindDate, notes, documents, ...r }) => ({
      ...r,
      notes: Number(notes),
      documents: Number(documents),
      nextReminderDate: nextReminderDate({ ...r, sentOn, lastRemindedOn, earliestRemindDate }, frequency, today),
    })),
  };
}

/** The choices of the table's filters, visible to this viewer (one round of parallel statements). */
export async function collectFilterOptions(portal: FirmSiteContext, viewer: StaffViewer) {
  const [advisors, groups, statuses, types, years, me] = await Promise.all([
    portal.db.user.findMany({ where: { kind: "staff", isAdvisor: true, deletedAt: null }, select: { id: true, fname: true, lname: true }, orderBy: [{ lname: "asc" }, { fname: "asc" }] }),
    portal.db.firmGroup.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    portal.db.firmCustomStatus.findMany({ select: { id: true, firmUserDisplayStatus: true }, orderBy: [{ order: "asc" }, { firmUserDisplayStatus: "asc" }] }),
    firmSql<{ type: string }>(portal.firm.id, `SELECT DISTINCT entity_type AS type FROM companies WHERE deleted_at IS NULL AND entity_type <> $1 ORDER BY 1`, [UNASSIGNED_ENTITY_TYPE]),
    firmSql<{ year: number }>(portal.firm.id, `SELECT DISTINCT tax_year AS year FROM questionnaires WHERE deleted_at IS NULL ORDER BY 1 DESC`),
    viewer.firmAccess === "group" ? portal.db.user.findFirst({ where: { id: viewer.id }, select: { firmGroupId: true } }) : Promise.resolve(null),
  ]);
  return {
    advisors: advisors.map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}`.trim() })),
    groups: (viewer.firmAccess === "group" ? groups.filter((g) => g.id === me?.firmGroupId) : groups).map((g) => ({ value: g.id, label: g.name })),
    customStatuses: statuses.map((s) => ({ value: s.id, label: s.firmUserDisplayStatus })),
    entityTypes: types.map((t) => ({ value: t.type, label: t.type })),
    years: years.map((y) => ({ value: String(y.year), label: String(y.year) })),
  };
}

/** Queue status (spec §7 "Backlog count"): imports waiting or running, and scheduled sends that are due. */
export async function backlogCount(portal: FirmSiteContext): Promise<number> {
  const rows = await firmSql<{ n: string }>(
    portal.firm.id,
    `SELECT (SELECT count(*) FROM import_jobs WHERE status IN ('pending', 'processing'))
          + (SELECT count(*) FROM questionnaires WHERE deleted_at IS NULL AND sent_at IS NULL AND NOT is_draft
                AND scheduled_send_at IS NOT NULL AND scheduled_send_at <= now()) AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}
