/**
 * Client user rules shared by the dialogs (browser) and the actions (server): the zod schemas of
 * Create User and Entity, Edit user, activate/deactivate and User Tags, with the spec's messages
 * (staff spec §5, §8), the phone mask, and the Individual entity name derived from the names.
 */
import * as z from "zod";

export const USER_MESSAGES = {
  fnameRequired: "First name is required",
  lnameRequired: "Last name is required",
  entityNameRequired: "Entity name is required",
  entityTypeRequired: "Entity type is required",
  advisorRequired: "Assigned advisor is required",
  groupRequired: "Firm group is required",
  spouseFnameRequired: "Spouse first name is required",
  spouseLnameRequired: "Spouse last name is required",
  invalidEmail: "Invalid email address",
  emailExists: "This email already exists",
  emailTaken: "Email is already taken. Learn how to resolve this issue here",
  spouseEmailSame: "Spouse email must be different from the user's email",
  entityNameSlash: 'Entity Name cannot contain a "/" character.',
  entityNameQuote: 'Entity Name cannot contain a " character.',
  entityNameExists: "Entity Name already exists.",
  individualNotAllowed: "Individual entities are not allowed by your firm.",
  blankEmailConfirm: "Users without email addresses will not be able to sign in or receive notifications. Do you want to proceed?",
  noSelection: "No selected users or entities to update!",
  advisorWarning: "Updating the assigned firm user updates it for all of this user's entities.",
  advisorUpdated: "Assigned firm user was updated successfully",
  updated: "Successfully updated",
  error: "Something went wrong",
  errorUpdatingUser: "Error updating user",
  tagsUpdated: "You have successfully updated the list of users.",
  tagNameRequired: "Tag name is required",
  tooLong: "Too long",
} as const;

/** Debounce of the email availability check while typing (§9). */
export const EMAIL_CHECK_DEBOUNCE_MS = 200;

/** The advisor select's "none" value (§5 client assignment). */
export const NO_ADVISOR = "-1";

export const BUILT_IN_ENTITY_TYPES = ["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation"] as const;
export const INDIVIDUAL = "Individual";

/**
 * The entity types offered: the built-in ones (S- and C-Corporation always), then the firm's custom
 * types. When the firm blocks Individual it is shown as 'Individual (Not Allowed)' and disabled.
 */
export function entityTypeChoices(customTypes: readonly string[], individualBlocked: boolean) {
  const names = [...BUILT_IN_ENTITY_TYPES, ...customTypes.filter((t) => !(BUILT_IN_ENTITY_TYPES as readonly string[]).includes(t))];
  return names.map((name) =>
    name === INDIVIDUAL && individualBlocked ? { value: name, label: "Individual (Not Allowed)", disabled: true } : { value: name, label: name },
  );
}

// ───────────────────────────── Phone ─────────────────────────────

/** The digits of a US phone number (a leading country code 1 dropped), at most 10. */
export function phoneDigits(input: string | null | undefined): string {
  let d = (input ?? "").replace(/\D/g, "");
  // US area codes never start with 1: a longer number starting with 1 carries the country code.
  if (d.length > 10 && d.startsWith("1")) d = d.slice(1);
  return d.slice(0, 10);
}

/** The mask (000) 000-0000 applied as the user types. */
export function maskPhone(input: string | null | undefined): string {
  const d = phoneDigits(input);
  if (!d) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** What is stored: the 10 digits, or blank when incomplete (an incomplete phone is sent blank). */
export function phoneForSubmit(input: string | null | undefined): string {
  const d = phoneDigits(input);
  return d.length === 10 ? d : "";
}

// ───────────────────────────── Names ─────────────────────────────

/**
 * An Individual's entity name from the names: 'Ann Lee', with a spouse of the same last name
 * 'Ann & Bo Lee', otherwise 'Ann Lee & Bo Park'.
 */
export function individualEntityName(fname: string, lname: string, spouse?: { fname: string; lname: string } | null): string {
  const f = fname.trim();
  const l = lname.trim();
  const sf = spouse?.fname.trim() ?? "";
  const sl = spouse?.lname.trim() ?? "";
  if (!sf && !sl) return `${f} ${l}`.trim();
  if (sl.toLowerCase() === l.toLowerCase() || !sl) return `${f} & ${sf} ${l}`.trim();
  return `${`${f} ${l}`.trim()} & ${`${sf} ${sl}`.trim()}`;
}

/** The entity name rules (§5 Entity): required, no '/', no '"'. */
export function entityNameError(name: string): string | null {
  const n = name.trim();
  if (!n) return USER_MESSAGES.entityNameRequired;
  if (n.includes("/")) return USER_MESSAGES.entityNameSlash;
  if (n.includes('"')) return USER_MESSAGES.entityNameQuote;
  if (n.length > 200) return USER_MESSAGES.tooLong;
  return null;
}

// ───────────────────────────── Schemas ─────────────────────────────

const text = (max: number) => z.string().trim().max(max, USER_MESSAGES.tooLong);
const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, USER_MESSAGES.tooLong);
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/** Optional email: blank is allowed (→ null), otherwise a valid address, lower-cased. */
export const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : (v ?? "")),
  z
    .string()
    .max(254, USER_MESSAGES.invalidEmail)
    .refine((v) => v === "" || z.email().safeParse(v).success, { message: USER_MESSAGES.invalidEmail })
    .transform((v) => (v ? v.toLowerCase() : null)),
);

/** Masked or bare phone: stored as 10 digits, blank (→ null) when incomplete. */
export const phoneField = z.preprocess(
  (v) => (typeof v === "string" ? v : ""),
  z.string().transform((v) => phoneForSubmit(v) || null),
);

const idOrNone = z.preprocess((v) => (v === NO_ADVISOR || v === "" || v == null ? null : v), z.string().max(100).nullable());
const requiredId = (message: string) =>
  z.preprocess((v) => (v === NO_ADVISOR || v === "" || v == null ? undefined : v), z.string({ error: message }).min(1, message).max(100, message));

const contactMethod = z.enum(["email", "sms"]).catch("email");

export interface CreateUserContext {
  hasFirmGroups: boolean;
}

/** Create User and Entity (§5 New client). */
export function createUserSchema(ctx: CreateUserContext) {
  return z
    .object({
      fname: required(USER_MESSAGES.fnameRequired),
      lname: required(USER_MESSAGES.lnameRequired),
      email: optionalEmail,
      phoneNumber: phoneField,
      preferredContactMethod: contactMethod,
      timeZone: text(100).optional().default(""),
      entityType: required(USER_MESSAGES.entityTypeRequired),
      entityName: text(200).optional().default(""),
      assignedAdvisorId: requiredId(USER_MESSAGES.advisorRequired),
      firmGroupId: ctx.hasFirmGroups ? requiredId(USER_MESSAGES.groupRequired) : idOrNone,
      hasSpouse: checkbox.optional().default(false),
      spouseFname: text(100).optional().default(""),
      spouseLname: text(100).optional().default(""),
      spouseEmail: optionalEmail.optional().default(null),
      /** The staff member confirmed creating a user without an email. */
      confirmBlankEmail: checkbox.optional().default(false),
    })
    .superRefine((v, issue) => {
      const individual = v.entityType === INDIVIDUAL;
      const spouse = individual && v.hasSpouse;
      if (spouse) {
        if (!v.spouseFname) issue.addIssue({ code: "custom", path: ["spouseFname"], message: USER_MESSAGES.spouseFnameRequired });
        if (!v.spouseLname) issue.addIssue({ code: "custom", path: ["spouseLname"], message: USER_MESSAGES.spouseLnameRequired });
        if (v.spouseEmail && v.email && v.spouseEmail === v.email)
          issue.addIssue({ code: "custom", path: ["spouseEmail"], message: USER_MESSAGES.spouseEmailSame });
      }
      const name = individual ? individualEntityName(v.fname, v.lname, spouse ? { fname: v.spouseFname, lname: v.spouseLname } : null) : v.entityName;
      const nameError = entityNameError(name);
      if (nameError) issue.addIssue({ code: "custom", path: ["entityName"], message: nameError });
    })
    .transform((v) => {
      const individual = v.entityType === INDIVIDUAL;
      const spouse = individual && v.hasSpouse ? { fname: v.spouseFname, lname: v.spouseLname, email: v.spouseEmail ?? null } : null;
      return {
        ...v,
        hasSpouse: Boolean(spouse),
        spouse,
        entityName: (individual ? individualEntityName(v.fname, v.lname, spouse) : v.entityName).trim(),
      };
    });
}
export type CreateUserInput = z.output<ReturnType<typeof createUserSchema>>;

/** Edit user, Details and Settings tabs (§5 Edit user; PATCH /users/{id} fields). */
export const editUserSchema = z.object({
  fname: required(USER_MESSAGES.fnameRequired),
  lname: required(USER_MESSAGES.lnameRequired),
  preferredName: text(100).optional().default(""),
  email: optionalEmail,
  phoneNumber: phoneField,
  workPhoneNumber: phoneField.optional().default(null),
  workPhoneExtension: text(10).regex(/^\d*$/, "Digits only").optional().default(""),
  preferredContactMethod: contactMethod,
  externalUserId: text(100).optional().default(""),
  timeZone: text(100).optional().default(""),
  /** Absent when the viewer may not change it (then it stays as it is). */
  firmGroupId: idOrNone.optional(),
  assignedAdvisorId: idOrNone.optional(),
  readonlyAccess: checkbox.optional().default(false),
});
export type EditUserInput = z.output<typeof editUserSchema>;

export const activateUserSchema = z.object({ includeEntities: checkbox.optional().default(false) });
export const deactivateUserSchema = z.object({ deactivateEntities: checkbox.optional().default(false) });

const ids = z.preprocess((v) => (v == null ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().min(1).max(100)).max(1000));
const tagNames = z.preprocess(
  (v) => (v == null ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().trim().min(1, USER_MESSAGES.tagNameRequired).max(60, USER_MESSAGES.tooLong)).max(100),
);

/** User Tags in bulk: tags to add (new names are created) and to remove, on the selected users. */
export const userTagsSchema = z
  .object({ userIds: ids, add: tagNames, remove: tagNames })
  .refine((v) => v.userIds.length > 0, { message: USER_MESSAGES.noSelection, path: ["userIds"] });

/** Update Entity Email prompt, answered yes: the entities (hash ids) that take the user's email. */
export const useEmailForEntitiesSchema = z.object({
  hashIds: z.array(z.string().trim().min(1).max(64), { error: "Choose at least one entity." }).min(1, "Choose at least one entity.").max(100),
});
