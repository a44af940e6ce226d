/**
 * The shape of a declarative firm definition (demo or preset firms), loaded by the seed
 * (prisma/seed.ts). Data and validation only: what each scenario means in the database is
 * decided by the seed.
 */
import * as z from "zod";
import { CANNED_TEMPLATE_KEYS, sectionListSchema } from "../app/templates/canned";
import { TIME_ZONES } from "../app/time-zones";
import { subdomainSchema } from "../app/tenancy/subdomain";
import { themeNames } from "../themes/catalog";

/** Entity types every firm offers (staff spec §3); firms may add custom ones. */
export const BUILT_IN_ENTITY_TYPES = ["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation"] as const;

/**
 * What a demo questionnaire looks like (client spec §4 labels and badges):
 * - draft: saved as draft, not sent;
 * - sent: sent, not opened; opened: opened, nothing answered;
 * - in_progress: about half answered, due in about two weeks;
 * - due_soon / due_today / overdue: in progress (overdue: barely started), due in 3 days / today / 6 days ago;
 * - completed: every section done and submitted; locked: submitted and then locked by the firm.
 */
export const QUESTIONNAIRE_SCENARIOS = ["draft", "sent", "opened", "in_progress", "due_soon", "due_today", "overdue", "completed", "locked"] as const;
export type QuestionnaireScenario = (typeof QUESTIONNAIRE_SCENARIOS)[number];

/** Preference flags, named as the camelCase fields of the FirmPreferences model. */
export const firmPreferencesSchema = z
  .object({
    newTaxReturnDeliveryEnabled: z.boolean(),
    taxReturnIdentityVerificationEnabled: z.boolean(),
    signatureRequestsEnabled: z.boolean(),
    communicationDisabled: z.boolean(),
    customElementEnabled: z.boolean(),
    customElements: z.string(),
    force2faOnUsers: z.boolean(),
    disableProvidedElsewhere: z.boolean(),
    disableFolderAction: z.boolean(),
    disableFileEditAction: z.boolean(),
    hideDocumentUploadsWithinSections: z.boolean(),
    firstSectionRequired: z.boolean(),
    requireOneSignaturePerSection: z.boolean(),
    hideSignaturePrintOption: z.boolean(),
    hideDocumentsViewFromClients: z.boolean(),
    messageTagsDisabled: z.boolean(),
    removePleaseUploadForRolloverItems: z.boolean(),
    disableAnswerLater: z.boolean(),
    foldersWhereClientActionsDisabled: z.array(z.string()),
    customDocumentExportOrder: z.array(z.string()),
    hasFirmGroups: z.boolean(),
    reviewAndExportEnabled: z.boolean(),
    externalEntityIdAllowed: z.boolean(),
    externalUserIdAllowed: z.boolean(),
    documentDropOffEnabled: z.boolean(),
    bulkUploadProcessor: z.boolean(),
    useFirmRoles: z.boolean(),
    dropLinkEnabled: z.boolean(),
    templateDisabledForNonadmin: z.boolean(),
    inAppBannerEnabled: z.boolean(),
    inAppBannerText: z.string(),
    sendToDocumentsSubject: z.string(),
    sendToDocumentsMessage: z.string(),
    individualEntityTypeBlocked: z.boolean(),
  })
  .partial()
  .strict();

const email = z.string().trim().toLowerCase().pipe(z.email());
const name = z.string().trim().min(1).max(80);
/** Ten digits, as stored (the mask is for display). */
const phone = z.string().regex(/^\d{10}$/, "Phone number must be 10 digits");

export const staffSchema = z.object({
  email,
  fname: name,
  lname: name,
  firmAccess: z.enum(["partner", "admin", "full", "group"]),
  isAdvisor: z.boolean(),
  /** Firm group name (required for group access). */
  group: z.string().optional(),
  phone: phone.optional(),
});

export const questionnaireSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    taxYear: z.number().int().min(2018).max(2026),
    /** A canned template (the questionnaire copies its sections), or... */
    template: z.enum(CANNED_TEMPLATE_KEYS).optional(),
    /** ...sections written out (a custom questionnaire or additional items). */
    sections: sectionListSchema.optional(),
    status: z.enum(QUESTIONNAIRE_SCENARIOS),
    /** Due date relative to today (defaults depend on the scenario). */
    dueInDays: z.number().int().optional(),
    /** A firm custom status (its firm-user display name). */
    customStatus: z.string().optional(),
    /** Additional items requested after the main questionnaire (an open item). */
    openItem: z.boolean().optional(),
    deposit: z.object({ amountCents: z.number().int().positive(), status: z.enum(["paid", "marked_paid", "payment_pending", "pending", "unpaid"]) }).optional(),
    remindersDisabled: z.boolean().optional(),
  })
  .refine((q) => (q.template ? !q.sections : !!q.sections), { message: "A questionnaire has either a template or its own sections", path: ["template"] });

export const entitySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .refine((v) => !v.includes("/"), 'Entity Name cannot contain a "/" character.')
    .refine((v) => !v.includes('"'), 'Entity Name cannot contain a " character.'),
  entityType: z.string().min(1),
  businessEmail: email.optional(),
  street: z.string().min(1),
  city: z.string().min(1),
  state: z.string().length(2),
  zip: z.string().regex(/^\d{5}$/),
  country: z.enum(["US", "CA"]).default("US"),
  ein: z
    .string()
    .regex(/^\d{2}-\d{7}$/)
    .optional(),
  inactive: z.boolean().default(false),
  readonlyAccess: z.boolean().default(false),
  tags: z.array(z.string()).default([]),
  externalEntityId: z.string().optional(),
  /** Other clients (by email) who also own this entity. */
  coOwnerEmails: z.array(email).default([]),
  questionnaires: z.array(questionnaireSchema).default([]),
});

export const clientSchema = z.object({
  email: email.optional(),
  fname: name,
  lname: name,
  preferredName: z.string().optional(),
  phone: phone.optional(),
  preferredContactMethod: z.enum(["email", "sms"]).default("email"),
  assignedAdvisorEmail: email,
  group: z.string().optional(),
  tags: z.array(z.string()).default([]),
  /** false = deactivated (spec "paying"). */
  paying: z.boolean().default(true),
  readonlyAccess: z.boolean().default(false),
  externalUserId: z.string().optional(),
  /** Co-owner of the client's Individual entities, with special role spouse. */
  spouse: z.object({ email: email.optional(), fname: name, lname: name, phone: phone.optional() }).optional(),
  entities: z.array(entitySchema).min(1),
});

export const customStatusSchema = z.object({
  firmUserDisplayStatus: z.string().min(1),
  clientDisplayStatus: z.string().min(1),
  clientInstruction: z.string().optional(),
  emailSubject: z.string().optional(),
  emailMessage: z.string().optional(),
  smsMessage: z.string().optional(),
});

export const firmDefinitionSchema = z
  .object({
    slug: subdomainSchema,
    name: z.string().trim().min(2).max(120),
    themeName: z.enum(themeNames),
    brandColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "A #rrggbb colour"),
    supportEmail: email,
    timeZone: z.string().refine((tz) => tz in TIME_ZONES, "A product time zone name"),
    questionnaireReminderFrequencyDays: z.number().int().positive().default(7),
    preferences: firmPreferencesSchema.default({}),
    vocabulary: z.array(z.object({ keyWord: z.string().min(1), replacement: z.string().min(1), description: z.string().optional() })).default([]),
    groups: z.array(z.string().min(1)).default([]),
    contactTags: z.array(z.string().min(1)).default([]),
    entityTags: z.array(z.string().min(1)).default([]),
    documentTags: z.array(z.string().min(1)).default([]),
    /** Entity types beyond the built-in ones ('New Custom Entity'). */
    customEntityTypes: z.array(z.string().min(1)).default([]),
    customStatuses: z.array(customStatusSchema).default([]),
    staff: z.array(staffSchema).min(1),
    clients: z.array(clientSchema),
  })
  .superRefine((firm, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const duplicates = (values: string[], path: string) => {
      const seen = new Set<string>();
      for (const v of values) {
        if (seen.has(v.toLowerCase())) issue([path], `Duplicate ${v}`);
        seen.add(v.toLowerCase());
      }
    };
    duplicates(firm.groups, "groups");
    duplicates(firm.contactTags, "contactTags");
    duplicates(firm.entityTags, "entityTags");
    duplicates(firm.documentTags, "documentTags");
    duplicates(
      firm.vocabulary.map((v) => v.keyWord),
      "vocabulary",
    );
    duplicates(
      firm.customStatuses.map((s) => s.firmUserDisplayStatus),
      "customStatuses",
    );

    const emails = new Set<string>();
    const claim = (address: string | undefined, path: (string | number)[]) => {
      if (!address) return;
      if (emails.has(address)) issue(path, `Email ${address} is used twice (emails are unique within a firm)`);
      emails.add(address);
    };
    const advisors = new Set<string>();
    const groups = new Set(firm.groups);
    firm.staff.forEach((s, i) => {
      claim(s.email, ["staff", i, "email"]);
      if (s.isAdvisor) advisors.add(s.email);
      if (s.group && !groups.has(s.group)) issue(["staff", i, "group"], `Unknown group ${s.group}`);
      if (s.firmAccess === "group" && !s.group) issue(["staff", i, "group"], "Group access needs a group");
    });

    const clientEmails = new Set(firm.clients.flatMap((c) => (c.email ? [c.email] : [])));
    const entityTypes = new Set<string>([...BUILT_IN_ENTITY_TYPES, ...firm.customEntityTypes]);
    const entityNames = new Set<string>();
    const statuses = new Set(firm.customStatuses.map((s) => s.firmUserDisplayStatus));
    const contactTags = new Set(firm.contactTags);
    const entityTags = new Set(firm.entityTags);

    firm.clients.forEach((client, c) => {
      claim(client.email, ["clients", c, "email"]);
      claim(client.spouse?.email, ["clients", c, "spouse", "email"]);
      if (!advisors.has(client.assignedAdvisorEmail))
        issue(["clients", c, "assignedAdvisorEmail"], `${client.assignedAdvisorEmail} is not an advisor of the firm`);
      if (firm.preferences.hasFirmGroups && !client.group) issue(["clients", c, "group"], "Firm group is required when the firm has groups");
      if (client.group && !groups.has(client.group)) issue(["clients", c, "group"], `Unknown group ${client.group}`);
      client.tags.forEach((t) => contactTags.has(t) || issue(["clients", c, "tags"], `Unknown contact tag ${t}`));
      if (client.readonlyAccess && !client.paying) issue(["clients", c, "readonlyAccess"], "The read-only flag can only be set on active users");
      if (client.spouse && !client.entities.some((e) => e.entityType === "Individual"))
        issue(["clients", c, "spouse"], "Spouse is offered only for the Individual type");

      client.entities.forEach((entity, e) => {
        const path = ["clients", c, "entities", e];
        const key = entity.name.toLowerCase();
        if (entityNames.has(key)) issue([...path, "name"], "Entity Name already exists.");
        entityNames.add(key);
        if (!entityTypes.has(entity.entityType)) issue([...path, "entityType"], `Unknown entity type ${entity.entityType}`);
        if (entity.readonlyAccess && entity.inactive) issue([...path, "readonlyAccess"], "Read-only is only settable while the entity is active");
        entity.tags.forEach((t) => entityTags.has(t) || issue([...path, "tags"], `Unknown entity tag ${t}`));
        entity.coOwnerEmails.forEach((o) => {
          if (!clientEmails.has(o)) issue([...path, "coOwnerEmails"], `${o} is not a client of the firm`);
          if (o === client.email) issue([...path, "coOwnerEmails"], "The client already owns this entity");
        });
        const questionnaires = new Set<string>();
        entity.questionnaires.forEach((q, n) => {
          const qKey = `${q.taxYear}|${q.name.toLowerCase()}`;
          if (questionnaires.has(qKey)) issue([...path, "questionnaires", n, "name"], `Two questionnaires named ${q.name} for ${q.taxYear}`);
          questionnaires.add(qKey);
          if (q.customStatus && !statuses.has(q.customStatus)) issue([...path, "questionnaires", n, "customStatus"], `Unknown custom status ${q.customStatus}`);
        });
      });
    });
  });

/** A firm definition as written in tenants/*.ts (defaults may be left out). */
export type FirmDefinitionInput = z.input<typeof firmDefinitionSchema>;
/** A validated firm definition, defaults filled in. */
export type FirmDefinition = z.output<typeof firmDefinitionSchema>;
export type ClientDefinition = FirmDefinition["clients"][number];
export type EntityDefinition = ClientDefinition["entities"][number];
export type QuestionnaireDefinition = EntityDefinition["questionnaires"][number];
export type StaffDefinition = FirmDefinition["staff"][number];
