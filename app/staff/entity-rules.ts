/**
 * The staff entity forms' rules (staff spec §3 "Company / entity", §4 "Entity", §5 "Entity",
 * "Add owner", "Tags", "Notifications"), shared by the browser (validated before posting) and the
 * server (the same schemas parse every POST). Messages are the spec's where it has one.
 */
import * as z from "zod";
import { EMAIL_MESSAGES } from "~/auth/email-rules";
import { addressLabels, normalizePostalCode, normalizeRegion, POSTAL_MESSAGES, toCountry } from "~/profile/address";

export { addressLabels };

export const INDIVIDUAL = "Individual";
/** The built-in types; S-Corporation and C-Corporation are always offered. */
export const BUILT_IN_ENTITY_TYPES = [INDIVIDUAL, "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation"] as const;
export const INDIVIDUAL_NOT_ALLOWED = "Individual (Not Allowed)";
/** The type select's value for 'New Custom Entity' (the custom type's name is then typed). */
export const NEW_CUSTOM_TYPE = "__new_custom__";
export const NEW_CUSTOM_TYPE_LABEL = "New Custom Entity";

export const ENTITY_NAME_MAX = 200;
export const NOTE_MAX = 5000;
export const TAG_MAX = 60;

export const ENTITY_MESSAGES = {
  nameRequired: "Entity Name is required",
  nameSlash: 'Entity Name cannot contain a "/" character.',
  nameQuote: 'Entity Name cannot contain a " character.',
  nameTaken: "Entity Name already exists.",
  nameTooLong: `Entity Name must be at most ${ENTITY_NAME_MAX} characters`,
  typeRequired: "Entity type is required",
  customTypeRequired: "Custom entity type is required",
  individualNotAllowed: "This user already has an Individual entity.",
  readOnlyInactive: "Read-only can only be set while the entity is active.",
  updateFailed: "error updating entity",
  updated: "Successfully updated",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailTaken: "This email already exists",
  emailTakenHelp: "Email is already taken. Learn how to resolve this issue here",
  noSelection: "No selected users or entities to update!",
  tagRequired: "Tag is required",
  tagExists: "Tag already exist",
  noteRequired: "Note is required",
  noteTooLong: `Note must be at most ${NOTE_MAX} characters`,
  spouseIndividualOnly: "A spouse can only be added to an Individual entity.",
  ownerRequired: "Choose a user",
  alreadyOwner: "This user already owns this entity.",
  notAnOwner: "Choose one of the entity's owners.",
  cannotRemovePrimary: "Choose another primary contact before removing this owner.",
  advisorCannotDisable: "Advisors cannot disable notifications for entities of users assigned to them.",
  advisorsOnly: "Only advisors can change entity notifications.",
  notAllowed: "You do not have permission to do that.",
  deleted: "Entity deleted",
  restored: "Entity restored",
} as const;

/** Notification types a staff user can subscribe to for an entity (spec §3, notification type ids). */
export const NOTIFICATION_TYPES = [
  { id: 1, label: "Information" },
  { id: 2, label: "Documents" },
  { id: 3, label: "Questionnaires" },
  { id: 4, label: "Questionnaire owner notifications" },
  { id: 5, label: "Questionnaire signatures" },
  { id: 7, label: "Questionnaire documents" },
] as const;
export const NOTIFICATION_TYPE_IDS: number[] = NOTIFICATION_TYPES.map((t) => t.id);

// ─── Names and types ───

/** The problem with an entity name, or null (duplicates are checked against the database). */
export function entityNameProblem(name: string | null | undefined): string | null {
  const text = (name ?? "").trim();
  if (!text) return ENTITY_MESSAGES.nameRequired;
  if (text.includes("/")) return ENTITY_MESSAGES.nameSlash;
  if (text.includes('"')) return ENTITY_MESSAGES.nameQuote;
  if (text.length > ENTITY_NAME_MAX) return ENTITY_MESSAGES.nameTooLong;
  return null;
}

/** Names compare trimmed and case-insensitively (as the database's unique index does). */
export function sameEntityName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const entityNameSchema = z
  .string({ error: ENTITY_MESSAGES.nameRequired })
  .trim()
  .superRefine((value, ctx) => {
    const problem = entityNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export interface EntityTypeOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The type choices: the built-in types, then the firm's custom types, then 'New Custom Entity'.
 * When Individual is blocked it stays visible but disabled, labelled 'Individual (Not Allowed)';
 * a current type that is no longer offered (an imported one) stays selectable.
 */
export function entityTypeOptions(
  customTypes: readonly string[],
  options: { individualAllowed?: boolean; current?: string | null; allowNew?: boolean } = {},
): EntityTypeOption[] {
  const { individualAllowed = true, current, allowNew = true } = options;
  const list: EntityTypeOption[] = BUILT_IN_ENTITY_TYPES.map((t) =>
    t === INDIVIDUAL && !individualAllowed && current !== INDIVIDUAL ? { value: t, label: INDIVIDUAL_NOT_ALLOWED, disabled: true } : { value: t, label: t },
  );
  const seen = new Set<string>(list.map((o) => o.value.toLowerCase()));
  for (const t of [...customTypes].sort((a, b) => a.localeCompare(b))) {
    if (seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    list.push({ value: t, label: t });
  }
  if (current && !seen.has(current.toLowerCase())) list.push({ value: current, label: current });
  if (allowNew) list.push({ value: NEW_CUSTOM_TYPE, label: NEW_CUSTOM_TYPE_LABEL });
  return list;
}

/**
 * Individual is blocked when the entity's primary owner already has another (not deleted)
 * Individual entity: a person files one individual return.
 */
export function individualAllowed(ownerIndividualEntityIds: readonly string[], entityId?: string | null): boolean {
  return ownerIndividualEntityIds.every((id) => id === entityId);
}

/** The chosen type: a listed one, or the typed custom type for 'New Custom Entity'. */
export function resolveEntityType(
  entityType: string,
  customEntityType: string | null | undefined,
): { type: string; isNewCustom: boolean } | { error: string; field: "entityType" | "customEntityType" } {
  const chosen = entityType.trim();
  if (!chosen) return { error: ENTITY_MESSAGES.typeRequired, field: "entityType" };
  if (chosen === NEW_CUSTOM_TYPE) {
    const custom = (customEntityType ?? "").trim();
    if (!custom) return { error: ENTITY_MESSAGES.customTypeRequired, field: "customEntityType" };
    const builtIn = BUILT_IN_ENTITY_TYPES.find((t) => t.toLowerCase() === custom.toLowerCase());
    return builtIn ? { type: builtIn, isNewCustom: false } : { type: custom, isNewCustom: true };
  }
  return { type: chosen, isNewCustom: false };
}

// ─── Shared field schemas ───

/** A checkbox or switch: "on" (browsers) or "true" means on; absent means off. */
export const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

const optionalEmail = z
  .string()
  .trim()
  .max(254, EMAIL_MESSAGES.invalid)
  .optional()
  .refine((value) => !value || z.email().safeParse(value).success, EMAIL_MESSAGES.invalid)
  .transform((value) => (value ? value.toLowerCase() : null));

const requiredEmail = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(254, EMAIL_MESSAGES.invalid)
  .refine((value) => z.email().safeParse(value).success, EMAIL_MESSAGES.invalid)
  .transform((value) => value.toLowerCase());

const personName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, `${message.split(" ")[0]} name must be at most 100 characters`);

const optionalPhone = z
  .string()
  .optional()
  .transform((value) => (value ?? "").replace(/\D/g, ""))
  // An incomplete phone is sent blank (spec §5 "New client").
  .transform((digits) => (digits.length === 10 ? digits : digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : null));

// ─── Edit entity (Details, Settings) and create entity ───

const entityFields = {
  name: entityNameSchema,
  entityType: z.string({ error: ENTITY_MESSAGES.typeRequired }).trim().min(1, ENTITY_MESSAGES.typeRequired),
  customEntityType: optionalText(100, "Custom entity type"),
  ein: optionalText(20, "EIN"),
  businessEmail: optionalEmail,
  otherEmail: optionalEmail,
  street: optionalText(200, "Street"),
  city: optionalText(100, "City"),
  state: optionalText(60, "State"),
  zip: optionalText(20, "Zip"),
  country: z
    .string()
    .optional()
    .transform((value) => toCountry(value)),
};

type AddressInput = { country: "US" | "CA"; state: string | null; zip: string | null };

/** Region and postal code checked against the country, with its labels in the messages. */
function refineAddress<T extends AddressInput>(value: T, ctx: z.RefinementCtx) {
  const labels = addressLabels(value.country);
  if (value.state && normalizeRegion(value.country, value.state) === null) {
    ctx.addIssue({ code: "custom", path: ["state"], message: `Choose a ${labels.region.toLowerCase()}` });
  }
  if (value.zip && normalizePostalCode(value.country, value.zip) === null) {
    ctx.addIssue({ code: "custom", path: ["zip"], message: POSTAL_MESSAGES[value.country] });
  }
}

function normalizeAddress<T extends AddressInput>(value: T): T {
  return {
    ...value,
    state: value.state ? (normalizeRegion(value.country, value.state) ?? value.state) : null,
    zip: value.zip ? (normalizePostalCode(value.country, value.zip) ?? value.zip) : null,
  };
}

function refineType<T extends { entityType: string; customEntityType: string | null }>(value: T, ctx: z.RefinementCtx) {
  const resolved = resolveEntityType(value.entityType, value.customEntityType);
  if ("error" in resolved) ctx.addIssue({ code: "custom", path: [resolved.field], message: resolved.error });
}

export const editEntitySchema = z
  .object({
    ...entityFields,
    externalEntityId: optionalText(100, "External entity id"),
    taxReturnId: optionalText(100, "Tax return id"),
    inactive: checkbox,
    readonlyAccess: checkbox,
  })
  .superRefine((value, ctx) => {
    refineType(value, ctx);
    refineAddress(value, ctx);
    // Read-only is only settable while the entity is not inactive (spec §4).
    if (value.inactive && value.readonlyAccess) ctx.addIssue({ code: "custom", path: ["readonlyAccess"], message: ENTITY_MESSAGES.readOnlyInactive });
  })
  .transform(normalizeAddress);
export type EditEntityInput = z.infer<typeof editEntitySchema>;

/** Create entity for selected user (Select User for new Entity, then this form). */
export const createEntitySchema = z
  .object({ ...entityFields, userId: z.string({ error: ENTITY_MESSAGES.ownerRequired }).trim().min(1, ENTITY_MESSAGES.ownerRequired).max(64) })
  .superRefine((value, ctx) => {
    refineType(value, ctx);
    refineAddress(value, ctx);
  })
  .transform(normalizeAddress);
export type CreateEntityInput = z.infer<typeof createEntitySchema>;

// ─── Owners ───

/** Previous messages when an owner is added: copy them, transfer them, or start a new conversation. */
export const MESSAGE_HISTORY = ["copy", "transfer", "none"] as const;
export type MessageHistory = (typeof MESSAGE_HISTORY)[number];
export const MESSAGE_HISTORY_LABELS: Record<MessageHistory, string> = {
  copy: "Copy previous messages",
  transfer: "Transfer previous messages",
  none: "Don't include previous messages",
};
export const MESSAGE_HISTORY_HINTS: Record<MessageHistory, string> = {
  copy: "A new conversation with every owner starts with a copy of the messages so far.",
  transfer: "The new owner joins the current conversation and sees its messages.",
  none: "A new conversation with every owner starts empty.",
};
const messageHistory = z
  .enum(MESSAGE_HISTORY)
  .optional()
  .transform((v) => v ?? "transfer");

/** The spec's copyPreviousMessages / transferPreviousMessages pair for a choice. */
export function messageHistoryFlags(choice: MessageHistory) {
  return { copyPreviousMessages: choice === "copy", transferPreviousMessages: choice === "transfer" };
}

/** Add user as Owner: a new client user (first and last name required, email valid and unique). */
export const addOwnerSchema = z.object({
  firstName: personName(ENTITY_MESSAGES.firstNameRequired),
  lastName: personName(ENTITY_MESSAGES.lastNameRequired),
  email: requiredEmail,
  phoneNumber: optionalPhone,
  messages: messageHistory,
});
export type AddOwnerInput = z.infer<typeof addOwnerSchema>;

/** Add an existing client user as owner. */
export const addExistingOwnerSchema = z.object({
  userId: z.string({ error: ENTITY_MESSAGES.ownerRequired }).trim().min(1, ENTITY_MESSAGES.ownerRequired).max(64),
  messages: messageHistory,
});

export const removeOwnerSchema = z.object({
  userId: z.string({ error: ENTITY_MESSAGES.notAnOwner }).trim().min(1, ENTITY_MESSAGES.notAnOwner).max(64),
});

export const primaryContactSchema = z.object({
  userId: z.string({ error: ENTITY_MESSAGES.notAnOwner }).trim().min(1, ENTITY_MESSAGES.notAnOwner).max(64),
  updateEntityEmail: checkbox,
});

/** Spouse of an Individual entity's taxpayer: names required, email valid and unique if given. */
export const spouseSchema = z.object({
  firstName: personName(ENTITY_MESSAGES.firstNameRequired),
  lastName: personName(ENTITY_MESSAGES.lastNameRequired),
  email: optionalEmail,
  phoneNumber: optionalPhone,
});
export type SpouseInput = z.infer<typeof spouseSchema>;

// ─── Tags, notifications, notes ───

const idList = z.preprocess(
  (value) => (Array.isArray(value) ? value : typeof value === "string" && value ? value.split(",") : []),
  z.array(z.string().trim().min(1).max(64)).max(500),
);

export const tagNameSchema = z.string().trim().min(1, ENTITY_MESSAGES.tagRequired).max(TAG_MAX, `Tag must be at most ${TAG_MAX} characters`);

/** Entity Tags in bulk (update_tags_in_bulk: ids, tag_names, remove). */
export const bulkTagsSchema = z.object({
  ids: idList.refine((ids) => ids.length > 0, ENTITY_MESSAGES.noSelection),
  // A bad name is reported on the field (`tagNames`), not on its position in the list.
  tagNames: z
    .preprocess((value) => (Array.isArray(value) ? value : typeof value === "string" && value ? [value] : []), z.array(z.unknown()).max(50))
    .transform((names, ctx) => {
      const out: string[] = [];
      for (const name of names) {
        const parsed = tagNameSchema.safeParse(name);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? ENTITY_MESSAGES.tagRequired });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return out;
    })
    .refine((t) => t.length > 0, ENTITY_MESSAGES.tagRequired),
  remove: checkbox,
});

/** Entity notification settings (save_notification_subscription: entity_ids, notification_type_ids). */
export const notificationsSchema = z.object({
  ids: idList.refine((ids) => ids.length > 0, ENTITY_MESSAGES.noSelection),
  typeIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : typeof value === "string" && value ? value.split(",") : []),
    z
      .array(
        z.coerce
          .number()
          .int()
          .refine((n) => NOTIFICATION_TYPE_IDS.includes(n), "Unknown notification type"),
      )
      .max(10),
  ),
});

export const noteSchema = z.object({
  text: z.string({ error: ENTITY_MESSAGES.noteRequired }).trim().min(1, ENTITY_MESSAGES.noteRequired).max(NOTE_MAX, ENTITY_MESSAGES.noteTooLong),
});

export const idSchema = z.object({ id: z.string().trim().min(1).max(64) });
