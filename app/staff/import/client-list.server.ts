/**
 * The client list import job: reads the CSV the staff member uploaded (papaparse), validates
 * each row with the product's rules (import-rules.ts) and creates the row's users and entity.
 *
 * Atomicity: all or nothing per row. Each valid row is created in its own transaction together
 * with the import's progress (processed_rows = this row), so a failing row never leaves a
 * half-created user or entity, and a job that dies is retried from the first row not done. A
 * rejected row is recorded with its reason for the report; the rows before and after it stand.
 *
 * Tenancy: `{ firmId, importId }` come from the job; the ImportJob is read in that firm's scope
 * (a mismatched pair finds nothing and does nothing), and every write runs under that firm's
 * row-level security.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { firmDb, firmSql, withFirm, type FirmTx } from "~/db.server";
import { randomInt } from "node:crypto";
import {
  BUILT_IN_ENTITY_TYPES,
  ROW_MESSAGES,
  VARIOUS_ASSIGNEE,
  rowInput,
  validateClientRow,
  type ClientListType,
  type RowContext,
  type ValidClientRow,
} from "./import-rules";
import { IMPORT_FILE_FAILURES, openImportFile } from "./import-file.server";
import { runImportRows } from "./import-rows.server";

export const IMPORT_CLIENT_LIST_JOB = "import-client-list";

/** The notification types a primary owner gets; a spouse gets fewer (as the demo firms). */
const OWNER_NOTIFICATION_TYPES = [1, 2, 3, 4, 5, 7];
const SPOUSE_NOTIFICATION_TYPES = [1, 3, 4, 5];

export const IMPORT_FAILURES = {
  ...IMPORT_FILE_FAILURES,
  noColumns: "The file has no First Name and Last Name columns. Download the template to see the expected columns.",
  wrongType: "This import is not a client list.",
} as const;

/** 12 lower-case letters and digits, like the other public entity ids. */
function newEntityHashId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
  return e?.code === "P2002" || e?.cause?.code === "23505" || /unique constraint/i.test(e?.message ?? "");
}

/** Runs one client list import; safe to run again (it resumes, or does nothing when finished). */
export async function runClientListImport(data: unknown): Promise<{ created: number; rejected: number } | void> {
  const opened = await openImportFile(data, {
    accepts: (job) => job.fileType === "client_list" && Boolean(job.clientListType),
    wrongType: IMPORT_FAILURES.wrongType,
    hasColumns: (headers) => {
      const fields = new Set(headers.map((h) => rowInput({ [h]: "x" })).flatMap((r) => Object.keys(r)));
      return fields.has("fname") && fields.has("lname");
    },
    noColumns: IMPORT_FAILURES.noColumns,
  });
  if (!opened) return;
  const { firmId, importId, job, headers, rows, rowErrors } = opened;
  if (!job.clientListType) return; // accepted above: only a client list with its type

  const ctx = await rowContext(firmId, job.clientListType, job.assignedFirmUserId);
  const actorId = job.createdById;
  const { taken: created, rejected } = await runImportRows(firmId, importId, {
    headers,
    rows,
    rowErrors,
    from: job.processedRows,
    validate: (record) => validateClientRow(rowInput(record), ctx),
    take: async (result, i) => {
      try {
        await withFirm(firmId, async (tx) => {
          const problem = await takenInDatabase(tx, result.row);
          if (problem) throw new RowRejected(problem);
          const made = await createRow(tx, firmId, result.row, { actorId, fileName: job.fileName });
          await tx.importJob.update({
            where: { id: importId },
            data: { processedRows: i + 1, createdUsers: { increment: made.users }, createdEntities: { increment: 1 } },
          });
        });
      } catch (error) {
        if (error instanceof RowRejected) return error.message;
        if (isUniqueViolation(error)) return ROW_MESSAGES.emailTaken;
        throw error; // the database is down: pg-boss retries, resuming at this row
      }
      for (const email of [result.row.client.email, result.row.spouse?.email]) if (email) ctx.takenEmails.add(email);
      ctx.takenEntityNames.add(result.row.entity.name.trim().toLowerCase());
      return null;
    },
  });

  await withFirm(firmId, async (tx) => {
    const done = await tx.importJob.update({
      where: { id: importId },
      data: { status: "completed", completedAt: new Date() },
      select: { createdUsers: true, createdEntities: true, rejectedCount: true },
    });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Client list imported",
      description: `${job.fileName}: ${done.createdUsers} users and ${done.createdEntities} entities created, ${done.rejectedCount} rows rejected`,
      actorId,
    });
  });
  return { created, rejected };
}

class RowRejected extends Error {}

type MutableRowContext = RowContext & { takenEmails: Set<string>; takenEntityNames: Set<string> };

/** Advisors, groups, entity types and the emails and entity names already taken, in four reads. */
async function rowContext(firmId: string, listType: ClientListType, assignee: string | null): Promise<MutableRowContext> {
  const db = firmDb(firmId);
  const [advisors, groups, customTypes, prefs, emails, names] = await Promise.all([
    db.user.findMany({ where: { kind: "staff", isAdvisor: true, deletedAt: null }, select: { id: true, email: true } }),
    db.firmGroup.findMany({ select: { id: true, name: true } }),
    db.firmEntityType.findMany({ select: { name: true } }),
    db.firmPreferences.findFirst({ select: { individualEntityTypeBlocked: true, hasFirmGroups: true } }),
    firmSql<{ email: string }>(firmId, `SELECT lower(email) AS email FROM users WHERE email IS NOT NULL`),
    firmSql<{ name: string }>(firmId, `SELECT lower(trim(name)) AS name FROM companies WHERE deleted_at IS NULL`),
  ]);
  const entityTypes = new Map<string, string>();
  for (const t of [...BUILT_IN_ENTITY_TYPES, ...customTypes.map((c) => c.name)]) entityTypes.set(t.toLowerCase(), t);
  return {
    listType,
    assigneeId: assignee && assignee !== VARIOUS_ASSIGNEE && advisors.some((a) => a.id === assignee) ? assignee : null,
    advisorsByEmail: new Map(advisors.filter((a) => a.email).map((a) => [a.email!.toLowerCase(), a.id])),
    groupsByName: prefs?.hasFirmGroups ? new Map(groups.map((g) => [g.name.toLowerCase(), g.id])) : new Map(),
    entityTypes,
    individualBlocked: prefs?.individualEntityTypeBlocked ?? false,
    takenEmails: new Set(emails.map((e) => e.email)),
    takenEntityNames: new Set(names.map((n) => n.name)),
  };
}

/** Inside the row's transaction: what another request may have created since the job started. */
async function takenInDatabase(tx: FirmTx, row: ValidClientRow): Promise<string | null> {
  const emails = [row.client.email, row.spouse?.email].filter((e): e is string => !!e);
  if (emails.length && (await tx.user.count({ where: { email: { in: emails } } }))) return ROW_MESSAGES.emailTaken;
  const name = row.entity.name.trim();
  if (await tx.company.count({ where: { name: { equals: name, mode: "insensitive" }, deletedAt: null } })) return ROW_MESSAGES.entityExists;
  return null;
}

async function createRow(tx: FirmTx, firmId: string, row: ValidClientRow, meta: { actorId: string | null; fileName: string }): Promise<{ users: number }> {
  const firm = await tx.firm.findFirst({ where: { id: firmId }, select: { timeZone: true } });
  const timeZone = firm?.timeZone ?? "Pacific Time (US & Canada)";
  const common = { firmId, kind: "client" as const, timeZone, assignedAdvisorId: row.advisorId, firmGroupId: row.groupId, preferredSignInMethod: null };
  const client = await tx.user.create({
    data: {
      ...common,
      email: row.client.email,
      fname: row.client.fname,
      lname: row.client.lname,
      phoneNumber: row.client.phone,
      externalUserId: row.client.externalId,
    },
    select: { id: true },
  });
  const spouse = row.spouse
    ? await tx.user.create({ data: { ...common, email: row.spouse.email, fname: row.spouse.fname, lname: row.spouse.lname }, select: { id: true } })
    : null;
  const company = await tx.company.create({
    data: { firmId, hashId: newEntityHashId(), ...row.entity, primaryOwnerId: client.id },
    select: { id: true },
  });
  const individual = row.entity.entityType === "Individual";
  await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: client.id, isPrimary: true, specialRole: individual ? "taxpayer" : "none" } });
  const subscriptions = OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId, companyId: company.id, userId: client.id, notificationTypeId }));
  if (spouse) {
    await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: spouse.id, specialRole: "spouse" } });
    subscriptions.push(...SPOUSE_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId, companyId: company.id, userId: spouse.id, notificationTypeId })));
  }
  await tx.ownerNotificationSubscription.createMany({ data: subscriptions });
  await tx.user.updateMany({ where: { id: { in: [client.id, ...(spouse ? [spouse.id] : [])] } }, data: { defaultCompanyId: company.id } });
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Client imported",
    description: `${row.entity.name} (${row.entity.entityType}) was created from the client list ${meta.fileName}`,
    actorId: meta.actorId,
    userId: client.id,
    companyId: company.id,
  });
  return { users: spouse ? 2 : 1 };
}
