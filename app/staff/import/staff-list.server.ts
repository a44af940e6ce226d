/**
 * The staff list import job: reads the uploaded CSV (First Name, Last Name, Email, Role, Advisor,
 * Firm Group) and invites one staff member per valid row, with the Team page's rules
 * (team-rules.ts `validateStaffRow`: names, email, an email already in the firm, role, group;
 * an admin's list can't make partners). Rejected rows are kept with their reason for the report.
 *
 * Each row's staff member is created in one transaction together with the import's progress, so
 * a job that dies resumes at the first row not done; the invitation email follows the commit (a
 * member whose email did not go out shows as Invited, and Resend sends it).
 */
import Papa from "papaparse";
import * as z from "zod";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { firmDb, firmSql, withFirm } from "~/db.server";
import { siteUrl } from "~/env.server";
import { PortalError } from "~/errors";
import { readObject } from "~/storage.server";
import { sendInvitation } from "~/team/invite.server";
import { STAFF_LIST_COLUMNS, staffRowInput, TEAM_MESSAGES, validateStaffRow } from "~/team/team-rules";
import { createStaffMember, inviterName, isUniqueViolation } from "~/team/team.server";
import { IMPORT_FAILURES } from "./client-list.server";
import { MAX_IMPORT_BYTES } from "./import-rules";
import { runImportRows } from "./import-rows.server";

export const IMPORT_STAFF_LIST_JOB = "import-staff-list";

const jobData = z.object({ firmId: z.string().min(1).max(64), importId: z.string().min(1).max(64) });

export const STAFF_IMPORT_FAILURES = {
  noColumns: `The file has no First Name, Last Name and Email columns. Use the columns ${STAFF_LIST_COLUMNS.join(", ")}.`,
  wrongType: "This import is not a staff list.",
} as const;

async function finish(firmId: string, importId: string, status: "completed" | "failed", error: string | null): Promise<void> {
  await firmDb(firmId).importJob.update({ where: { id: importId }, data: { status, error, completedAt: new Date() } });
}

/** Runs one staff list import; safe to run again (it resumes, or does nothing when finished). */
export async function runStaffListImport(data: unknown): Promise<{ invited: number; rejected: number } | void> {
  const { firmId, importId } = jobData.parse(data);
  const db = firmDb(firmId);
  const job = await db.importJob.findFirst({ where: { id: importId } });
  if (!job || job.status === "completed" || job.status === "failed") return;
  if (job.fileType !== "staff_list") return finish(firmId, importId, "failed", STAFF_IMPORT_FAILURES.wrongType);
  if (job.status === "pending") await db.importJob.update({ where: { id: importId }, data: { status: "processing" } });

  let bytes: Uint8Array | null;
  try {
    bytes = await readObject({ firmId, key: job.storageKey, maxBytes: MAX_IMPORT_BYTES });
  } catch (error) {
    if (error instanceof PortalError) return finish(firmId, importId, "failed", IMPORT_FAILURES.tooLarge);
    throw error;
  }
  if (!bytes) return finish(firmId, importId, "failed", IMPORT_FAILURES.missing);

  const text = new TextDecoder("utf-8").decode(bytes);
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  const headers = parsed.meta.fields ?? [];
  const fields = new Set(headers.flatMap((h) => Object.keys(staffRowInput({ [h]: "x" }))));
  if (!fields.has("fname") || !fields.has("lname") || !fields.has("email")) return finish(firmId, importId, "failed", STAFF_IMPORT_FAILURES.noColumns);

  const rows = parsed.data;
  const rowErrors = new Map<number, string>();
  for (const e of parsed.errors) if (typeof e.row === "number" && !rowErrors.has(e.row)) rowErrors.set(e.row, e.message);
  if (job.totalRows !== rows.length) await db.importJob.update({ where: { id: importId }, data: { totalRows: rows.length } });

  const [firm, importer, groups, prefs, emails] = await Promise.all([
    db.firm.findFirst({ where: { id: firmId }, select: { id: true, name: true, slug: true, timeZone: true } }),
    job.createdById ? db.user.findFirst({ where: { id: job.createdById }, select: { id: true, firmAccess: true } }) : null,
    db.firmGroup.findMany({ select: { id: true, name: true } }),
    db.firmPreferences.findFirst({ select: { hasFirmGroups: true } }),
    firmSql<{ email: string }>(firmId, `SELECT lower(email) AS email FROM users WHERE email IS NOT NULL`),
  ]);
  if (!firm) return;
  const scope = { firm, db, origin: siteUrl(firm.slug), clientAddress: null };
  const ctx = {
    hasFirmGroups: Boolean(prefs?.hasFirmGroups),
    groupsByName: new Map(groups.map((g) => [g.name.toLowerCase(), g.id])),
    takenEmails: new Set(emails.map((e) => e.email)),
    importer: { firmAccess: importer?.firmAccess ?? null },
  };
  const actorId = importer?.id ?? null;
  const inviter = { id: actorId, name: actorId ? await inviterName(db, actorId) : null };
  const { taken: invited, rejected } = await runImportRows(firmId, importId, {
    headers,
    rows,
    rowErrors,
    from: job.processedRows,
    validate: (record) => validateStaffRow(staffRowInput(record), ctx),
    take: async (result, i) => {
      let member: { id: string; email: string; fname: string };
      try {
        member = await withFirm(firmId, async (tx) => {
          if (await tx.user.count({ where: { email: { equals: result.invite.email, mode: "insensitive" } } }))
            throw new PortalError(409, TEAM_MESSAGES.emailTaken);
          const made = await createStaffMember(tx, scope, actorId, result.invite, `from the staff list ${job.fileName}`);
          await tx.importJob.update({ where: { id: importId }, data: { processedRows: i + 1, createdUsers: { increment: 1 } } });
          return made;
        });
      } catch (error) {
        if (error instanceof PortalError || isUniqueViolation(error)) return TEAM_MESSAGES.emailTaken;
        throw error; // the database is down: pg-boss retries, resuming at this row
      }
      ctx.takenEmails.add(member.email);
      await sendInvitation(scope, member, inviter);
      return null;
    },
  });

  await withFirm(firmId, async (tx) => {
    const done = await tx.importJob.update({
      where: { id: importId },
      data: { status: "completed", completedAt: new Date() },
      select: { createdUsers: true, rejectedCount: true },
    });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Staff list imported",
      description: `${job.fileName}: ${done.createdUsers} staff invited, ${done.rejectedCount} rows rejected`,
      actorId,
    });
  });
  return { invited, rejected };
}
