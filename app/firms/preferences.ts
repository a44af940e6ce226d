/**
 * The firm's preferences, as partners and admins edit them at /firm/preferences/<group>: every
 * stored flag that changes the product, grouped by what it changes, each with the one line that
 * says what it does. The schema of each group's form is built from this table, so a flag is
 * editable exactly when it is listed here (see README "Firm preferences" for the flags that are
 * stored but not offered).
 */
import * as z from "zod";

export const PREFERENCE_GROUPS = ["communication", "questionnaires", "reminders", "documents", "deliver", "security", "branding", "staff"] as const;
export type PreferenceGroup = (typeof PREFERENCE_GROUPS)[number];

/** A yes/no flag of FirmPreferences. */
export interface FlagField {
  kind: "flag";
  name: string;
  label: string;
  description: string;
}

/** Free text of FirmPreferences (HTML is sanitised where it is shown). */
export interface TextField {
  kind: "text";
  name: string;
  label: string;
  description: string;
  max: number;
  /** Shown only when this flag is on (the form still keeps the text). */
  shownWith?: string;
  /** One entry a line (stored as a list). */
  list?: boolean;
}

/** The firm's reminder frequencies (columns of Firm, not of FirmPreferences). */
export interface DaysField {
  kind: "days";
  name: "questionnaireReminderFrequencyDays" | "taxReturnReminderFrequencyDays";
  label: string;
  description: string;
  min: number;
  max: number;
}

export type PreferenceField = FlagField | TextField | DaysField;

export interface PreferenceGroupInfo {
  title: string;
  lead: string;
  fields: PreferenceField[];
}

const flag = (name: string, label: string, description: string): FlagField => ({ kind: "flag", name, label, description });

export const PREFERENCE_CATALOG: Record<PreferenceGroup, PreferenceGroupInfo> = {
  communication: {
    title: "Communication",
    lead: "How clients and staff message each other in the portal.",
    fields: [
      flag(
        "communicationDisabled",
        "Turn off messaging",
        "Hides Messages from clients and staff, the 'Send a Message' card on the client dashboard and the message links of questionnaires.",
      ),
      flag("messageTagsDisabled", "Turn off message tags", "Messages can no longer be tagged Urgent or Emergency; every message is General."),
    ],
  },
  questionnaires: {
    title: "Questionnaires",
    lead: "What clients can do while they fill in a questionnaire.",
    fields: [
      flag("firstSectionRequired", "First section required", "The first section is marked Required and the others stay locked until it is completed."),
      flag(
        "requireOneSignaturePerSection",
        "One signature per section",
        "A signature section is done when one owner has signed; the other owners' signatures are no longer needed.",
      ),
      flag("hideSignaturePrintOption", "Hide 'Print and Sign'", "Clients sign on screen only: the option to print, sign and upload is hidden."),
      flag("disableProvidedElsewhere", "Turn off 'Provided Elsewhere'", "Clients can no longer mark a question as provided elsewhere."),
      flag("disableAnswerLater", "Turn off 'Answer Later'", "Clients can no longer put a question aside to answer later."),
      flag(
        "hideDocumentUploadsWithinSections",
        "Hide uploads within sections",
        "Upload questions are not shown inside sections; clients upload in the document checklist.",
      ),
      flag(
        "removePleaseUploadForRolloverItems",
        "No 'Please upload' before requested items",
        "Upload items you request (additional and prior-year items) keep your wording, without 'Please upload' in front.",
      ),
    ],
  },
  reminders: {
    title: "Reminders",
    lead: "Automatic reminders for questionnaires that are sent and not yet submitted, and for tax returns waiting for signatures or payments.",
    fields: [
      {
        kind: "days",
        name: "questionnaireReminderFrequencyDays",
        label: "Remind every (days)",
        description: "Days between automatic reminders. 0 turns automatic reminders off.",
        min: 0,
        max: 90,
      },
      {
        kind: "days",
        name: "taxReturnReminderFrequencyDays",
        label: "Remind about tax returns every (days)",
        description: "Days between automatic reminders to clients who still have a tax return to sign or pay. 0 turns them off.",
        min: 0,
        max: 90,
      },
    ],
  },
  deliver: {
    title: "Deliver",
    lead: "Tax returns you deliver in the portal: drafts your clients approve, e-signatures and payment vouchers.",
    fields: [
      flag(
        "newTaxReturnDeliveryEnabled",
        "Tax return delivery",
        "Shows Deliver to staff, where you upload, classify and send returns, and the tax return cards and pages to your clients.",
      ),
      flag(
        "signatureRequestsEnabled",
        "Signature requests",
        "Shows Signature requests to staff, where you send any PDF to an entity's owners to sign, and the signature request cards and signing page to your clients.",
      ),
      flag(
        "taxReturnIdentityVerificationEnabled",
        "Identity verification before signing",
        "Each signer verifies their identity with a photo ID (Stripe Identity, on your connected Stripe account) before they can sign a tax return.",
      ),
    ],
  },
  documents: {
    title: "Documents",
    lead: "What clients can do with their documents, and the ways they send you files.",
    fields: [
      flag(
        "documentDropOffEnabled",
        "Document drop-off",
        "Clients can drop off files for a questionnaire at /document-drop-off, without opening the questionnaire.",
      ),
      flag("dropLinkEnabled", "Drop links", "Partners, admins and full-access staff get the Drop Link page: a public link anyone can send you files with."),
      flag("bulkUploadProcessor", "Split bulk uploads", "Advisors can split a PDF holding several documents into separate documents."),
      flag("hideDocumentsViewFromClients", "Hide Documents from clients", "Clients no longer see Documents in their navigation, nor can they open it."),
      flag("disableFolderAction", "No client folder actions", "Clients can't add, rename, move or delete folders."),
      flag("disableFileEditAction", "No client file edits", "Clients can't rename, move or delete files."),
      {
        kind: "text",
        name: "foldersWhereClientActionsDisabled",
        label: "Folders locked for clients",
        description: "One folder path a line (for example /2025/Tax Return). Clients can't change anything in them: 'Disabled by firm'.",
        max: 4000,
        list: true,
      },
      flag(
        "reviewAndExportEnabled",
        "Review and export (Connect)",
        "Shows Connect to staff: advisors go through a submitted questionnaire's answers and documents, mark what they reviewed and export the reviewed set.",
      ),
      {
        kind: "text",
        name: "customDocumentExportOrder",
        label: "Document order in exports",
        description:
          "One document type a line (for example W-2, then 1099-INT). Exported questionnaires list documents of these types first, in this order; the others follow.",
        max: 4000,
        list: true,
      },
    ],
  },
  security: {
    title: "Security",
    lead: "How your clients sign in. Staff always sign in with two factors.",
    fields: [flag("force2faOnUsers", "Two factors for clients", "Clients must confirm a code by email or text message after their password.")],
  },
  branding: {
    title: "Dashboard & banner",
    lead: "Your own words on the client dashboard and across the portal.",
    fields: [
      flag("customElementEnabled", "Custom dashboard content", "Shows your HTML on every client's dashboard."),
      {
        kind: "text",
        name: "customElements",
        label: "Dashboard HTML",
        description: "Links, headings, lists and images. Scripts, styles and forms are removed.",
        max: 20_000,
        shownWith: "customElementEnabled",
      },
      flag(
        "inAppBannerEnabled",
        "In-app banner",
        "Shows a banner at the top of every page to your clients and advisors, until they dismiss it for the session.",
      ),
      {
        kind: "text",
        name: "inAppBannerText",
        label: "Banner text",
        description: "A sentence or two; links are allowed. Scripts and styles are removed.",
        max: 1000,
        shownWith: "inAppBannerEnabled",
      },
    ],
  },
  staff: {
    title: "Staff",
    lead: "How your team works and what your records hold.",
    fields: [
      flag("hasFirmGroups", "Firm groups", "Staff and clients can be put in groups; group-access staff see only their own group."),
      flag("useFirmRoles", "Firm roles", "Partners and admins get Firm Roles and can assign roles to staff per entity."),
      flag("templateDisabledForNonadmin", "Templates for admins only", "Only partners and admins see Templates."),
      flag("externalUserIdAllowed", "External user ids", "Users get an External ID field (your practice software's id)."),
      flag("externalEntityIdAllowed", "External entity ids", "Entities get an External ID field (your practice software's id)."),
      flag(
        "individualEntityTypeBlocked",
        "Block the Individual entity type",
        "The Individual type is offered as 'Individual (Not Allowed)' and can't be chosen for new entities.",
      ),
    ],
  },
};

export const PREFERENCE_MESSAGES = {
  saved: "Preferences saved",
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters`,
  bannerTextRequired: "Enter the banner text, or turn the banner off",
  htmlRequired: "Enter the dashboard HTML, or turn custom content off",
  days: (min: number, max: number) => `Enter a whole number of days from ${min} to ${max}`,
  folderPath: "Each folder path starts with / (one a line)",
} as const;

export function isPreferenceGroup(value: string | undefined): value is PreferenceGroup {
  return PREFERENCE_GROUPS.includes(value as PreferenceGroup);
}

/** A checkbox posts "on" when checked and nothing when not. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.undefined()])
  .transform((v) => v === "on" || v === "true")
  .catch(false);

function fieldSchema(field: PreferenceField) {
  switch (field.kind) {
    case "flag":
      return checkbox;
    case "days":
      return z
        .string({ error: PREFERENCE_MESSAGES.days(field.min, field.max) })
        .trim()
        .regex(/^\d{1,3}$/, PREFERENCE_MESSAGES.days(field.min, field.max))
        .transform(Number)
        .pipe(z.number().int().min(field.min, PREFERENCE_MESSAGES.days(field.min, field.max)).max(field.max, PREFERENCE_MESSAGES.days(field.min, field.max)));
    case "text": {
      // Refinements, not pipes: conform's coercion would turn a piped "" back into undefined.
      const text = z
        .string()
        .optional()
        .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
        .refine((v) => v.length <= field.max, PREFERENCE_MESSAGES.tooLong(field.label, field.max));
      if (!field.list) return text;
      return text
        .transform((v) =>
          v
            .split("\n")
            .map((line) => line.trim().replace(/(.)\/+$/, "$1"))
            .filter(Boolean),
        )
        .refine((paths) => paths.length <= 100 && paths.every((p) => p.startsWith("/") && p.length <= 300), PREFERENCE_MESSAGES.folderPath);
    }
  }
}

/** The saved values of one group: flags as booleans, texts (empty: none), lists, days. */
export type PreferenceValues = Record<string, boolean | string | string[] | number>;

/** The form schema of a group (an object of its fields, the spec's messages). */
export function preferenceGroupSchema(group: PreferenceGroup) {
  const fields = PREFERENCE_CATALOG[group].fields;
  const shape = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  return z.object(shape).superRefine((values: Record<string, unknown>, ctx) => {
    // A banner or dashboard content turned on needs its text.
    for (const f of fields) {
      if (f.kind !== "text" || !f.shownWith || !values[f.shownWith] || values[f.name]) continue;
      ctx.addIssue({
        code: "custom",
        path: [f.name],
        message: f.name === "inAppBannerText" ? PREFERENCE_MESSAGES.bannerTextRequired : PREFERENCE_MESSAGES.htmlRequired,
      });
    }
  }) as unknown as z.ZodType<PreferenceValues, Record<string, unknown>>;
}

/** Every field name of every group (the columns partners and admins can change). */
export const EDITABLE_PREFERENCE_NAMES: readonly string[] = PREFERENCE_GROUPS.flatMap((g) => PREFERENCE_CATALOG[g].fields.map((f) => f.name));
