import { describe, expect, it } from "vitest";
import {
  ADVISOR_ONLY_ACTIONS,
  assignableGroupIds,
  canActivateUser,
  canAssignEntityFirmRoles,
  canChangeAssignedAdvisor,
  canChangeUserGroup,
  canCreateUser,
  canDeactivateUser,
  canDeleteEntity,
  canDeleteUser,
  canDisableEntityNotifications,
  canDoAdvisorAction,
  canEditEntity,
  canEditEntityNotifications,
  canEditUser,
  canManageOwners,
  canOpenConnect,
  canOpenDeliver,
  canOpenDropLink,
  canOpenFirmRoles,
  canOpenFirmSettings,
  canOpenGuide,
  canOpenTemplates,
  canRemoveEmail,
  canRemovePhone,
  canRestoreEntity,
  canRestoreUser,
  canSetEntityReadOnly,
  canSetUserReadOnly,
  canTagEntities,
  canTagUsers,
  canViewEntity,
  canViewUser,
  emailRemovalOffered,
  entitiesWhoseNotificationsMayBeDisabled,
  loadsAdvisorData,
  PERMISSION_MESSAGES,
  type ClientUserFacts,
  type EntityFacts,
  type FirmAccess,
  type StaffFacts,
} from "~/staff/permissions";

const staff = (firmAccess: FirmAccess, extra: Partial<StaffFacts> = {}): StaffFacts => ({
  id: "staff_1",
  firmAccess,
  isAdvisor: true,
  firmGroupId: null,
  ...extra,
});
const partner = staff("partner");
const admin = staff("admin");
const full = staff("full");
const groupA = staff("group", { firmGroupId: "grp_a" });
const plain = staff(null, { isAdvisor: false });

const client = (extra: Partial<ClientUserFacts> = {}): ClientUserFacts => ({
  id: "usr_1",
  firmGroupId: null,
  assignedAdvisorId: null,
  paying: true,
  deleted: false,
  email: "client@example.com",
  hasTempEmail: false,
  phoneNumber: "5551234567",
  preferredSignInMethod: "password",
  ...extra,
});

const entity = (extra: Partial<EntityFacts> = {}): EntityFacts => ({
  id: "cmp_1",
  inactive: false,
  deleted: false,
  ownerGroupId: null,
  ownerAdvisorIds: [],
  ...extra,
});

const notFound = { allowed: false, status: 404, message: PERMISSION_MESSAGES.notFound };

describe("pages by role", () => {
  it("Firm Settings: partner only", () => {
    expect(canOpenFirmSettings(partner)).toBe(true);
    for (const v of [admin, full, groupA, plain]) expect(canOpenFirmSettings(v)).toBe(false);
  });

  it("Firm Roles: partner or admin, only with use_firm_roles", () => {
    expect(canOpenFirmRoles(partner, { useFirmRoles: true })).toBe(true);
    expect(canOpenFirmRoles(admin, { useFirmRoles: true })).toBe(true);
    expect(canOpenFirmRoles(admin, {})).toBe(false);
    for (const v of [full, groupA, plain]) expect(canOpenFirmRoles(v, { useFirmRoles: true })).toBe(false);
  });

  it("Templates: partner or full, hidden for non-admins when disabled for non-admins", () => {
    expect(canOpenTemplates(partner, {})).toBe(true);
    expect(canOpenTemplates(full, {})).toBe(true);
    expect(canOpenTemplates(admin, {})).toBe(false);
    expect(canOpenTemplates(groupA, {})).toBe(false);
    expect(canOpenTemplates(full, { templateDisabledForNonadmin: true })).toBe(false);
    expect(canOpenTemplates(partner, { templateDisabledForNonadmin: true })).toBe(true);
  });

  it("Drop Link: partner, admin or full with drop_link_enabled", () => {
    for (const v of [partner, admin, full]) {
      expect(canOpenDropLink(v, { dropLinkEnabled: true })).toBe(true);
      expect(canOpenDropLink(v, {})).toBe(false);
    }
    expect(canOpenDropLink(groupA, { dropLinkEnabled: true })).toBe(false);
    expect(canOpenDropLink(plain, { dropLinkEnabled: true })).toBe(false);
  });

  it("Deliver and Connect follow their firm flags; Guide is for advisors", () => {
    expect(canOpenDeliver(plain, { newTaxReturnDeliveryEnabled: true })).toBe(true);
    expect(canOpenDeliver(partner, {})).toBe(false);
    expect(canOpenConnect(plain, { reviewAndExportEnabled: true })).toBe(true);
    expect(canOpenConnect(partner, {})).toBe(false);
    expect(canOpenGuide(partner)).toBe(true);
    expect(canOpenGuide(plain)).toBe(false);
  });

  it("advisor data and advisor-only actions need the advisor flag, whatever the access level", () => {
    expect(loadsAdvisorData(plain)).toBe(false);
    expect(loadsAdvisorData(groupA)).toBe(true);
    const partnerNotAdvisor = staff("partner", { isAdvisor: false });
    for (const action of ADVISOR_ONLY_ACTIONS) {
      expect(canDoAdvisorAction(partnerNotAdvisor, action)).toMatchObject({ allowed: false, status: 403 });
      expect(canDoAdvisorAction(groupA, action)).toEqual({ allowed: true });
    }
    expect(ADVISOR_ONLY_ACTIONS).toContain("sendSignInLinks");
    expect(ADVISOR_ONLY_ACTIONS).toContain("restoreQuestionnaires");
  });
});

describe("group access", () => {
  it("sees its own group and users in no group, never another group", () => {
    expect(canViewUser(groupA, client({ firmGroupId: "grp_a" }))).toEqual({ allowed: true });
    expect(canViewUser(groupA, client({ firmGroupId: null }))).toEqual({ allowed: true });
    expect(canViewUser(groupA, client({ firmGroupId: "grp_b" }))).toEqual(notFound);
    for (const v of [partner, admin, full, plain]) expect(canViewUser(v, client({ firmGroupId: "grp_b" }))).toEqual({ allowed: true });
  });

  it("a group-access member without a group sees only users in no group", () => {
    const orphan = staff("group", { firmGroupId: null });
    expect(canViewUser(orphan, client({ firmGroupId: "grp_a" }))).toEqual(notFound);
    expect(canViewUser(orphan, client())).toEqual({ allowed: true });
  });

  it("every user action on another group's user is a 404", () => {
    const other = client({ firmGroupId: "grp_b", paying: false });
    expect(canEditUser(groupA, other)).toEqual(notFound);
    expect(canActivateUser(groupA, other)).toEqual(notFound);
    expect(canDeactivateUser(groupA, { ...other, paying: true })).toEqual(notFound);
    expect(canSetUserReadOnly(groupA, other, false)).toEqual(notFound);
    expect(canDeleteUser(groupA, other)).toEqual(notFound);
    expect(canRestoreUser(groupA, { ...other, deleted: true })).toEqual(notFound);
    expect(canTagUsers(groupA, [client(), other])).toEqual(notFound);
    expect(canRemoveEmail(groupA, other)).toEqual(notFound);
  });

  it("entities belong to their primary owner's group", () => {
    expect(canViewEntity(groupA, entity({ ownerGroupId: "grp_b" }))).toEqual(notFound);
    expect(canEditEntity(groupA, entity({ ownerGroupId: "grp_a" }))).toEqual({ allowed: true });
    expect(canEditEntity(groupA, entity({ ownerGroupId: null }))).toEqual({ allowed: true });
    expect(canTagEntities(groupA, [entity(), entity({ ownerGroupId: "grp_b" })])).toEqual(notFound);
    expect(canDeleteEntity(groupA, entity({ ownerGroupId: "grp_b" }))).toEqual(notFound);
    expect(canManageOwners(groupA, entity(), [client({ firmGroupId: "grp_b" })])).toEqual(notFound);
    expect(canManageOwners(groupA, entity(), [client({ firmGroupId: "grp_a" })])).toEqual({ allowed: true });
  });

  it("cannot change a user's group; creates only in its own group or none", () => {
    expect(canChangeUserGroup(groupA)).toBe(false);
    for (const v of [partner, admin, full, plain]) expect(canChangeUserGroup(v)).toBe(true);
    expect(assignableGroupIds(groupA, ["grp_a", "grp_b"])).toEqual(["grp_a"]);
    expect(assignableGroupIds(partner, ["grp_a", "grp_b"])).toEqual(["grp_a", "grp_b"]);
    expect(canCreateUser(groupA, "grp_b")).toMatchObject({ allowed: false, status: 403 });
    expect(canCreateUser(groupA, "grp_a")).toEqual({ allowed: true });
    expect(canCreateUser(partner, "grp_b")).toEqual({ allowed: true });
  });
});

describe("user rules", () => {
  it("missing or deleted users are 404", () => {
    expect(canEditUser(partner, null)).toEqual(notFound);
    expect(canEditUser(partner, client({ deleted: true }))).toEqual(notFound);
  });

  it("only partner or full users change the assigned advisor", () => {
    expect(canChangeAssignedAdvisor(partner)).toBe(true);
    expect(canChangeAssignedAdvisor(full)).toBe(true);
    for (const v of [admin, groupA, plain]) expect(canChangeAssignedAdvisor(v)).toBe(false);
  });

  it("activating needs a real email", () => {
    const inactive = client({ paying: false });
    expect(canActivateUser(partner, inactive)).toEqual({ allowed: true });
    expect(canActivateUser(partner, { ...inactive, email: null })).toEqual({
      allowed: false,
      status: 422,
      message: "User email is required before activating account.",
    });
    expect(canActivateUser(partner, { ...inactive, email: "  " })).toMatchObject({ allowed: false, status: 422 });
    expect(canActivateUser(partner, { ...inactive, hasTempEmail: true })).toMatchObject({ message: "User email is required before activating account." });
    expect(canActivateUser(partner, client())).toMatchObject({ allowed: false, status: 409 });
  });

  it("deactivating needs an active user", () => {
    expect(canDeactivateUser(partner, client())).toEqual({ allowed: true });
    expect(canDeactivateUser(partner, client({ paying: false }))).toMatchObject({ allowed: false, status: 409 });
  });

  it("the read-only flag can only be set on active users", () => {
    expect(canSetUserReadOnly(partner, client(), true)).toEqual({ allowed: true });
    expect(canSetUserReadOnly(partner, client({ paying: false }), true)).toMatchObject({ allowed: false, status: 422 });
    expect(canSetUserReadOnly(partner, client({ paying: false }), false)).toEqual({ allowed: true });
  });

  it("email removal: offered only with a real email, refused when email is the sign-in method", () => {
    expect(emailRemovalOffered(client())).toBe(true);
    expect(emailRemovalOffered(client({ email: null }))).toBe(false);
    expect(emailRemovalOffered(client({ hasTempEmail: true }))).toBe(false);
    expect(canRemoveEmail(partner, client())).toEqual({ allowed: true });
    expect(canRemoveEmail(partner, client({ preferredSignInMethod: "email" }))).toEqual({
      allowed: false,
      status: 422,
      message: "Cannot remove email when it is the preferred sign-in method",
    });
    expect(canRemoveEmail(partner, client({ email: null }))).toMatchObject({ allowed: false, message: "Unable to remove email, please try again later." });
  });

  it("phone removal is refused when SMS is the sign-in method", () => {
    expect(canRemovePhone(partner, client())).toEqual({ allowed: true });
    expect(canRemovePhone(partner, client({ preferredSignInMethod: "sms" }))).toEqual({
      allowed: false,
      status: 422,
      message: "Cannot remove phone number when SMS is the preferred sign-in method",
    });
  });

  it("restore needs a deleted user; delete needs a live one", () => {
    expect(canRestoreUser(partner, client({ deleted: true }))).toEqual({ allowed: true });
    expect(canRestoreUser(partner, client())).toMatchObject({ allowed: false, status: 409 });
    expect(canDeleteUser(partner, client())).toEqual({ allowed: true });
  });

  it("bulk tags need every user reachable", () => {
    expect(canTagUsers(partner, [client(), client({ id: "usr_2" })])).toEqual({ allowed: true });
    expect(canTagUsers(partner, [client(), null])).toEqual(notFound);
  });
});

describe("entity rules", () => {
  it("read-only is only settable while not inactive", () => {
    expect(canSetEntityReadOnly(partner, entity(), true)).toEqual({ allowed: true });
    expect(canSetEntityReadOnly(partner, entity({ inactive: true }), true)).toMatchObject({ allowed: false, status: 422 });
    expect(canSetEntityReadOnly(partner, entity({ inactive: true }), false)).toEqual({ allowed: true });
  });

  it("the Firm Roles tab needs use_firm_roles", () => {
    expect(canAssignEntityFirmRoles(partner, entity(), { useFirmRoles: true })).toEqual({ allowed: true });
    expect(canAssignEntityFirmRoles(partner, entity(), {})).toMatchObject({ allowed: false, status: 403 });
  });

  it("notification settings: advisors only; advisors can't disable them for their own clients' entities", () => {
    expect(canEditEntityNotifications(plain, entity())).toMatchObject({ allowed: false, status: 403 });
    expect(canEditEntityNotifications(partner, entity())).toEqual({ allowed: true });
    const mine = entity({ id: "mine", ownerAdvisorIds: ["staff_1"] });
    const theirs = entity({ id: "theirs", ownerAdvisorIds: ["staff_2"] });
    expect(canDisableEntityNotifications(partner, mine)).toMatchObject({ allowed: false, status: 403 });
    expect(canDisableEntityNotifications(partner, theirs)).toEqual({ allowed: true });
    expect(entitiesWhoseNotificationsMayBeDisabled(partner, [mine, theirs]).map((e) => e.id)).toEqual(["theirs"]);
  });

  it("restore needs a deleted entity; deleted entities are otherwise 404", () => {
    expect(canRestoreEntity(partner, entity({ deleted: true }))).toEqual({ allowed: true });
    expect(canRestoreEntity(partner, entity())).toMatchObject({ allowed: false, status: 409 });
    expect(canEditEntity(partner, entity({ deleted: true }))).toEqual(notFound);
  });
});
