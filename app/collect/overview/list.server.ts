/**
 * The Collect table's page: one statement for the page's rows (entity, owner, advisor, group,
 * custom status, counts and firm roles joined or aggregated per row inside that statement) and one
 * for the count, both under the firm's row-level security; the filter choices in one round.
 */
import type { PageInfo, TableState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import type { ProgressCounts } from "~/questionnaires/progress";
import { readProgress } from "~/questionnaires/progress.server";
import type { DepositFacts } from "~/questionnaires/rules";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { readPage } from "~/staff/keyset-page.server";
import { canSeeGroup } from "~/staff/permissions";
import type { StaffViewer } from "~/staff/tables";
import { todayIn } from "~/time-zones";
import { collectQuery, COLLECT_FROM } from "./table";

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
  /** The custom status's palette colour (app/custom-statuses/rules.ts). */
  customStatusColor: string | null;
  entityType: string;
  externalUserId: string | null;
  externalEntityId: string | null;
  assigned: string | null;
  firmGroup: string | null;
  notes: number;
  /** The client's notes on the questionnaire's questions (not the firm's replies). */
  clientNotes: number;
  /** The newest of them: where it is and how it starts. */
  latestClientNote: { questionId: string; author: string; body: string } | null;
  documents: number;
  firmRoles: string[];
  /** Role id → who holds it on the row's entity (the per-role columns, only with use_firm_roles; set by the loader). */
  roleHolders?: Record<string, string[]>;
  /** Spec field has_split_documents_to_review: see SPLIT_TO_REVIEW_SQL. */
  hasSplitDocumentsToReview: boolean;
  /** The sections the client was asked and how many are done (questionnaires/progress.ts, as every screen shows it). */
  progress: ProgressCounts;
}

interface RawRow extends Omit<CollectRow, "notes" | "clientNotes" | "documents" | "progress">, DepositFacts {
  notes: string;
  clientNotes: string;
  documents: string;
}

/**
 * has_split_documents_to_review: the firm split one of the questionnaire's documents and nobody
 * has reviewed the result yet, i.e. a split that succeeded, was not undone (Restore) and was not
 * marked as other. Read through extracted_documents' questionnaire index.
 */
const SPLIT_TO_REVIEW_SQL = `EXISTS (SELECT 1 FROM extracted_documents e WHERE e.questionnaire_id = q.id AND e.parent_document_id IS NULL AND e.source = 'split'
  AND e.status = 'split_succeeded' AND NOT e.marked_as_others AND e.deleted_at IS NULL)`;

/** The client's own notes on the questionnaire's live questions (replies and the firm's internal notes left out). */
const CLIENT_NOTES_FROM = `FROM question_comments qc JOIN questions qq ON qq.firm_id = qc.firm_id AND qq.id = qc.question_id
  JOIN users cu ON cu.firm_id = qc.firm_id AND cu.id = qc.author_id
  WHERE qq.questionnaire_id = q.id AND qq.deleted_at IS NULL AND cu.kind = 'client'
    AND qc.reply_to_id IS NULL AND NOT qc.from_firm_user AND NOT qc.removed AND qc.deleted_at IS NULL`;

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = `q.id, q.company_id AS "companyId", c.hash_id AS "companyHash", c.name AS client,
  CASE WHEN o.id IS NULL THEN NULL ELSE trim(o.fname || ' ' || o.lname) END AS owner,
  q.name, q.tax_year AS "taxYear", to_char(q.due_date, 'YYYY-MM-DD') AS "dueDate",
  q.is_draft AS "isDraft", q.is_open_item AS "isOpenItem", q.locked, q.completed, q.in_progress AS "inProgress",
  ${ts("q.opened_at")} AS "openedAt", q.last_activity AS "lastActivity", ${ts("q.last_activity_at")} AS "lastActivityAt",
  ${ts("q.submitted_at")} AS "submittedAt", ${ts("q.first_doc_uploaded_at")} AS "firstDocUploadedAt", ${ts("q.deleted_at")} AS "deletedAt",
  q.reminders_disabled AS "remindersDisabled", ${ts("q.next_reminder_date")} AS "nextReminderDate",
  q.deposit_status::text AS "depositStatus", q.deposit_amount_cents AS "depositAmountCents",
  cs.firm_user_display_status AS "customStatus", cs.color AS "customStatusColor", c.entity_type AS "entityType",
  o.external_user_id AS "externalUserId", c.external_entity_id AS "externalEntityId",
  CASE WHEN adv.id IS NULL THEN NULL ELSE trim(adv.fname || ' ' || adv.lname) END AS assigned,
  g.name AS "firmGroup",
  (SELECT count(*) FROM notes n WHERE n.questionnaire_id = q.id AND n.deleted_at IS NULL) AS notes,
  (SELECT count(*) ${CLIENT_NOTES_FROM}) AS "clientNotes",
  (SELECT json_build_object('questionId', qq.id, 'body', left(qc.body, 80), 'author', coalesce(nullif(cu.preferred_name, ''), trim(cu.fname || ' ' || cu.lname)))
     ${CLIENT_NOTES_FROM} ORDER BY qc.created_at DESC LIMIT 1) AS "latestClientNote",
  (SELECT count(*) FROM documents d WHERE d.questionnaire_id = q.id AND d.deleted_at IS NULL AND d.item_type = 'file') AS documents,
  ${SPLIT_TO_REVIEW_SQL} AS "hasSplitDocumentsToReview",
  COALESCE((SELECT array_agg(fr.role_name || ': ' || trim(u.fname || ' ' || u.lname) ORDER BY fr.role_name, u.lname)
              FROM firm_role_assignments a JOIN firm_roles fr ON fr.id = a.firm_role_id JOIN users u ON u.id = a.user_id
             WHERE a.company_id = q.company_id), '{}') AS "firmRoles"`;

export interface CollectPage {
  rows: CollectRow[];
  page: PageInfo;
  /** More rows match than COUNT_CAP: the label reads '… of 10,000+' and paging stops there (narrow with filters). */
  capped: boolean;
}

/**
 * Counting stops here: an exact count of a very large firm's questionnaires costs a scan of all of
 * them on every page view, while a capped one costs at most this many rows.
 */
export const COUNT_CAP = 10_000;

/** The count joins the entity and its owner only when a condition reads them (the owner comes through the entity). */
export function countFrom(where: string): string {
  if (/\bo\./.test(where)) return "FROM questionnaires q JOIN companies c ON c.id = q.company_id LEFT JOIN users o ON o.id = c.primary_owner_id";
  if (/\bc\./.test(where)) return "FROM questionnaires q JOIN companies c ON c.id = q.company_id";
  return "FROM questionnaires q";
}

/** Two statements whatever the page (three when the requested page is past the end); deep pages by keyset. */
export async function listCollect(portal: FirmSiteContext, viewer: StaffViewer, state: TableState): Promise<CollectPage> {
  const today = todayIn(portal.firm.timeZone);
  const q = collectQuery(state, viewer, { today, hiddenEntityType: UNASSIGNED_ENTITY_TYPE });
  const {
    rows: finalRows,
    page,
    capped,
  } = await readPage<RawRow>(
    portal.firm.id,
    { select: SELECT, from: COLLECT_FROM, where: q.where, orderBy: q.orderBy, values: q.values, countFrom: countFrom(q.where) },
    state,
    COUNT_CAP,
  );
  const progress = await portal.db.$transaction((tx) => readProgress(tx, finalRows, { onePerSection: portal.firm.preferences.requireOneSignaturePerSection }));
  return {
    page,
    capped,
    rows: finalRows.map(({ notes, clientNotes, documents, depositStatus: _status, depositAmountCents: _amount, ...r }) => {
      const p = progress.get(r.id)!;
      return {
        ...r,
        notes: Number(notes),
        clientNotes: Number(clientNotes),
        documents: Number(documents),
        progress: { done: p.done, total: p.total, percent: p.percent },
      };
    }),
  };
}

/** The choices of the table's filters, visible to this viewer (one round of parallel statements). */
export async function collectFilterOptions(portal: FirmSiteContext, viewer: StaffViewer) {
  const [advisors, groups, statuses, types, years] = await Promise.all([
    portal.db.user.findMany({
      where: { kind: "staff", isAdvisor: true, deletedAt: null },
      select: { id: true, fname: true, lname: true },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
    portal.db.firmGroup.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    portal.db.firmCustomStatus.findMany({ select: { id: true, firmUserDisplayStatus: true }, orderBy: [{ order: "asc" }, { firmUserDisplayStatus: "asc" }] }),
    firmSql<{ type: string }>(portal.firm.id, `SELECT DISTINCT entity_type AS type FROM companies WHERE deleted_at IS NULL AND entity_type <> $1 ORDER BY 1`, [
      UNASSIGNED_ENTITY_TYPE,
    ]),
    firmSql<{ year: number }>(portal.firm.id, `SELECT DISTINCT tax_year AS year FROM questionnaires WHERE deleted_at IS NULL ORDER BY 1 DESC`),
  ]);
  return {
    advisors: advisors.map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}`.trim() })),
    groups: groups
      .filter((g) => canSeeGroup({ firmAccess: viewer.firmAccess, firmGroupId: viewer.firmGroupId ?? null }, g.id))
      .map((g) => ({ value: g.id, label: g.name })),
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
