/**
 * Turns a plan (a template's sections and questions, or the items typed in a dialog) into
 * questionnaires for many entities at once: every row is built in memory with its id, then written
 * with one multi-row insert per table, so sending to 100 entities costs the same handful of
 * statements as sending to one. Used by the immediate sends and by the scheduler's runs.
 *
 * Each entity gets its own copy: sections, questions, follow-up links and section triggers (ids
 * remapped), its prior-year items and rollover line items when asked, engagement signature rows
 * for its signers, an activity entry, and the notifications of its recipients (outbox rows,
 * returned so the caller dispatches them after the transaction commits).
 */
import { randomUUID } from "node:crypto";
import type { FirmTx } from "~/db.server";
import type { OutboundMessage, Prisma } from "~/generated/prisma/client";
import { normalizeEmailRecipient, toE164 } from "~/outbox/rules";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { nextReminderDate } from "~/reminders/rules";
import { notificationEmail, notificationSms, type NotificationInput } from "~/collect/send/email";
import { itemQuestionText, type ItemInput } from "~/collect/send/rules";
import { addDays } from "~/collect/send/schedule";
import { forWording, substituteTags, tagValues, type TagContext } from "~/collect/send/tags";
import type { Translate } from "~/vocabulary";
import { MAX_TEMPLATE_PDF_BYTES } from "~/templates/editor-rules";

export const SECTION = { custom: 0, agreement_signature: 2, questionnaire: 3, review_and_submit: 4, document_checklist: 10 } as const;

/** Notification type 4: receive_questionnaire (owners subscribed to it are notified). */
export const RECEIVE_QUESTIONNAIRE = 4;

export interface PlanQuestion {
  key: string;
  text: string;
  questionType: "boolean" | "select" | "upload" | "multiple" | "entries" | "password" | "date" | "text" | "textarea";
  options: string[];
  optional: boolean;
  numberOfCharacters: number | null;
  disableAnswerLater: boolean;
  disableNotApplicable: boolean;
  documentLink: string | null;
  /** Key of the question this one follows up, and the answer that shows it. */
  followUpOf: string | null;
  trigger: string | null;
}

export interface PlanSection {
  key: string;
  sectionKey: string | null;
  type: number;
  name: string;
  instruction: string | null;
  customElement: string | null;
  trigger: { questionKey: string; answer: string } | null;
  /** A template's PDF (pdf_review, pdf_signature, download_document, delivery): each questionnaire gets its own copy. */
  document?: { key: string; name: string } | null;
  questions: PlanQuestion[];
}

export interface QuestionnairePlan {
  kind: NotificationInput["kind"];
  name: string;
  taxYear: number;
  dueDate: string | null;
  isDraft: boolean;
  templateId: string | null;
  schedulerId: string | null;
  runOn: string | null;
  relevantQuestionnaireId: string | null;
  isOpenItem: boolean;
  disclaimer: string | null;
  depositAmountCents: number | null;
  includePriorYearItems: boolean;
  showUploadsAsDocumentChecklist: boolean;
  allOwnerSignatureRequired: boolean;
  updateProfileSection: boolean;
  documentPopoutChecklistEnabled: boolean;
  documentDropOffEnabled: boolean;
  sections: PlanSection[];
  customSubject?: string | null;
  customBody?: string | null;
  createdById: string | null;
}

export interface Recipient {
  userId: string;
  fname: string;
  email: string | null;
  phone: string | null;
  sms: boolean;
}

export interface EntityTarget {
  id: string;
  hashId: string;
  name: string;
  clientFname: string;
  clientFullName: string;
  signers: { id: string; name: string }[];
  recipients: Recipient[];
  priorYearItems: { id: string; name: string; lineItems: { id: string; category: string; value: string }[] }[];
}

export interface FirmForSend {
  id: string;
  name: string;
  brandColor: string | null;
  removePleaseUpload: boolean;
  origin: string;
  /** The firm's vocabulary, for the emails and texts sent with a questionnaire. */
  t?: Translate;
}

/** Extra per-entity links (drop-off: the secure upload link made for that entity). */
export type ExtraLinks = Map<string, { uploadUrl: string; uploadExpires: string }>;

export interface BuiltRows {
  questionnaires: Prisma.QuestionnaireCreateManyInput[];
  sections: Prisma.SectionCreateManyInput[];
  questions: Prisma.QuestionCreateManyInput[];
  triggers: { id: string; questionId: string; answer: string }[];
  signatures: Prisma.EngagementSignatureCreateManyInput[];
  activity: Prisma.ActivityLogCreateManyInput[];
  messages: Prisma.OutboundMessageCreateManyInput[];
  created: { questionnaireId: string; companyId: string }[];
  /** The entity's copy of a template PDF: filed in the entity's documents, shown by the section. */
  documents: { id: string; firmId: string; companyId: string; questionnaireId: string; sectionId: string; taxYear: number; name: string; from: string }[];
}

export function emptyRows(): BuiltRows {
  return { questionnaires: [], sections: [], questions: [], triggers: [], signatures: [], activity: [], messages: [], created: [], documents: [] };
}

/** Extra questions typed in the dialog (Template tab), as a section of their own. */
export function itemsSection(key: string, name: string, type: number, items: readonly ItemInput[], removePleaseUpload: boolean): PlanSection {
  return {
    key,
    sectionKey: key,
    type,
    name,
    instruction: null,
    customElement: null,
    trigger: null,
    questions: items.map((item, i) => ({
      key: `${key}_${i}`,
      text: itemQuestionText(item, removePleaseUpload),
      questionType: item.questionType,
      options: item.questionType === "upload" || item.questionType === "select" ? item.options.map((o) => o.trim()).filter(Boolean) : [],
      optional: false,
      numberOfCharacters: null,
      disableAnswerLater: false,
      disableNotApplicable: false,
      documentLink: null,
      followUpOf: null,
      trigger: null,
    })),
  };
}

/** Required questions a client meets first (not optional, not behind a follow-up or a triggered section). */
export function itemsLeft(sections: readonly PlanSection[]): number {
  let count = 0;
  for (const s of sections) {
    if (s.trigger) continue;
    if (s.type !== SECTION.questionnaire && s.type !== SECTION.document_checklist && s.type !== SECTION.custom) continue;
    for (const q of s.questions) if (!q.optional && !q.followUpOf) count += 1;
  }
  return count;
}

/** The client's link to a questionnaire in the portal. */
export function questionnaireUrl(origin: string, hashId: string, questionnaireId: string): string {
  return `${origin}/questionnaire/${hashId}?${new URLSearchParams({ questionnaireId })}`;
}

/**
 * Appends one entity's questionnaire to `rows`. `now` is the send time (null sentAt for drafts).
 */
export function addQuestionnaire(rows: BuiltRows, firm: FirmForSend, plan: QuestionnairePlan, target: EntityTarget, now: Date, links?: ExtraLinks): string {
  const questionnaireId = randomUUID();
  const context: TagContext = {
    clientFname: target.clientFname,
    taxYear: plan.taxYear,
    questionnaireName: plan.name,
    entityName: target.name,
    clientFullName: target.clientFullName,
    numberOfItemsLeft: 0,
    dueDate: plan.dueDate,
    firmName: firm.name,
  };

  // Sections of this entity: the plan's, plus its prior-year documents when asked.
  const sections = [...plan.sections];
  if (plan.includePriorYearItems && target.priorYearItems.length > 0) sections.push(priorYearSection(target, firm.removePleaseUpload));
  context.numberOfItemsLeft = itemsLeft(sections);
  const values = tagValues(context);
  const tags = (text: string) => substituteTags(text, values);

  const questionIds = new Map<string, string>();
  for (const s of sections) for (const q of s.questions) questionIds.set(q.key, randomUUID());

  rows.questionnaires.push({
    id: questionnaireId,
    firmId: firm.id,
    companyId: target.id,
    templateId: plan.templateId,
    templateSchedulerId: plan.schedulerId,
    scheduledRunOn: plan.runOn ? new Date(`${plan.runOn}T00:00:00Z`) : null,
    relevantQuestionnaireId: plan.relevantQuestionnaireId,
    name: plan.name,
    taxYear: plan.taxYear,
    dueDate: plan.dueDate ? new Date(`${plan.dueDate}T00:00:00Z`) : null,
    isDraft: plan.isDraft,
    isOpenItem: plan.isOpenItem,
    depositRequired: plan.depositAmountCents !== null,
    depositStatus: plan.depositAmountCents !== null ? "pending" : null,
    depositAmountCents: plan.depositAmountCents,
    disclaimer: plan.disclaimer ? tags(plan.disclaimer) : null,
    documentDropOffEnabled: plan.documentDropOffEnabled,
    updateProfileSection: plan.updateProfileSection,
    showUploadsAsDocumentChecklist: plan.showUploadsAsDocumentChecklist,
    documentPopoutChecklistEnabled: plan.documentPopoutChecklistEnabled,
    allOwnerSignatureRequired: plan.allOwnerSignatureRequired,
    includePriorYearItems: plan.includePriorYearItems,
    sentAt: plan.isDraft ? null : now,
    lastActivity: plan.isDraft ? "Draft" : "Sent",
    lastActivityAt: now,
    createdById: plan.createdById,
    createdAt: now,
  });

  sections.forEach((section, order) => {
    const sectionId = randomUUID();
    rows.sections.push({
      id: sectionId,
      firmId: firm.id,
      questionnaireId,
      sectionKey: section.sectionKey,
      sectionType: section.type,
      name: tags(section.name),
      instruction: section.instruction ? tags(section.instruction) : null,
      customElement: section.customElement,
      documentId: null,
      order,
    });
    if (section.document) {
      const documentId = randomUUID();
      rows.sections[rows.sections.length - 1]!.documentId = documentId;
      rows.documents.push({
        id: documentId,
        firmId: firm.id,
        companyId: target.id,
        questionnaireId,
        sectionId,
        taxYear: plan.taxYear,
        name: section.document.name,
        from: section.document.key,
      });
    }
    if (section.trigger && questionIds.has(section.trigger.questionKey)) {
      rows.triggers.push({ id: sectionId, questionId: questionIds.get(section.trigger.questionKey)!, answer: section.trigger.answer });
    }
    if (section.type === SECTION.agreement_signature) {
      for (const signer of target.signers) {
        rows.signatures.push({ id: randomUUID(), firmId: firm.id, sectionId, userId: signer.id, userName: signer.name });
      }
    }
    section.questions.forEach((q, questionOrder) => {
      rows.questions.push({
        id: questionIds.get(q.key)!,
        firmId: firm.id,
        questionnaireId,
        sectionId,
        text: tags(q.text),
        questionType: q.questionType,
        options: q.options,
        optional: q.optional,
        numberOfCharacters: q.numberOfCharacters,
        disableAnswerLater: q.disableAnswerLater,
        disableNotApplicable: q.disableNotApplicable,
        documentLink: q.documentLink,
        followUpQuestionId: q.followUpOf ? (questionIds.get(q.followUpOf) ?? null) : null,
        triggerForFollowUpQuestion: q.followUpOf && questionIds.has(q.followUpOf) ? q.trigger : null,
        priorYearValue: (q as PlanQuestion & { priorYearValue?: string }).priorYearValue ?? null,
        uploadedLastYear: (q as PlanQuestion & { uploadedLastYear?: boolean }).uploadedLastYear ?? false,
        rolloverLineItemId: (q as PlanQuestion & { rolloverLineItemId?: string }).rolloverLineItemId ?? null,
        order: questionOrder,
      });
    });
  });

  const title = plan.isDraft
    ? "Questionnaire draft saved"
    : plan.kind === "additional-items"
      ? "Additional items requested"
      : plan.kind === "dropoff"
        ? "Document drop off sent"
        : plan.schedulerId
          ? "Scheduled questionnaire sent"
          : "Questionnaire sent";
  rows.activity.push({
    id: randomUUID(),
    firmId: firm.id,
    typeId: ACTIVITY_TYPES.questionnaire,
    title,
    description: `${plan.taxYear} ${plan.name}`,
    companyId: target.id,
    questionnaireId,
    actorId: plan.createdById,
    createdAt: now,
  });

  if (!plan.isDraft) {
    const link = links?.get(target.id);
    for (const recipient of target.recipients) {
      const input: NotificationInput = {
        kind: plan.kind,
        firmName: firm.name,
        brandColor: firm.brandColor,
        clientFname: recipient.fname,
        questionnaireName: plan.name,
        taxYear: plan.taxYear,
        forWording: forWording(target.name, target.clientFullName),
        dueDate: plan.dueDate,
        url: questionnaireUrl(firm.origin, target.hashId, questionnaireId),
        uploadUrl: link?.uploadUrl ?? null,
        uploadExpires: link?.uploadExpires ?? null,
        customSubject: plan.customSubject ? substituteTags(plan.customSubject, { ...values, client_fname: recipient.fname }) : null,
        customBody: plan.customBody ? substituteTags(plan.customBody, { ...values, client_fname: recipient.fname }) : null,
        t: firm.t,
      };
      const email = recipient.email ? validEmail(recipient.email) : null;
      if (email) {
        const message = notificationEmail(input);
        rows.messages.push({
          id: randomUUID(),
          firmId: firm.id,
          userId: recipient.userId,
          channel: "email",
          to: email,
          subject: message.subject,
          body: message.text,
          html: message.html,
          status: "queued",
          nextAttemptAt: now,
        });
      }
      const phone = recipient.sms && recipient.phone ? validPhone(recipient.phone) : null;
      if (phone) {
        rows.messages.push({
          id: randomUUID(),
          firmId: firm.id,
          userId: recipient.userId,
          channel: "sms",
          to: phone,
          body: notificationSms(input),
          status: "queued",
          nextAttemptAt: now,
        });
      }
    }
  }
  rows.created.push({ questionnaireId, companyId: target.id });
  return questionnaireId;
}

function validEmail(to: string): string | null {
  try {
    return normalizeEmailRecipient(to);
  } catch {
    return null;
  }
}

function validPhone(to: string): string | null {
  try {
    return toE164(to);
  } catch {
    return null;
  }
}

/**
 * The entity's prior-year documents as a checklist: an upload per prior-year item ('Please upload'
 * unless the firm turned that off, marked uploaded last year), each followed by its rollover line
 * items as questions showing last year's value.
 */
function priorYearSection(target: EntityTarget, removePleaseUpload: boolean): PlanSection {
  const questions: PlanSection["questions"] = [];
  for (const item of target.priorYearItems) {
    questions.push({
      ...blankQuestion(`pyi_${item.id}`),
      text: itemQuestionText({ text: item.name, questionType: "upload" }, removePleaseUpload),
      questionType: "upload",
      uploadedLastYear: true,
    } as PlanQuestion);
    for (const line of item.lineItems) {
      questions.push({
        ...blankQuestion(`rli_${line.id}`),
        text: line.category,
        questionType: "text",
        optional: true,
        priorYearValue: line.value,
        rolloverLineItemId: line.id,
      } as PlanQuestion);
    }
  }
  return {
    key: "prior_year_items",
    sectionKey: "prior_year_items",
    type: SECTION.document_checklist,
    name: "Prior Year Documents",
    instruction: "Documents you gave us last year. Upload this year's version of each.",
    customElement: null,
    trigger: null,
    questions,
  };
}

function blankQuestion(key: string): PlanQuestion {
  return {
    key,
    text: "",
    questionType: "text",
    options: [],
    optional: false,
    numberOfCharacters: null,
    disableAnswerLater: false,
    disableNotApplicable: false,
    documentLink: null,
    followUpOf: null,
    trigger: null,
  };
}

/** A column of a bulk insert: the row's (Prisma) field, its SQL type, and a cast for enums. */
type Column = [field: string, type: string, cast?: string];

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * One INSERT of many rows, sent as a single JSON parameter and expanded by jsonb_to_recordset:
 * Prisma's createMany builds one bound parameter per value, and at tens of thousands of rows
 * (1,000 questionnaires of 50 questions) that alone took seconds per chunk.
 */
async function insertRows(tx: FirmTx, table: string, columns: readonly Column[], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([field]) => `"${snake(field)}"`);
  const record = columns.map(([field, type]) => `"${snake(field)}" ${type}`).join(", ");
  const select = columns.map(([field, , cast]) => (cast ? `r."${snake(field)}"::${cast}` : `r."${snake(field)}"`)).join(", ");
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([field]) => [snake(field), (row as Record<string, unknown>)[field] ?? null]))));
  await tx.$executeRawUnsafe(`INSERT INTO "${table}" (${names.join(", ")}) SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`, json);
}

const QUESTIONNAIRE_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["companyId", "text"],
  ["templateId", "text"],
  ["templateSchedulerId", "text"],
  ["scheduledRunOn", "date"],
  ["relevantQuestionnaireId", "text"],
  ["name", "text"],
  ["taxYear", "integer"],
  ["dueDate", "date"],
  ["isDraft", "boolean"],
  ["isOpenItem", "boolean"],
  ["depositRequired", "boolean"],
  ["depositStatus", "text", '"DepositStatus"'],
  ["depositAmountCents", "integer"],
  ["disclaimer", "text"],
  ["documentDropOffEnabled", "boolean"],
  ["updateProfileSection", "boolean"],
  ["showUploadsAsDocumentChecklist", "boolean"],
  ["documentPopoutChecklistEnabled", "boolean"],
  ["allOwnerSignatureRequired", "boolean"],
  ["includePriorYearItems", "boolean"],
  ["sentAt", "timestamptz"],
  ["nextReminderDate", "timestamptz"],
  ["lastActivity", "text"],
  ["lastActivityAt", "timestamptz"],
  ["createdById", "text"],
  ["createdAt", "timestamptz"],
];
const SECTION_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["questionnaireId", "text"],
  ["sectionKey", "text"],
  ["sectionType", "integer"],
  ["name", "text"],
  ["instruction", "text"],
  ["customElement", "text"],
  ["documentId", "text"],
  ["order", "integer"],
];
const QUESTION_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["questionnaireId", "text"],
  ["sectionId", "text"],
  ["text", "text"],
  ["questionType", "text", '"QuestionType"'],
  ["options", "text[]"],
  ["optional", "boolean"],
  ["numberOfCharacters", "integer"],
  ["disableAnswerLater", "boolean"],
  ["disableNotApplicable", "boolean"],
  ["documentLink", "text"],
  ["followUpQuestionId", "text"],
  ["triggerForFollowUpQuestion", "text"],
  ["priorYearValue", "text"],
  ["uploadedLastYear", "boolean"],
  ["rolloverLineItemId", "text"],
  ["order", "integer"],
];
const SIGNATURE_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["sectionId", "text"],
  ["userId", "text"],
  ["userName", "text"],
];
const ACTIVITY_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["typeId", "integer"],
  ["title", "text"],
  ["description", "text"],
  ["companyId", "text"],
  ["questionnaireId", "text"],
  ["actorId", "text"],
  ["createdAt", "timestamptz"],
];
const MESSAGE_COLUMNS: Column[] = [
  ["id", "text"],
  ["firmId", "text"],
  ["userId", "text"],
  ["channel", "text", '"OutboundChannel"'],
  ["to", "text"],
  ["subject", "text"],
  ["body", "text"],
  ["html", "text"],
  ["status", "text", '"OutboundStatus"'],
  ["nextAttemptAt", "timestamptz"],
];

/**
 * Writes the rows in the transaction: one insert per table (sections' triggers in one update, as
 * sections and questions point at each other). Returns the outbox rows to dispatch after commit.
 */
export async function writeRows(tx: FirmTx, rows: BuiltRows): Promise<OutboundMessage[]> {
  if (rows.questionnaires.length === 0) return [];
  // The first automatic reminder of each questionnaire sent (drafts get none until sent): every
  // row of a send shares the facts, so one read of the firm's frequency serves them all.
  const firm = await tx.firm.findFirst({ select: { questionnaireReminderFrequencyDays: true } });
  for (const q of rows.questionnaires) {
    q.nextReminderDate = firm
      ? nextReminderDate(
          {
            deletedAt: null,
            isDraft: q.isDraft ?? false,
            locked: false,
            completed: false,
            sentAt: (q.sentAt as Date | null) ?? null,
            company: { inactive: false, deletedAt: null },
            remindersDisabled: false,
            dueDate: (q.dueDate as Date | null) ?? null,
            earliestRemindDate: null,
            lastRemindedAt: null,
          },
          firm.questionnaireReminderFrequencyDays,
        )
      : null;
  }
  await insertRows(tx, "questionnaires", QUESTIONNAIRE_COLUMNS, rows.questionnaires);
  await copyTemplateDocuments(tx, rows);
  await insertRows(tx, "sections", SECTION_COLUMNS, rows.sections);
  // Parents before follow-ups: the follow-up link is checked at the end of the statement anyway.
  await insertRows(tx, "questions", QUESTION_COLUMNS, rows.questions);
  if (rows.triggers.length) {
    await tx.$executeRaw`
      UPDATE sections AS s SET trigger_question_id = v.question_id, trigger_answer = v.answer
        FROM unnest(${rows.triggers.map((t) => t.id)}::text[], ${rows.triggers.map((t) => t.questionId)}::text[], ${rows.triggers.map((t) => t.answer)}::text[]) AS v(id, question_id, answer)
       WHERE s.id = v.id`;
  }
  await insertRows(tx, "engagement_signatures", SIGNATURE_COLUMNS, rows.signatures);
  await insertRows(tx, "activity_logs", ACTIVITY_COLUMNS, rows.activity);
  if (rows.messages.length === 0) return [];
  await insertRows(tx, "outbound_messages", MESSAGE_COLUMNS, rows.messages);
  return tx.outboundMessage.findMany({ where: { id: { in: rows.messages.map((m) => m.id!) } } });
}

/**
 * Each questionnaire's own copy of its template PDFs: stored under the entity's documents and filed
 * in its year folder, so the client reads it like any document of the section, and a template PDF
 * replaced later changes no questionnaire already sent. A PDF no longer in the store is left out
 * (the section says no document is attached) rather than failing the whole send.
 */
async function copyTemplateDocuments(tx: FirmTx, rows: BuiltRows): Promise<void> {
  if (rows.documents.length === 0) return;
  const { putObject, readObject } = await import("~/storage.server");
  const { entityDocumentKey } = await import("~/storage/keys");
  const sources = new Map<string, Uint8Array | null>();
  const documents: Prisma.DocumentCreateManyInput[] = [];
  for (const d of rows.documents) {
    if (!sources.has(d.from)) sources.set(d.from, await readObject({ firmId: d.firmId, key: d.from, maxBytes: MAX_TEMPLATE_PDF_BYTES }));
    const bytes = sources.get(d.from);
    const section = rows.sections.find((s) => s.id === d.sectionId)!;
    if (!bytes) {
      section.documentId = null;
      continue;
    }
    const storageKey = entityDocumentKey(d.firmId, d.companyId, d.name);
    await putObject({ firmId: d.firmId, key: storageKey, bytes, contentType: "application/pdf" });
    documents.push({
      id: d.id,
      firmId: d.firmId,
      companyId: d.companyId,
      itemType: "file",
      path: `/${d.taxYear}`,
      name: d.name,
      storageKey,
      sizeBytes: BigInt(bytes.length),
      contentType: "application/pdf",
      questionnaireId: d.questionnaireId,
    });
  }
  if (documents.length) await tx.document.createMany({ data: documents });
}

// ───────────────────────────── Entities ─────────────────────────────

export interface TargetOptions {
  taxYear: number;
  includePriorYearItems: boolean;
  allOwnerSignatureRequired: boolean;
}

const ENTITY_SELECT = {
  id: true,
  hashId: true,
  name: true,
  inactive: true,
  deletedAt: true,
  entityType: true,
  primaryOwnerId: true,
  primaryOwner: { select: { id: true, fname: true, lname: true, preferredName: true, firmGroupId: true } },
  owners: {
    orderBy: [{ isPrimary: "desc" }, { createdAt: "asc" }],
    select: {
      isPrimary: true,
      notificationSubscriptions: { select: { notificationTypeId: true } },
      user: {
        select: {
          id: true,
          fname: true,
          lname: true,
          preferredName: true,
          email: true,
          phoneNumber: true,
          preferredContactMethod: true,
          paying: true,
          deletedAt: true,
          hasTempEmail: true,
        },
      },
    },
  },
} satisfies Prisma.CompanySelect;

export type LoadedEntity = Awaited<ReturnType<typeof findEntities>>[number];

/** The entities (any state) with their owners; the caller decides what is refused. */
export async function findEntities(tx: FirmTx, companyIds: readonly string[]) {
  return tx.company.findMany({ where: { id: { in: [...companyIds] } }, select: ENTITY_SELECT });
}

/** An entity as a send target: who signs, who is notified, its prior-year items. */
export async function toTargets(tx: FirmTx, entities: readonly LoadedEntity[], options: TargetOptions): Promise<EntityTarget[]> {
  const priorYear = options.includePriorYearItems
    ? await tx.priorYearItem.findMany({
        where: { companyId: { in: entities.map((e) => e.id) }, year: options.taxYear - 1, doNotRollover: false },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, companyId: true, name: true, lineItems: { orderBy: { createdAt: "asc" }, select: { id: true, category: true, value: true } } },
      })
    : [];
  return entities.map((entity) => {
    const active = entity.owners.filter((o) => o.user.paying && !o.user.deletedAt);
    const primary = active.find((o) => o.isPrimary) ?? active[0] ?? null;
    const name = (u: { fname: string; lname: string }) => `${u.fname} ${u.lname}`.trim();
    const subscribed = active.filter((o) => o.notificationSubscriptions.some((s) => s.notificationTypeId === RECEIVE_QUESTIONNAIRE));
    const anySubscriptions = entity.owners.some((o) => o.notificationSubscriptions.length > 0);
    const notified = anySubscriptions ? subscribed : primary ? [primary] : [];
    const signers = options.allOwnerSignatureRequired ? active : primary ? [primary] : [];
    return {
      id: entity.id,
      hashId: entity.hashId,
      name: entity.name,
      clientFname: primary ? primary.user.preferredName || primary.user.fname : "",
      clientFullName: primary ? name(primary.user) : "",
      signers: signers.map((o) => ({ id: o.user.id, name: name(o.user) })),
      recipients: notified.map((o) => ({
        userId: o.user.id,
        fname: o.user.preferredName || o.user.fname,
        email: o.user.hasTempEmail ? null : o.user.email,
        phone: o.user.phoneNumber,
        sms: o.user.preferredContactMethod === "sms",
      })),
      priorYearItems: priorYear.filter((p) => p.companyId === entity.id).map((p) => ({ id: p.id, name: p.name, lineItems: p.lineItems })),
    };
  });
}

/** A questionnaire's due date on a scheduler run: the fixed date for a one-time send, else days after the run. */
export function runDueDate(run: { frequency: string; dueDate: string | null; daysUntilDue: number | null; runOn: string }): string | null {
  if (run.frequency === "once" && run.dueDate) return run.dueDate;
  return addDays(run.runOn, run.daysUntilDue ?? 14);
}
