/**
 * Who on the firm's staff may do what, to which client user or entity (staff spec §2, §5, §6).
 * One module, pure functions, shared by loaders, actions and the UI (which hides what the server
 * would refuse anyway). The server always decides again: a route calls these with facts loaded
 * from the database (see `viewer.server.ts`), never with facts sent by the browser.
 *
 * Visibility first: group-access staff see (and act on) only the users of their own firm group and
 * users in no group; an entity belongs to its primary owner's group. Anything a viewer cannot see
 * is answered like something that does not exist (404), so ids of other groups leak nothing.
 */
export type FirmAccess = "partner" | "admin" | "full" | "group" | null;

/** The staff member asking (from the session and their user row). */
export interface StaffFacts {
  id: string;
  firmAccess: FirmAccess;
  isAdvisor: boolean;
  /** The firm group of the staff member (meaningful for group access). */
  firmGroupId: string | null;
}

/** The firm preference flags the permission rules depend on. */
export interface PermissionPreferences {
  hasFirmGroups?: boolean;
  templateDisabledForNonadmin?: boolean;
  useFirmRoles?: boolean;
  dropLinkEnabled?: boolean;
  newTaxReturnDeliveryEnabled?: boolean;
  signatureRequestsEnabled?: boolean;
  reviewAndExportEnabled?: boolean;
}

/** A client user, as far as permissions care. */
export interface ClientUserFacts {
  id: string;
  firmGroupId: string | null;
  assignedAdvisorId: string | null;
  /** Active (spec "paying"). */
  paying: boolean;
  deleted: boolean;
  email: string | null;
  /** The email is a placeholder (preferences.has_temp_email). */
  hasTempEmail: boolean;
  phoneNumber?: string | null;
  preferredSignInMethod?: "password" | "email" | "sms" | null;
}

/** An entity, as far as permissions care. */
export interface EntityFacts {
  id: string;
  inactive: boolean;
  deleted: boolean;
  /** The primary owner's firm group (null: no owner or owner in no group). */
  ownerGroupId: string | null;
  /** Assigned advisors of the entity's owners (for the notification rule). */
  ownerAdvisorIds: readonly string[];
}

export type Decision = { allowed: true } | { allowed: false; status: 403 | 404 | 409 | 422; message: string };

const ALLOW: Decision = { allowed: true };
const deny = (status: 403 | 404 | 409 | 422, message: string): Decision => ({ allowed: false, status, message });

/** Messages of refusals (from the spec where it has one). */
export const PERMISSION_MESSAGES = {
  notFound: "Not found",
  forbidden: "You don't have permission to do that.",
  emailRequiredToActivate: "User email is required before activating account.",
  cannotRemoveEmailSignIn: "Cannot remove email when it is the preferred sign-in method",
  cannotRemovePhoneSms: "Cannot remove phone number when SMS is the preferred sign-in method",
  cannotRemoveEmail: "Unable to remove email, please try again later.",
  readOnlyNeedsActiveUser: "The read-only flag can only be set on active users.",
  readOnlyNeedsActiveEntity: "The read-only flag can only be set on active entities.",
  groupChangeNotAllowed: "You can't change the firm group.",
  advisorChangeNotAllowed: "Only partner or full access users can change the assigned firm user.",
  advisorsOnly: "Only advisors can do that.",
  alreadyActive: "User is already active.",
  alreadyInactive: "User is already inactive.",
  notDeleted: "User is not deleted.",
} as const;

export const isPartner = (v: Pick<StaffFacts, "firmAccess">) => v.firmAccess === "partner";
/** Partner or admin (the spec's "admins": Firm Roles, templates when disabled for non-admins). */
export const isFirmAdmin = (v: Pick<StaffFacts, "firmAccess">) => v.firmAccess === "partner" || v.firmAccess === "admin";
export const isPartnerOrFull = (v: Pick<StaffFacts, "firmAccess">) => v.firmAccess === "partner" || v.firmAccess === "full";
export const isGroupAccess = (v: Pick<StaffFacts, "firmAccess">) => v.firmAccess === "group";

// ─────────────────────────────── Pages (§2 navigation, §6) ───────────────────────────────

/** Firm Settings: partner only. */
export const canOpenFirmSettings = (v: Pick<StaffFacts, "firmAccess">) => isPartner(v);

/** The firm's preferences (/firm/preferences): partners and admins. */
export const canEditFirmPreferences = (v: Pick<StaffFacts, "firmAccess">) => isFirmAdmin(v);

/** Firm Roles: partner or admin, only when the firm uses firm roles. */
export const canOpenFirmRoles = (v: Pick<StaffFacts, "firmAccess">, p: PermissionPreferences) => isFirmAdmin(v) && Boolean(p.useFirmRoles);

/** Templates: partner or full users; hidden for non-admins when templates are disabled for non-admins. */
export const canOpenTemplates = (v: Pick<StaffFacts, "firmAccess">, p: PermissionPreferences) =>
  isPartnerOrFull(v) && !(p.templateDisabledForNonadmin && !isFirmAdmin(v));

/** Drop Link: partner, admin or full users when drop_link_enabled is on. */
export const canOpenDropLink = (v: Pick<StaffFacts, "firmAccess">, p: PermissionPreferences) =>
  (v.firmAccess === "partner" || v.firmAccess === "admin" || v.firmAccess === "full") && Boolean(p.dropLinkEnabled);

/** Deliver (tax returns): only if new tax return delivery is enabled. */
export const canOpenDeliver = (_v: unknown, p: PermissionPreferences) => Boolean(p.newTaxReturnDeliveryEnabled);

/** Signature requests: only if the firm turned them on (signature_requests_enabled). */
export const canOpenSignatureRequests = (_v: unknown, p: PermissionPreferences) => Boolean(p.signatureRequestsEnabled);

/** Connect (review and export): only if enabled. */
export const canOpenConnect = (_v: unknown, p: PermissionPreferences) => Boolean(p.reviewAndExportEnabled);

/** The admin guide: advisors. */
export const canOpenGuide = (v: Pick<StaffFacts, "isAdvisor">) => v.isAdvisor;

/**
 * Most staff data (questionnaire list, backlog count, templates, tax returns, firm roles, custom
 * statuses, the payment provider check) loads only for advisors; so does the global banner.
 */
export const loadsAdvisorData = (v: Pick<StaffFacts, "isAdvisor">) => v.isAdvisor;

/** Actions only advisors can take (§6). */
export const ADVISOR_ONLY_ACTIONS = [
  "lockQuestionnaire",
  "exportQuestionnaire",
  "requestItems",
  "markPaid",
  "markCompleted",
  "sendReminders",
  "sendSignInLinks",
  "sendTemplates",
  "restoreDocuments",
  "restoreQuestionnaires",
  "manageSignatureRequests",
  "manageRolloverItems",
  "editEntityNotifications",
  "seeOnboardingFlows",
] as const;
export type AdvisorOnlyAction = (typeof ADVISOR_ONLY_ACTIONS)[number];

export function canDoAdvisorAction(v: Pick<StaffFacts, "isAdvisor">, _action: AdvisorOnlyAction): Decision {
  return v.isAdvisor ? ALLOW : deny(403, PERMISSION_MESSAGES.advisorsOnly);
}

// ─────────────────────────────── Visibility ───────────────────────────────

/**
 * The firm groups a viewer sees, as data: the whole firm, or (group access) no group plus their
 * own group (none when they have no group themselves). The one statement of the rule:
 * `canSeeGroup` below and every database filter (`visibility.ts`: Prisma and SQL) are built from it.
 */
export type GroupScope = { all: true } | { all: false; ownGroupId: string | null };

export function groupScope(v: Pick<StaffFacts, "firmAccess" | "firmGroupId">): GroupScope {
  return isGroupAccess(v) ? { all: false, ownGroupId: v.firmGroupId } : { all: true };
}

/** Group access sees its own group and users in no group; everyone else sees the whole firm. */
export function canSeeGroup(v: Pick<StaffFacts, "firmAccess" | "firmGroupId">, groupId: string | null): boolean {
  const scope = groupScope(v);
  return scope.all || groupId === null || (scope.ownGroupId !== null && groupId === scope.ownGroupId);
}

export function canSeeUser(v: Pick<StaffFacts, "firmAccess" | "firmGroupId">, user: Pick<ClientUserFacts, "firmGroupId">): boolean {
  return canSeeGroup(v, user.firmGroupId);
}

export function canSeeEntity(v: Pick<StaffFacts, "firmAccess" | "firmGroupId">, entity: Pick<EntityFacts, "ownerGroupId">): boolean {
  return canSeeGroup(v, entity.ownerGroupId);
}

/** 404 for users the viewer cannot see and (unless `includeDeleted`) deleted ones. */
function reachUser(v: StaffFacts, user: ClientUserFacts | null | undefined, includeDeleted = false): Decision {
  if (!user || (user.deleted && !includeDeleted) || !canSeeUser(v, user)) return deny(404, PERMISSION_MESSAGES.notFound);
  return ALLOW;
}

function reachEntity(v: StaffFacts, entity: EntityFacts | null | undefined, includeDeleted = false): Decision {
  if (!entity || (entity.deleted && !includeDeleted) || !canSeeEntity(v, entity)) return deny(404, PERMISSION_MESSAGES.notFound);
  return ALLOW;
}

const all = (...decisions: (() => Decision)[]): Decision => {
  for (const d of decisions) {
    const r = d();
    if (!r.allowed) return r;
  }
  return ALLOW;
};

// ─────────────────────────────── Users (§4, §5) ───────────────────────────────

export function canViewUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return reachUser(v, user);
}

/** The firm groups a staff member may put a user in: group access only its own group. */
export function assignableGroupIds(v: StaffFacts, firmGroupIds: readonly string[]): string[] {
  if (!isGroupAccess(v)) return [...firmGroupIds];
  return v.firmGroupId && firmGroupIds.includes(v.firmGroupId) ? [v.firmGroupId] : [];
}

/**
 * Create User and Entity: any staff member, into a group they can see. Group-access staff create
 * users in their own group (they cannot choose another).
 */
export function canCreateUser(v: StaffFacts, groupId: string | null): Decision {
  if (groupId !== null && !canSeeGroup(v, groupId)) return deny(403, PERMISSION_MESSAGES.groupChangeNotAllowed);
  return ALLOW;
}

export function canEditUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return reachUser(v, user);
}

/** Users with firm_access group cannot change a user's firm group. */
export function canChangeUserGroup(v: StaffFacts): boolean {
  return !isGroupAccess(v);
}

/** Only partner or full users can change the assigned firm user (advisor). */
export function canChangeAssignedAdvisor(v: StaffFacts): boolean {
  return isPartnerOrFull(v);
}

/** An address that can receive mail and sign in (not blank, not a placeholder). */
export function hasRealEmail(user: Pick<ClientUserFacts, "email" | "hasTempEmail">): boolean {
  return Boolean(user.email && user.email.trim()) && !user.hasTempEmail;
}

/** Activating needs a real email. */
export function canActivateUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return all(
    () => reachUser(v, user),
    () => (user!.paying ? deny(409, PERMISSION_MESSAGES.alreadyActive) : ALLOW),
    () => (hasRealEmail(user!) ? ALLOW : deny(422, PERMISSION_MESSAGES.emailRequiredToActivate)),
  );
}

export function canDeactivateUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return all(
    () => reachUser(v, user),
    () => (user!.paying ? ALLOW : deny(409, PERMISSION_MESSAGES.alreadyInactive)),
  );
}

/** The read-only flag can only be set on active users (clearing it is always allowed). */
export function canSetUserReadOnly(v: StaffFacts, user: ClientUserFacts | null | undefined, readOnly: boolean): Decision {
  return all(
    () => reachUser(v, user),
    () => (readOnly && !user!.paying ? deny(422, PERMISSION_MESSAGES.readOnlyNeedsActiveUser) : ALLOW),
  );
}

/** Whether the Edit user dialog offers removing the email at all: not without one, not for a placeholder. */
export function emailRemovalOffered(user: Pick<ClientUserFacts, "email" | "hasTempEmail">): boolean {
  return hasRealEmail(user);
}

/** Removing the email: refused when it is the preferred sign-in method. */
export function canRemoveEmail(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return all(
    () => reachUser(v, user),
    () => (emailRemovalOffered(user!) ? ALLOW : deny(422, PERMISSION_MESSAGES.cannotRemoveEmail)),
    () => (user!.preferredSignInMethod === "email" ? deny(422, PERMISSION_MESSAGES.cannotRemoveEmailSignIn) : ALLOW),
  );
}

/** Removing the phone number: refused when SMS is the preferred sign-in method. */
export function canRemovePhone(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return all(
    () => reachUser(v, user),
    () => (user!.preferredSignInMethod === "sms" ? deny(422, PERMISSION_MESSAGES.cannotRemovePhoneSms) : ALLOW),
  );
}

/** User Tags (bulk): every selected user must be reachable. */
export function canTagUsers(v: StaffFacts, users: readonly (ClientUserFacts | null | undefined)[]): Decision {
  for (const u of users) {
    const d = reachUser(v, u);
    if (!d.allowed) return d;
  }
  return ALLOW;
}

export function canDeleteUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return reachUser(v, user);
}

/** Restoring a deleted user: the viewer must be able to see it; it must be deleted. */
export function canRestoreUser(v: StaffFacts, user: ClientUserFacts | null | undefined): Decision {
  return all(
    () => reachUser(v, user, true),
    () => (user!.deleted ? ALLOW : deny(409, PERMISSION_MESSAGES.notDeleted)),
  );
}

// ─────────────────────────────── Entities (§2, §4, §5, §6) ───────────────────────────────

export function canViewEntity(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return reachEntity(v, entity);
}

/** Edit entity (Details, Settings): any staff member who can see it. */
export function canEditEntity(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return reachEntity(v, entity);
}

/** The Firm Roles tab of Edit entity, and role assignments: only when the firm uses firm roles. */
export function canAssignEntityFirmRoles(v: StaffFacts, entity: EntityFacts | null | undefined, p: PermissionPreferences): Decision {
  return all(
    () => reachEntity(v, entity),
    () => (p.useFirmRoles ? ALLOW : deny(403, PERMISSION_MESSAGES.forbidden)),
  );
}

/** Entity read-only is only settable while the entity is not inactive. */
export function canSetEntityReadOnly(v: StaffFacts, entity: EntityFacts | null | undefined, readOnly: boolean): Decision {
  return all(
    () => reachEntity(v, entity),
    () => (readOnly && entity!.inactive ? deny(422, PERMISSION_MESSAGES.readOnlyNeedsActiveEntity) : ALLOW),
  );
}

/**
 * Owners (add, update, primary contact): the entity must be reachable, and so must every user
 * being made an owner.
 */
export function canManageOwners(
  v: StaffFacts,
  entity: EntityFacts | null | undefined,
  newOwners: readonly (ClientUserFacts | null | undefined)[] = [],
): Decision {
  return all(
    () => reachEntity(v, entity),
    () => canTagUsers(v, newOwners),
  );
}

/** Entity tags, singly or in bulk: every selected entity must be reachable. */
export function canTagEntities(v: StaffFacts, entities: readonly (EntityFacts | null | undefined)[]): Decision {
  for (const e of entities) {
    const d = reachEntity(v, e);
    if (!d.allowed) return d;
  }
  return ALLOW;
}

/** Editing an entity's notification settings: advisors only. */
export function canEditEntityNotifications(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return all(
    () => reachEntity(v, entity),
    () => canDoAdvisorAction(v, "editEntityNotifications"),
  );
}

/**
 * Advisors cannot disable notifications for entities of users assigned to them (bulk edits skip
 * those entities: use `entitiesWhoseNotificationsMayBeDisabled`).
 */
export function canDisableEntityNotifications(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return all(
    () => canEditEntityNotifications(v, entity),
    () => (entity!.ownerAdvisorIds.includes(v.id) ? deny(403, "Advisors cannot disable notifications for entities of users assigned to them.") : ALLOW),
  );
}

/** The entities of a bulk notification edit that are changed when notifications are turned off. */
export function entitiesWhoseNotificationsMayBeDisabled<E extends EntityFacts>(v: StaffFacts, entities: readonly E[]): E[] {
  return entities.filter((e) => canDisableEntityNotifications(v, e).allowed);
}

export function canDeleteEntity(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return reachEntity(v, entity);
}

export function canRestoreEntity(v: StaffFacts, entity: EntityFacts | null | undefined): Decision {
  return all(
    () => reachEntity(v, entity, true),
    () => (entity!.deleted ? ALLOW : deny(409, "Entity is not deleted.")),
  );
}

/** Turns a refusal into the Response a loader or action throws. */
export function assertAllowed(decision: Decision): void {
  if (!decision.allowed) {
    throw new Response(JSON.stringify({ error: decision.message }), { status: decision.status, headers: { "Content-Type": "application/json" } });
  }
}
