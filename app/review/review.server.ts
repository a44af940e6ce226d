/**
 * Review and export (Connect) on the server. Every call goes through one door: a signed-in staff
 * member of a firm with review and export on (otherwise the page and its calls do not exist: 404),
 * and a questionnaire that is reviewable (submitted or completed, not a draft, not deleted, its
 * entity live) and that the staff member may see (group access: `entityVisibleSql`); anything else,
 * another firm's included (row-level security), is 404.
 *
 * What is reviewed is read with the export's own reader (`readExportContent`), so the review shows
 * exactly what 'Export reviewed' exports, documents in the firm's document export order. Marks are
 * ReviewMark rows; each change is recorded in the activity log as type 6 (review and export).
 */
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { firmSql } from "~/db.server";
import { forbidden, notFound, PortalError } from "~/errors";
import { readExportContent } from "~/exports/content.server";
import { exportRows } from "~/exports/rules";
import { canOpenConnect } from "~/staff/permissions";
import type { StaffViewerContext } from "~/staff/viewer.server";
import { entityVisibleSql } from "~/staff/visibility";
import { entitySearchSql } from "~/staff/search";
import { firmVocabulary } from "~/vocabulary";
import {
  canMarkReviewed,
  isReviewItem,
  markKey,
  REVIEW_PAGE_SIZE,
  REVIEW_TEXT,
  reviewItems,
  reviewProgress,
  unmarkedItems,
  type ReviewAction,
  type ReviewItems,
  type ReviewProgress,
} from "./rules";

/** Review and export must be on for the firm (the preference that shows 'Connect'); else 404. */
export function requireConnect(portal: FirmSiteContext, viewer: StaffViewerContext): void {
  if (!canOpenConnect(viewer.facts, portal.firm.preferences)) throw notFound("Not Found");
}

type Bind = (value: unknown) => string;

/** The one rule of what can be reviewed, on `questionnaires q JOIN companies c`. */
function reviewableSql(viewer: StaffViewerContext, bind: Bind): string {
  return [
    "q.deleted_at IS NULL",
    "c.deleted_at IS NULL",
    "NOT q.is_draft",
    "(q.submitted_at IS NOT NULL OR q.completed)",
    entityVisibleSql(viewer.facts, "c", bind),
  ].join(" AND ");
}

export interface ReviewListRow {
  id: string;
  name: string;
  taxYear: number;
  entityName: string;
  submittedAt: string | null;
  completed: boolean;
  locked: boolean;
}

export interface ReviewList {
  rows: ReviewListRow[];
  total: number;
  page: number;
  pageSize: number;
  q: string | null;
}

/** The page of reviewable questionnaires, newest submission first (paged on the server). */
export async function listReviewable(portal: FirmSiteContext, viewer: StaffViewerContext, input: { page: number; q?: string }): Promise<ReviewList> {
  requireConnect(portal, viewer);
  const values: unknown[] = [];
  const bind: Bind = (v) => `$${values.push(v)}`;
  const where = [reviewableSql(viewer, bind)];
  if (input.q) where.push(`(q.name ILIKE ${bind(`%${input.q.replace(/[\\%_]/g, "\\$&")}%`)} OR ${entitySearchSql("c", input.q, bind)})`);
  const from = `FROM questionnaires q JOIN companies c ON c.id = q.company_id WHERE ${where.join(" AND ")}`;
  const [count] = await firmSql<{ n: number }>(portal.firm.id, `SELECT count(*)::int AS n ${from}`, values);
  const total = count?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const page = Math.min(input.page, lastPage);
  const rows = await firmSql<ReviewListRow>(
    portal.firm.id,
    `SELECT q.id, q.name, q.tax_year AS "taxYear", c.name AS "entityName", q.completed, q.locked,
            to_char(q.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt"
       ${from}
      ORDER BY q.submitted_at DESC NULLS LAST, q.id DESC
      LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${(page - 1) * REVIEW_PAGE_SIZE}`,
    values,
  );
  const tr = firmVocabulary(portal.firm);
  return { rows: rows.map((r) => ({ ...r, name: tr(r.name) })), total, page, pageSize: REVIEW_PAGE_SIZE, q: input.q ?? null };
}

interface Reviewable {
  id: string;
  company_id: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The questionnaire if reviewable and visible to the viewer (locked for update when changing marks), else 404. */
async function reviewable(tx: FirmTx, viewer: StaffViewerContext, questionnaireId: string, forUpdate: boolean): Promise<Reviewable> {
  if (!ID.test(questionnaireId)) throw notFound("Not Found");
  const values: unknown[] = [questionnaireId];
  const bind: Bind = (v) => `$${values.push(v)}`;
  const rows = await tx.$queryRawUnsafe<Reviewable[]>(
    `SELECT q.id, q.company_id FROM questionnaires q JOIN companies c ON c.id = q.company_id
      WHERE q.id = $1 AND ${reviewableSql(viewer, bind)}${forUpdate ? " FOR UPDATE OF q" : ""}`,
    ...values,
  );
  if (!rows[0]) throw notFound("Not Found");
  return rows[0];
}

export interface ReviewScreen {
  questionnaire: { id: string; name: string; taxYear: number; entityName: string; companyId: string };
  items: ReviewItems;
  /** Keys (`markKey`) of the items marked reviewed. */
  marked: string[];
  progress: ReviewProgress;
  /** Advisors mark; other staff only look. */
  canMark: boolean;
}

async function readReview(tx: FirmTx, portal: FirmSiteContext, viewer: StaffViewerContext, questionnaireId: string, forUpdate: boolean) {
  const row = await reviewable(tx, viewer, questionnaireId, forUpdate);
  const content = await readExportContent(tx, row.id);
  if (!content) throw notFound("Not Found");
  const items = reviewItems(exportRows(content.sections, content.questions, content.files, { removeNosAndNa: false }), content.files);
  const marks = new Set([
    ...[...content.reviewed.questions].map((id) => markKey("question", id)),
    ...[...content.reviewed.documents].map((id) => markKey("document", id)),
  ]);
  const tr = firmVocabulary(portal.firm);
  return { row, content, items, marks, name: tr(content.questionnaire.name) };
}

function screenOf(r: Awaited<ReturnType<typeof readReview>>, viewer: StaffViewerContext): ReviewScreen {
  const shown = new Set([...r.items.questions, ...r.items.documents].map((i) => markKey(i.kind, i.id)));
  return {
    questionnaire: {
      id: r.content.questionnaire.id,
      name: r.name,
      taxYear: r.content.questionnaire.taxYear,
      entityName: r.content.questionnaire.entityName,
      companyId: r.content.questionnaire.companyId,
    },
    items: r.items,
    marked: [...r.marks].filter((k) => shown.has(k)),
    progress: reviewProgress(r.items, r.marks),
    canMark: canMarkReviewed(viewer.facts).allowed,
  };
}

/** The review screen of one questionnaire. */
export async function loadReview(portal: FirmSiteContext, viewer: StaffViewerContext, questionnaireId: string): Promise<ReviewScreen> {
  requireConnect(portal, viewer);
  return portal.db.$transaction(async (tx) => screenOf(await readReview(tx, portal, viewer, questionnaireId, false), viewer));
}

/** Marks or unmarks one item, or marks every item; returns the screen as it now is. */
export async function changeReview(portal: FirmSiteContext, viewer: StaffViewerContext, questionnaireId: string, action: ReviewAction): Promise<ReviewScreen> {
  requireConnect(portal, viewer);
  const firmId = portal.firm.id;
  const staffId = viewer.user.id;
  return portal.db.$transaction(async (tx) => {
    const r = await readReview(tx, portal, viewer, questionnaireId, true);
    // Visibility first (404 above), then the role (403): read-only staff learn nothing new.
    const allowed = canMarkReviewed(viewer.facts);
    if (!allowed.allowed) throw forbidden(allowed.message);
    const log = (title: string, description: string | null) =>
      tx.activityLog.create({
        data: {
          firmId,
          typeId: ACTIVITY_TYPES.reviewAndExport,
          title,
          description: description?.slice(0, 2000) ?? null,
          actorId: staffId,
          companyId: r.row.company_id,
          questionnaireId: r.row.id,
          ipAddress: portal.clientAddress,
        },
      });
    if (action.intent === "mark") {
      if (!isReviewItem(r.items, action.itemKind, action.itemId)) throw new PortalError(404, REVIEW_TEXT.notAnItem);
      const key = markKey(action.itemKind, action.itemId);
      const label =
        action.itemKind === "question"
          ? r.items.questions.find((q) => q.id === action.itemId)!.question
          : r.items.documents.find((d) => d.id === action.itemId)!.name;
      const what = action.itemKind === "question" ? "an answer" : "a document";
      if (action.reviewed && !r.marks.has(key)) {
        await tx.reviewMark.create({ data: { firmId, questionnaireId: r.row.id, itemKind: action.itemKind, itemId: action.itemId, reviewedById: staffId } });
        r.marks.add(key);
        await log(`Marked ${what} reviewed`, label);
      } else if (!action.reviewed && r.marks.has(key)) {
        await tx.reviewMark.deleteMany({ where: { questionnaireId: r.row.id, itemKind: action.itemKind, itemId: action.itemId } });
        r.marks.delete(key);
        await log(`Marked ${what} not reviewed`, label);
      }
    } else {
      const todo = unmarkedItems(r.items, r.marks);
      if (todo.length) {
        await tx.reviewMark.createMany({
          data: todo.map((i) => ({ firmId, questionnaireId: r.row.id, itemKind: i.kind, itemId: i.id, reviewedById: staffId })),
          skipDuplicates: true,
        });
        for (const i of todo) r.marks.add(markKey(i.kind, i.id));
        await log("Marked all reviewed", `${todo.length} ${todo.length === 1 ? "item" : "items"}`);
      }
    }
    return screenOf(r, viewer);
  });
}
