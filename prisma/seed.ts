/**
 * The demo firms of tenants/ in the database: firm settings, staff, clients, entities, the
 * canned templates and questionnaires in every status (see QUESTIONNAIRE_SCENARIOS).
 *
 * It only adds what is missing and never changes a row that exists: `npm start` seeds on every
 * start, and what a firm changed in the product (its brand colour, a user's name) must survive
 * it. Every row gets an id derived from natural keys (firm slug, email or name, entity name,
 * questionnaire name and tax year, section and question keys), so a second run finds what the
 * first one wrote:
 * - firm, preferences, vocabulary, custom statuses, users and entities are created when missing
 *   (a user is found by their demo email or their demo id, so one whose email was changed is not
 *   created again);
 * - groups, tags, owners and subscriptions are inserted when missing;
 * - a questionnaire (with its sections, questions, entries, signatures and activity) is created
 *   once and then left alone, so what someone does in the demo survives a restart. Its dates are
 *   relative to the day it was created; `seedDemo({ reset: true })` (`npm run db:reset-demo`)
 *   deletes the demo firms and starts them over.
 *
 * Each firm is written in its own row-level-security scope (`withFirm`), never with the
 * unscoped client: the firm row itself is created in the scope of its own id.
 */
import { createHash } from "node:crypto";
import { hashPassword } from "~/auth/password.server";
import { withFirm, type FirmTx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { BOOLEAN_ANSWERS, SECTION_TYPES, cannedTemplate, type CannedTemplateKey, type QuestionDefinition, type SectionDefinition } from "~/templates/canned";
import { nextReminderDate } from "~/reminders/rules";
import { installCannedTemplates } from "~/templates/canned.server";
import { todayIn } from "~/time-zones";
import { textPdf } from "~/pdf/sign-pdf.server";
import { putObject, storageConfig } from "~/storage.server";
import { entityDocumentKey } from "~/storage/keys";
import { DEMO_PASSWORD, demoFirms } from "../tenants";
import { seedDemoConversation } from "./seed-messages";
import { seedDemoSignatureRequests } from "./seed-signature-requests";
import { seedDemoTaxReturns } from "./seed-tax-returns";
import { paymentsMode } from "~/payments/stripe.server";
import type { ClientDefinition, EntityDefinition, FirmDefinition, QuestionnaireDefinition, QuestionnaireScenario } from "../tenants/schema";

export { DEMO_PASSWORD };

export interface SeedOptions {
  /** Defaults to the demo firms of tenants/. */
  firms?: readonly FirmDefinition[];
  /** Delete the firms first (everything they own goes with them), then seed afresh. */
  reset?: boolean;
  /** "Today" for relative dates (default: today in each firm's time zone). */
  today?: Date;
  log?: (message: string) => void;
}

const TX_OPTIONS = { timeout: 120_000, maxWait: 10_000 };

/** The id of a demo firm: stable, so links and tests can name it. */
export function demoFirmId(slug: string): string {
  return `firm_${slug}`;
}

/** The demo firm's connected account on the local Stripe fake. */
export const demoStripeAccountId = (slug: string) => `acct_demo_${slug}`;

export async function seedDemo(options: SeedOptions = {}): Promise<void> {
  const firms = options.firms ?? demoFirms;
  const log = options.log ?? (() => {});
  // argon2 is slow on purpose: one hash for every demo user of this run.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const firm of firms) {
    const started = Date.now();
    const firmId = demoFirmId(firm.slug);
    if (options.reset) await withFirm(firmId, (tx) => tx.firm.deleteMany({ where: { id: firmId } }));
    const today = todayIn(firm.timeZone, options.today);
    const people = await withFirm(firmId, (tx) => seedFirmAndPeople(tx, firmId, firm, passwordHash), TX_OPTIONS);
    const created = await withFirm(firmId, (tx) => seedQuestionnaires(tx, firmId, firm, people, new Clock(today)), TX_OPTIONS);
    await withFirm(firmId, (tx) => seedDemoConversation(tx, firmId, firm, people.users, people.companies, today), TX_OPTIONS);
    const attached = await attachDemoDocuments(firmId, firm, log);
    if (attached) log(`${firm.name} (${firm.slug}): ${attached} demo PDFs attached to questionnaire sections`);
    const returns = await seedDemoTaxReturns(firmId, firm.slug, today, log);
    if (returns) log(`${firm.name} (${firm.slug}): ${returns} demo tax returns`);
    const requests = await seedDemoSignatureRequests(firmId, firm, today, log);
    if (requests) log(`${firm.name} (${firm.slug}): ${requests} demo signature requests`);
    log(
      `${firm.name} (${firm.slug}): ${people.users.size} users, ${people.companies.size} entities, ${created} new questionnaires, ${Date.now() - started} ms`,
    );
  }
}

// ───────────────────────────── Ids and dates ─────────────────────────────

function digest(parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex");
}

/** A deterministic row id: `prefix_` and 24 hex characters of a hash of the natural key. */
function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${digest([prefix, ...parts]).slice(0, 24)}`;
}

/** A deterministic public id (URLs): 12 lower-case letters and digits. */
function stableHashId(...parts: string[]): string {
  return BigInt(`0x${digest(["hash", ...parts]).slice(0, 24)}`)
    .toString(36)
    .padStart(12, "0")
    .slice(0, 12);
}

const DAY_MS = 86_400_000;

/** Dates relative to one day (YYYY-MM-DD in the firm's time zone). */
class Clock {
  private readonly base: number;
  constructor(readonly today: string) {
    this.base = Date.parse(`${today}T00:00:00Z`);
  }
  /** A calendar date (stored in a date column) `days` from today. */
  date(days: number): Date {
    return new Date(this.base + days * DAY_MS);
  }
  /** An instant `days` from today at `hour` UTC (17:00 UTC is morning in the US). */
  at(days: number, hour = 17, minute = 0): Date {
    return new Date(this.base + days * DAY_MS + (hour * 60 + minute) * 60_000);
  }
}

// ───────────────────────────── Firm, staff, clients, entities ─────────────────────────────

interface People {
  /** User id by email, or by "name:First Last" for users without email. */
  users: Map<string, string>;
  /** Company id by entity name. */
  companies: Map<string, string>;
  customStatuses: Map<string, string>;
}

const userKey = (person: { email?: string; fname: string; lname: string }) => person.email ?? `name:${person.fname} ${person.lname}`;

async function seedFirmAndPeople(tx: FirmTx, firmId: string, firm: FirmDefinition, passwordHash: string): Promise<People> {
  const settings = {
    name: firm.name,
    slug: firm.slug,
    themeName: firm.themeName,
    brandColor: firm.brandColor,
    supportEmail: firm.supportEmail,
    timeZone: firm.timeZone,
    questionnaireReminderFrequencyDays: firm.questionnaireReminderFrequencyDays,
  };
  // Created when missing, never updated: `update: {}` leaves an existing row as the firm left it.
  await tx.firm.upsert({ where: { id: firmId }, create: { id: firmId, ...settings }, update: {} });
  await tx.firmPreferences.upsert({ where: { firmId }, create: { firmId, ...firm.preferences }, update: {} });
  // With the local Stripe fake (no STRIPE_SECRET_KEY), a demo firm that never connected a payment
  // account gets one, so a demo deposit can be paid (the fake knows any account id as onboarded).
  if (paymentsMode() === "fake") {
    await tx.firm.updateMany({
      where: { id: firmId, stripeAccountId: null },
      data: { stripeAccountId: demoStripeAccountId(firm.slug), stripeChargesEnabled: true },
    });
  }

  for (const v of firm.vocabulary) {
    const data = { replacement: v.replacement, description: v.description ?? null };
    await tx.firmVocab.upsert({ where: { firmId_keyWord: { firmId, keyWord: v.keyWord } }, create: { firmId, keyWord: v.keyWord, ...data }, update: {} });
  }

  const customStatuses = new Map<string, string>();
  for (const [order, s] of firm.customStatuses.entries()) {
    const id = stableId("fcs", firm.slug, s.firmUserDisplayStatus);
    const data = {
      firmUserDisplayStatus: s.firmUserDisplayStatus,
      clientDisplayStatus: s.clientDisplayStatus,
      clientInstruction: s.clientInstruction ?? null,
      emailSubject: s.emailSubject ?? null,
      emailMessage: s.emailMessage ?? null,
      smsMessage: s.smsMessage ?? null,
      order,
    };
    await tx.firmCustomStatus.upsert({ where: { id }, create: { id, firmId, ...data }, update: {} });
    customStatuses.set(s.firmUserDisplayStatus, id);
  }

  // Named lists: insert what is missing, then read the ids back (rows may predate this run).
  const named = async <T extends { id: string; name: string }>(
    names: string[],
    prefix: string,
    create: (rows: { id: string; firmId: string; name: string }[]) => Promise<unknown>,
    read: () => Promise<T[]>,
  ) => {
    if (names.length) await create(names.map((name) => ({ id: stableId(prefix, firm.slug, name), firmId, name })));
    return new Map((await read()).map((row) => [row.name, row.id]));
  };
  const groups = await named(
    firm.groups,
    "grp",
    (data) => tx.firmGroup.createMany({ data, skipDuplicates: true }),
    () => tx.firmGroup.findMany({ select: { id: true, name: true } }),
  );
  const contactTags = await named(
    firm.contactTags,
    "ctag",
    (data) => tx.contactTag.createMany({ data, skipDuplicates: true }),
    () => tx.contactTag.findMany({ select: { id: true, name: true } }),
  );
  const entityTags = await named(
    firm.entityTags,
    "etag",
    (data) => tx.entityTag.createMany({ data, skipDuplicates: true }),
    () => tx.entityTag.findMany({ select: { id: true, name: true } }),
  );
  await named(
    firm.documentTags,
    "dtag",
    (data) => tx.documentTag.createMany({ data, skipDuplicates: true }),
    async () => [],
  );
  await named(
    firm.customEntityTypes,
    "etype",
    (data) => tx.firmEntityType.createMany({ data, skipDuplicates: true }),
    async () => [],
  );

  await installCannedTemplates(tx, firmId);

  const users = new Map<string, string>();
  const upsertUser = async (
    key: string,
    email: string | undefined,
    data: Omit<Prisma.UserUncheckedCreateInput, "firmId" | "id" | "email" | "passwordHash">,
  ) => {
    const create = { ...data, id: stableId("usr", firm.slug, key), firmId, email: email ?? null, passwordHash: email ? passwordHash : null };
    // The demo email, or the demo id (a user whose email the firm changed): found, left as it is.
    const row =
      (await tx.user.findFirst({ where: { OR: [{ id: create.id }, ...(email ? [{ email }] : [])] }, select: { id: true } })) ??
      (await tx.user.create({ data: create, select: { id: true } }));
    users.set(key, row.id);
    return row.id;
  };

  for (const s of firm.staff) {
    await upsertUser(s.email, s.email, {
      kind: "staff",
      fname: s.fname,
      lname: s.lname,
      phoneNumber: s.phone ?? null,
      workPhoneNumber: s.phone ?? null,
      timeZone: firm.timeZone,
      preferredSignInMethod: "password",
      // Staff sign in with a second factor (FTC Safeguards Rule); see app/auth/sign-in-rules.ts.
      enabled2fa: true,
      firmAccess: s.firmAccess,
      isAdvisor: s.isAdvisor,
      firmGroupId: s.group ? groups.get(s.group)! : null,
    });
  }

  const clientData = (client: ClientDefinition, person: { email?: string; phone?: string }) => ({
    kind: "client" as const,
    phoneNumber: person.phone ?? null,
    preferredContactMethod: person === client ? client.preferredContactMethod : ("email" as const),
    preferredSignInMethod: person.email ? ("password" as const) : null,
    timeZone: firm.timeZone,
    assignedAdvisorId: users.get(client.assignedAdvisorEmail)!,
    firmGroupId: client.group ? groups.get(client.group)! : null,
    paying: client.paying,
    readonlyAccess: client.readonlyAccess,
  });

  const companies = new Map<string, string>();
  const owners: Prisma.CompanyOwnerCreateManyInput[] = [];
  const ownerSubscriptions: Prisma.OwnerNotificationSubscriptionCreateManyInput[] = [];
  const userTags: Prisma.UserContactTagCreateManyInput[] = [];
  const companyTags: Prisma.CompanyEntityTagCreateManyInput[] = [];
  const coOwners: { companyName: string; email: string }[] = [];

  for (const client of firm.clients) {
    const clientId = await upsertUser(userKey(client), client.email, {
      ...clientData(client, { email: client.email, phone: client.phone }),
      fname: client.fname,
      lname: client.lname,
      preferredName: client.preferredName ?? null,
      externalUserId: client.externalUserId ?? null,
    });
    for (const tag of client.tags) userTags.push({ firmId, userId: clientId, tagId: contactTags.get(tag)! });
    const spouseId = client.spouse
      ? await upsertUser(userKey(client.spouse), client.spouse.email, {
          ...clientData(client, client.spouse),
          fname: client.spouse.fname,
          lname: client.spouse.lname,
        })
      : null;

    for (const entity of client.entities) {
      const companyId = await upsertCompany(tx, firmId, firm.slug, entity, clientId);
      companies.set(entity.name, companyId);
      const individual = entity.entityType === "Individual";
      owners.push({
        id: stableId("own", companyId, clientId),
        firmId,
        companyId,
        userId: clientId,
        isPrimary: true,
        specialRole: individual ? "taxpayer" : "none",
      });
      ownerSubscriptions.push(...[1, 2, 3, 4, 5, 7].map((notificationTypeId) => ({ firmId, companyId, userId: clientId, notificationTypeId })));
      if (spouseId && individual) {
        owners.push({ id: stableId("own", companyId, spouseId), firmId, companyId, userId: spouseId, specialRole: "spouse" });
        ownerSubscriptions.push(...[1, 3, 4, 5].map((notificationTypeId) => ({ firmId, companyId, userId: spouseId, notificationTypeId })));
      }
      for (const email of entity.coOwnerEmails) coOwners.push({ companyName: entity.name, email });
      for (const tag of entity.tags) companyTags.push({ firmId, companyId, tagId: entityTags.get(tag)! });
    }
  }
  for (const { companyName, email } of coOwners) {
    const companyId = companies.get(companyName)!;
    const userId = users.get(email)!;
    owners.push({ id: stableId("own", companyId, userId), firmId, companyId, userId, specialRole: "none" });
    ownerSubscriptions.push(...[1, 2, 3, 4, 5, 7].map((notificationTypeId) => ({ firmId, companyId, userId, notificationTypeId })));
  }

  await tx.companyOwner.createMany({ data: owners, skipDuplicates: true });
  await tx.ownerNotificationSubscription.createMany({ data: ownerSubscriptions, skipDuplicates: true });
  if (userTags.length) await tx.userContactTag.createMany({ data: userTags, skipDuplicates: true });
  if (companyTags.length) await tx.companyEntityTag.createMany({ data: companyTags, skipDuplicates: true });

  return { users, companies, customStatuses };
}

async function upsertCompany(tx: FirmTx, firmId: string, slug: string, entity: EntityDefinition, primaryOwnerId: string): Promise<string> {
  const hashId = stableHashId(slug, "company", entity.name);
  const data = {
    name: entity.name,
    entityType: entity.entityType,
    businessEmail: entity.businessEmail ?? null,
    street: entity.street,
    city: entity.city,
    state: entity.state,
    zip: entity.zip,
    country: entity.country,
    ein: entity.ein ?? null,
    inactive: entity.inactive,
    readonlyAccess: entity.readonlyAccess,
    externalEntityId: entity.externalEntityId ?? null,
    primaryOwnerId,
  };
  const row = await tx.company.upsert({
    where: { firmId_hashId: { firmId, hashId } },
    create: { id: stableId("cmp", slug, entity.name), firmId, hashId, ...data },
    update: {},
    select: { id: true },
  });
  return row.id;
}

// ───────────────────────────── Questionnaires ─────────────────────────────

interface ScenarioShape {
  due: number;
  sent: number | null;
  opened: number | null;
  /** Share of the visible questions answered (in order). */
  progress: number;
  inProgress: boolean;
  completed: boolean;
  locked: boolean;
  isDraft: boolean;
  submitted: number | null;
  lastActivity: string;
}

/** What each scenario looks like, in days relative to today. */
const SCENARIOS: Record<QuestionnaireScenario, ScenarioShape> = {
  draft: {
    due: 30,
    sent: null,
    opened: null,
    progress: 0,
    inProgress: false,
    completed: false,
    locked: false,
    isDraft: true,
    submitted: null,
    lastActivity: "Saved as draft",
  },
  sent: {
    due: 21,
    sent: -4,
    opened: null,
    progress: 0,
    inProgress: false,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Sent to client",
  },
  opened: {
    due: 14,
    sent: -12,
    opened: -9,
    progress: 0,
    inProgress: false,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Opened by client",
  },
  in_progress: {
    due: 12,
    sent: -20,
    opened: -18,
    progress: 0.5,
    inProgress: true,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Answered a question",
  },
  due_soon: {
    due: 3,
    sent: -25,
    opened: -21,
    progress: 0.35,
    inProgress: true,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Answered a question",
  },
  due_today: {
    due: 0,
    sent: -30,
    opened: -27,
    progress: 0.7,
    inProgress: true,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Answered a question",
  },
  overdue: {
    due: -6,
    sent: -40,
    opened: -33,
    progress: 0.15,
    inProgress: true,
    completed: false,
    locked: false,
    isDraft: false,
    submitted: null,
    lastActivity: "Reminder sent",
  },
  completed: {
    due: -5,
    sent: -45,
    opened: -44,
    progress: 1,
    inProgress: false,
    completed: true,
    locked: false,
    isDraft: false,
    submitted: -8,
    lastActivity: "Submitted by client",
  },
  locked: {
    due: -20,
    sent: -60,
    opened: -58,
    progress: 1,
    inProgress: false,
    completed: true,
    locked: true,
    isDraft: false,
    submitted: -30,
    lastActivity: "Locked by firm",
  },
};

/** Finished questionnaires of an earlier tax year happened a year earlier. */
function yearShift(q: QuestionnaireDefinition, firmYear: number): number {
  const finished = q.status === "completed" || q.status === "locked";
  return finished && q.taxYear < firmYear ? -365 * (firmYear - q.taxYear) : 0;
}

interface QuestionnaireRows {
  questionnaires: Prisma.QuestionnaireCreateManyInput[];
  sections: Prisma.SectionCreateManyInput[];
  questions: Prisma.QuestionCreateManyInput[];
  entries: Prisma.QuestionEntryCreateManyInput[];
  signatures: Prisma.EngagementSignatureCreateManyInput[];
  activity: Prisma.ActivityLogCreateManyInput[];
  sectionTriggers: { id: string; questionId: string; answer: string }[];
}

async function seedQuestionnaires(tx: FirmTx, firmId: string, firm: FirmDefinition, people: People, clock: Clock): Promise<number> {
  const templates = await tx.questionnaireTemplate.findMany({ where: { cannedKey: { not: null } }, select: { id: true, cannedKey: true } });
  const templateIds = new Map(templates.map((t) => [t.cannedKey as CannedTemplateKey, t.id]));
  const existing = new Set(
    (await tx.questionnaire.findMany({ where: { companyId: { in: [...people.companies.values()] } }, select: { id: true } })).map((q) => q.id),
  );

  const rows: QuestionnaireRows = { questionnaires: [], sections: [], questions: [], entries: [], signatures: [], activity: [], sectionTriggers: [] };
  // The latest tax year in the demo is "this season"; earlier years are shifted back a year.
  const firmYear = Math.max(...firm.clients.flatMap((c) => c.entities.flatMap((e) => e.questionnaires.map((q) => q.taxYear))));

  for (const client of firm.clients) {
    const advisorId = people.users.get(client.assignedAdvisorEmail)!;
    const primaryId = people.users.get(userKey(client))!;
    for (const entity of client.entities) {
      const companyId = people.companies.get(entity.name)!;
      const signers = [{ id: primaryId, name: `${client.fname} ${client.lname}` }];
      if (client.spouse && entity.entityType === "Individual")
        signers.push({ id: people.users.get(userKey(client.spouse))!, name: `${client.spouse.fname} ${client.spouse.lname}` });
      const idOf = (q: QuestionnaireDefinition) => stableId("qnr", companyId, q.name, String(q.taxYear));
      for (const q of entity.questionnaires) {
        const id = idOf(q);
        if (existing.has(id)) continue;
        const related = q.openItem ? entity.questionnaires.find((other) => !other.openItem && other.taxYear === q.taxYear) : undefined;
        planQuestionnaire(rows, {
          id,
          firmId,
          firm,
          clock,
          shift: yearShift(q, firmYear),
          definition: q,
          companyId,
          advisorId,
          answeredById: primaryId,
          signers,
          clientFname: client.preferredName ?? client.fname,
          templateId: q.template ? (templateIds.get(q.template) ?? null) : null,
          customStatusId: q.customStatus ? people.customStatuses.get(q.customStatus)! : null,
          relevantQuestionnaireId: related ? idOf(related) : null,
        });
      }
    }
  }
  if (rows.questionnaires.length === 0) return 0;

  await tx.questionnaire.createMany({ data: rows.questionnaires, skipDuplicates: true });
  await tx.section.createMany({ data: rows.sections, skipDuplicates: true });
  await tx.question.createMany({ data: rows.questions, skipDuplicates: true });
  if (rows.sectionTriggers.length) {
    // Sections and questions point at each other: the trigger is set once both exist.
    await tx.$executeRaw`
      UPDATE sections AS s SET trigger_question_id = v.question_id, trigger_answer = v.answer
      FROM unnest(${rows.sectionTriggers.map((t) => t.id)}::text[], ${rows.sectionTriggers.map((t) => t.questionId)}::text[], ${rows.sectionTriggers.map((t) => t.answer)}::text[])
        AS v(id, question_id, answer)
      WHERE s.id = v.id`;
  }
  if (rows.entries.length) await tx.questionEntry.createMany({ data: rows.entries, skipDuplicates: true });
  if (rows.signatures.length) await tx.engagementSignature.createMany({ data: rows.signatures, skipDuplicates: true });
  if (rows.activity.length) await tx.activityLog.createMany({ data: rows.activity, skipDuplicates: true });
  return rows.questionnaires.length;
}

/** The next automatic reminder by the product's rule, never before tomorrow (a fresh demo sends none at start). */
function seedNextReminder(input: PlanInput, shape: ScenarioShape, sentAt: Date | null, lastRemindedAt: Date | null, dueDays: number): Date | null {
  const next = nextReminderDate(
    {
      deletedAt: null,
      isDraft: shape.isDraft,
      locked: shape.locked,
      completed: shape.completed,
      sentAt,
      company: { inactive: false, deletedAt: null },
      remindersDisabled: input.definition.remindersDisabled ?? false,
      dueDate: input.clock.date(dueDays),
      earliestRemindDate: shape.completed || shape.isDraft ? null : input.clock.date(Math.max(dueDays - 3, 1)),
      lastRemindedAt,
    },
    input.firm.questionnaireReminderFrequencyDays,
  );
  return next && new Date(Math.max(next.getTime(), input.clock.at(1, 10).getTime()));
}

interface PlanInput {
  id: string;
  firmId: string;
  firm: FirmDefinition;
  clock: Clock;
  shift: number;
  definition: QuestionnaireDefinition;
  companyId: string;
  advisorId: string;
  answeredById: string;
  signers: { id: string; name: string }[];
  clientFname: string;
  templateId: string | null;
  customStatusId: string | null;
  relevantQuestionnaireId: string | null;
}

const CLIENT_IP = "203.0.113.24";
const CLIENT_AGENT = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const ANSWERED_SECTION_TYPES = new Set<number>([SECTION_TYPES.questionnaire, SECTION_TYPES.document_checklist]);

function planQuestionnaire(rows: QuestionnaireRows, input: PlanInput) {
  const { id, firmId, definition: q, clock, shift } = input;
  const shape = SCENARIOS[q.status];
  const day = (n: number | null) => (n === null ? null : n + shift);
  const at = (n: number | null, hour?: number, minute?: number) => (n === null ? null : clock.at(n + shift, hour, minute));
  const dueDays = q.dueInDays ?? shape.due + shift;
  const sections: SectionDefinition[] = q.template ? cannedTemplate(q.template).sections : (q.sections ?? []);
  const template = q.template ? cannedTemplate(q.template) : null;
  const tags = (text: string) =>
    text.replaceAll("{client_fname}", input.clientFname).replaceAll("{questionnaire_year}", String(q.taxYear)).replaceAll("{firm_name}", input.firm.name);

  // Which questions the demo answers show, in the order a client meets them.
  const demoAnswers = new Map<string, string>();
  for (const s of sections) for (const question of s.questions ?? []) demoAnswers.set(question.key, effectiveAnswer(question));
  const visibleSection = (s: SectionDefinition) => !s.trigger || demoAnswers.get(s.trigger.question) === s.trigger.answer;
  const visibleQuestion = (question: QuestionDefinition) => !question.followUpOf || demoAnswers.get(question.followUpOf) === (question.trigger ?? "Yes");
  const answerable = sections
    .filter((s) => ANSWERED_SECTION_TYPES.has(s.type) && visibleSection(s))
    .flatMap((s) => (s.questions ?? []).filter(visibleQuestion));
  const answeredCount = Math.round(answerable.length * shape.progress);
  const answered = new Set(answerable.slice(0, answeredCount).map((question) => question.key));
  const started = answeredCount > 0 || shape.completed;

  const sectionId = (key: string) => stableId("sec", id, key);
  const questionId = (key: string) => stableId("qst", id, key);
  const sectionDone = (s: SectionDefinition) => {
    if (shape.completed) return true;
    if (s.type === SECTION_TYPES.agreement_signature) return started;
    if (!ANSWERED_SECTION_TYPES.has(s.type) || !visibleSection(s)) return false;
    const shown = (s.questions ?? []).filter(visibleQuestion);
    return shown.length > 0 && shown.every((question) => answered.has(question.key));
  };
  const firstOpen = sections.find((s) => visibleSection(s) && !sectionDone(s));
  const currentSection = shape.completed ? sections[sections.length - 1] : shape.opened !== null ? (firstOpen ?? sections[0]) : null;

  const sentAt = at(shape.sent, 16, 30);
  const openedAt = at(shape.opened, 18, 12);
  const submittedAt = at(shape.submitted, 20, 45);
  const lastActivityDay: number = shape.locked
    ? day(shape.submitted)! + 2
    : (day(shape.submitted) ?? (shape.inProgress ? -1 : (day(shape.opened) ?? day(shape.sent) ?? -2)));
  const lastActivityAt = clock.at(lastActivityDay, 19, 5);
  const answeredAt = shape.inProgress ? clock.at(-1, 18, 40) : (submittedAt ?? openedAt);

  rows.questionnaires.push({
    id,
    firmId,
    companyId: input.companyId,
    templateId: input.templateId,
    relevantQuestionnaireId: input.relevantQuestionnaireId,
    name: q.name,
    taxYear: q.taxYear,
    dueDate: clock.date(dueDays),
    isDraft: shape.isDraft,
    isOpenItem: q.openItem ?? false,
    locked: shape.locked,
    completed: shape.completed,
    inProgress: shape.inProgress,
    openedAt,
    currentSectionId: currentSection ? sectionId(currentSection.key) : null,
    firmCustomStatusId: input.customStatusId,
    depositRequired: !!q.deposit,
    depositStatus: q.deposit?.status ?? null,
    depositAmountCents: q.deposit?.amountCents ?? null,
    disclaimer: template?.disclaimer ? tags(template.disclaimer) : null,
    remindersDisabled: q.remindersDisabled ?? false,
    earliestRemindDate: shape.completed || shape.isDraft ? null : clock.date(Math.max(dueDays - 3, 1)),
    lastRemindedAt: q.status === "overdue" ? clock.at(-2, 16) : null,
    nextReminderDate: seedNextReminder(input, shape, sentAt, q.status === "overdue" ? clock.at(-2, 16) : null, dueDays),
    sentAt,
    lastActivity: shape.lastActivity,
    lastActivityAt,
    submittedAt,
    createdById: input.advisorId,
    createdAt: clock.at((day(shape.sent) ?? -2) - 1, 15),
  });

  const answerFor = (question: QuestionDefinition, qid: string): Partial<Prisma.QuestionCreateManyInput> => {
    if (!answered.has(question.key)) return {};
    const by = { answeredById: input.answeredById, answeredAt };
    if (question.type === "entries") {
      if (!question.demoEntries?.length) return question.optional ? {} : { ...by, specialAnswer: "not_applicable" };
      question.demoEntries.forEach((entry, n) => {
        for (const field of question.options ?? []) {
          rows.entries.push({ id: stableId("qen", qid, String(n + 1), field), firmId, questionId: qid, entryNumber: n + 1, field, value: entry[field] ?? "" });
        }
      });
      return { ...by, answer: String(question.demoEntries.length) };
    }
    if (question.type === "upload") {
      // No files in the demo store: uploads are dropped off at the office, or due later.
      if (!shape.completed && dueDays > 7) return { answerBy: clock.date(7) };
      return { ...by, specialAnswer: question.optional ? "not_applicable" : "provided_elsewhere" };
    }
    const answer = demoAnswers.get(question.key);
    if (answer) return { ...by, answer };
    return question.optional ? {} : { ...by, specialAnswer: "not_applicable" };
  };

  sections.forEach((s, order) => {
    const sid = sectionId(s.key);
    rows.sections.push({
      id: sid,
      firmId,
      questionnaireId: id,
      sectionKey: s.key,
      sectionType: s.type,
      name: s.name,
      instruction: s.instruction ? tags(s.instruction) : null,
      customElement: s.customElement ?? null,
      markedCompleted: sectionDone(s),
      order,
    });
    if (s.trigger) rows.sectionTriggers.push({ id: sid, questionId: questionId(s.trigger.question), answer: s.trigger.answer });
    const signable = (s.type === SECTION_TYPES.agreement_signature && started) || s.type === SECTION_TYPES.pdf_signature;
    if (signable) {
      // With one signature per section, the others become "not needed" once the first signs.
      // A PDF to sign waits for its signers unless the questionnaire is finished.
      const onlyOne = input.firm.preferences.requireOneSignaturePerSection === true;
      const signedAt = openedAt ?? answeredAt;
      input.signers.forEach((signer, n) => {
        const signs = (s.type !== SECTION_TYPES.pdf_signature || shape.completed) && (n === 0 || !onlyOne);
        rows.signatures.push({
          id: stableId("sig", sid, signer.id),
          firmId,
          sectionId: sid,
          userId: signer.id,
          userName: signer.name,
          signature: signs ? signer.name : null,
          signedAt: signs ? signedAt : null,
          clientTime: signs ? (signedAt?.toLocaleString("en-US", { timeZone: "UTC" }) ?? null) : null,
          ipAddress: signs ? CLIENT_IP : null,
          userAgent: signs ? CLIENT_AGENT : null,
          notNeeded: !signs && onlyOne && (s.type !== SECTION_TYPES.pdf_signature || shape.completed),
        });
      });
    }
    (s.questions ?? []).forEach((question, questionOrder) => {
      const qid = questionId(question.key);
      rows.questions.push({
        id: qid,
        firmId,
        questionnaireId: id,
        sectionId: sid,
        text: tags(question.text),
        questionType: question.type,
        options: question.options ?? [],
        optional: question.optional ?? false,
        numberOfCharacters: question.numberOfCharacters ?? null,
        disableAnswerLater: question.disableAnswerLater ?? false,
        disableNotApplicable: question.disableNotApplicable ?? false,
        documentLink: question.documentLink ?? null,
        followUpQuestionId: question.followUpOf ? questionId(question.followUpOf) : null,
        triggerForFollowUpQuestion: question.followUpOf ? (question.trigger ?? "Yes") : null,
        order: questionOrder,
        ...answerFor(question, qid),
      });
    });
  });

  const log = (title: string, when: Date | null, actorId: string | null) => {
    if (!when) return;
    rows.activity.push({
      id: stableId("act", id, title),
      firmId,
      typeId: 3,
      title,
      description: q.name,
      companyId: input.companyId,
      questionnaireId: id,
      actorId,
      createdAt: when,
    });
  };
  log("Questionnaire sent", sentAt, input.advisorId);
  log("Questionnaire opened", openedAt, input.answeredById);
  if (shape.inProgress && answeredCount > 0) log("Questionnaire in progress", answeredAt, input.answeredById);
  if (q.status === "overdue") log("Reminder sent", clock.at(-2, 16), input.advisorId);
  log("Questionnaire submitted", submittedAt, input.answeredById);
  if (shape.locked) log("Questionnaire locked", clock.at(lastActivityDay, 19, 5), input.advisorId);
}

/** The answer the demo gives a question, used both to answer it and to decide what it shows. */
function effectiveAnswer(question: QuestionDefinition): string {
  if (question.demoAnswer !== undefined) return question.demoAnswer;
  switch (question.type) {
    case "boolean":
      return BOOLEAN_ANSWERS[1];
    case "select":
    case "multiple":
      return question.options?.[0] ?? "";
    default:
      return "";
  }
}

// ───────────────────────────── Demo PDFs ─────────────────────────────

/**
 * The PDFs of document sections (`demoDocument`): made with pdf-lib, stored through the storage
 * layer under the entity's prefix, filed as documents in the questionnaire's year folder, and
 * attached to every section of that key still without a document (so a second run adds nothing).
 * Skipped, with a note, when no store is configured (the seed also runs without S3 in tests).
 */
async function attachDemoDocuments(firmId: string, firm: FirmDefinition, log: (message: string) => void): Promise<number> {
  const byKey = new Map<string, NonNullable<SectionDefinition["demoDocument"]>>();
  for (const c of firm.clients)
    for (const e of c.entities) for (const q of e.questionnaires) for (const s of q.sections ?? []) if (s.demoDocument) byKey.set(s.key, s.demoDocument);
  if (byKey.size === 0) return 0;
  const waiting = await withFirm(firmId, (tx) =>
    tx.section.findMany({
      where: { sectionKey: { in: [...byKey.keys()] }, documentId: null },
      select: { id: true, sectionKey: true, questionnaire: { select: { id: true, companyId: true, taxYear: true } } },
    }),
  );
  if (waiting.length === 0) return 0;
  try {
    storageConfig();
  } catch {
    log(`${firm.name}: no file store configured, demo PDFs not attached`);
    return 0;
  }
  const pdfs = new Map<string, Uint8Array>();
  for (const section of waiting) {
    const definition = byKey.get(section.sectionKey!)!;
    const bytes = pdfs.get(section.sectionKey!) ?? (await textPdf(definition.title, definition.paragraphs, { pages: definition.pages }));
    pdfs.set(section.sectionKey!, bytes);
    const { companyId, taxYear, id: questionnaireId } = section.questionnaire;
    const key = entityDocumentKey(firmId, companyId, definition.name);
    await putObject({ firmId, key, bytes, contentType: "application/pdf" });
    await withFirm(firmId, async (tx) => {
      const document = await tx.document.create({
        data: {
          firmId,
          companyId,
          itemType: "file",
          path: `/${taxYear}`,
          name: definition.name,
          storageKey: key,
          sizeBytes: BigInt(bytes.length),
          contentType: "application/pdf",
          questionnaireId,
        },
        select: { id: true },
      });
      await tx.section.update({ where: { id: section.id }, data: { documentId: document.id } });
    });
  }
  return waiting.length;
}
