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
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { firmDb, firmSql, withFirm } from "~/db.server";
import { siteUrl } from "~/env.server";
import { PortalError } from "~/errors";
import { sendInvitation } from "~/team/invite.server";
import { STAFF_LIST_COLUMNS, staffRowInput, TEAM_MESSAGES, validateStaffRow } from "~/team/team-rules";
import { createStaffMember, inviterName, isUniqueViolation } from "~/team/team.server";
import { openImportFile } from "./import-file.server";
import { runImportRows } from "./import-rows.server";

export const IMPORT_STAFF_LIST_JOB = "import-staff-list";

export const STAFF_IMPORT_FAILURES = {
  noColumns: `The file has no First Name, Last Name and Email columns. Use the columns ${STAFF_LIST_COLUMNS.join(", ")}.`,
  wrongType: "This import is not a staff list.",
} as const;

/** Runs one staff list import; safe to run again (it resumes, or does nothing when finished). */
export async function runStaffListImport(data: unknown): Promise<{ invited: number; rejected: number } | void> {
  const opened = await openImportFile(data, {
    accepts: (job) => job.fileType === "staff_list",
    wrongType: STAFF_IMPORT_FAILURES.wrongType,
    hasColumns: (headers) => {
      const fields = new Set(headers.flatMap((h) => Object.keys(staffRowInput({ [h]: "x" }))));
      return fields.has("fname") && fields.has("lname") && fields.has("email");
    },
    noColumns: STAFF_IMPORT_FAILURES.noColumns,
  });
  if (!opened) return;
  const { firmId, importId, job, headers, rows, rowErrors } = opened;
  const db = firmDb(firmId);

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
