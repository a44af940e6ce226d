import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/errors";
import {
  createUserSchema,
  editUserSchema,
  entityNameError,
  entityTypeChoices,
  individualEntityName,
  maskPhone,
  optionalEmail,
  phoneForSubmit,
  userTagsSchema,
  USER_MESSAGES,
} from "~/staff/user-rules";

const base = { fname: "Ann", lname: "Lee", email: "ann@example.com", entityType: "Trust", entityName: "Lee Trust", assignedAdvisorId: "usr_adv" };
const errorsOf = (r: { success: boolean; error?: any }) => (r.success ? {} : fieldErrors(r.error));

describe("phone mask", () => {
  it("masks as (000) 000-0000 while typing", () => {
    expect(maskPhone("5")).toBe("(5");
    expect(maskPhone("503555")).toBe("(503) 555");
    expect(maskPhone("5035550199")).toBe("(503) 555-0199");
    expect(maskPhone("+1 503 555 0199 77")).toBe("(503) 555-0199");
    expect(maskPhone("")).toBe("");
  });
  it("sends an incomplete phone blank", () => {
    expect(phoneForSubmit("(503) 555-01")).toBe("");
    expect(phoneForSubmit("(503) 555-0199")).toBe("5035550199");
  });
});

describe("names", () => {
  it("derives an Individual's entity name from the names", () => {
    expect(individualEntityName(" Ann ", "Lee")).toBe("Ann Lee");
    expect(individualEntityName("Ann", "Lee", { fname: "Bo", lname: "Lee" })).toBe("Ann & Bo Lee");
    expect(individualEntityName("Ann", "Lee", { fname: "Bo", lname: "Park" })).toBe("Ann Lee & Bo Park");
  });
  it("checks entity names", () => {
    expect(entityNameError(" ")).toBe(USER_MESSAGES.entityNameRequired);
    expect(entityNameError("A/B")).toBe('Entity Name cannot contain a "/" character.');
    expect(entityNameError('A "B"')).toBe('Entity Name cannot contain a " character.');
    expect(entityNameError("Lee Trust")).toBeNull();
  });
  it("offers the built-in types, S- and C-Corporation always, and blocks Individual when the firm does", () => {
    const choices = entityTypeChoices(["Estate", "Trust"], true);
    expect(choices.map((c) => c.value)).toEqual(["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation", "Estate"]);
    expect(choices[0]).toEqual({ value: "Individual", label: "Individual (Not Allowed)", disabled: true });
    expect(entityTypeChoices([], false)[0]).toEqual({ value: "Individual", label: "Individual" });
  });
});

describe("Create User and Entity", () => {
  const schema = createUserSchema({ hasFirmGroups: false });
  it("requires first and last name, entity type and name, and the advisor (-1 is none)", () => {
    expect(errorsOf(schema.safeParse({ assignedAdvisorId: "-1" }))).toMatchObject({
      fname: "First name is required",
      lname: "Last name is required",
      entityType: "Entity type is required",
      assignedAdvisorId: "Assigned advisor is required",
    });
    expect(errorsOf(schema.safeParse({ ...base, entityName: "" })).entityName).toBe(USER_MESSAGES.entityNameRequired);
  });
  it("allows a blank email and checks the format of a given one", () => {
    const ok = schema.safeParse({ ...base, email: "  Ann@Example.COM " });
    expect(ok.success && ok.data.email).toBe("ann@example.com");
    const blank = schema.safeParse({ ...base, email: "" });
    expect(blank.success && blank.data.email).toBeNull();
    expect(errorsOf(schema.safeParse({ ...base, email: "ann@" })).email).toBe("Invalid email address");
  });
  it("requires the firm group when the firm has groups", () => {
    expect(errorsOf(createUserSchema({ hasFirmGroups: true }).safeParse(base)).firmGroupId).toBe("Firm group is required");
    expect(createUserSchema({ hasFirmGroups: true }).safeParse({ ...base, firmGroupId: "grp_1" }).success).toBe(true);
  });
  it("offers the spouse only for Individuals and then requires the spouse's names", () => {
    const individual = { ...base, entityType: "Individual", hasSpouse: "1" };
    expect(errorsOf(schema.safeParse(individual))).toMatchObject({ spouseFname: "Spouse first name is required", spouseLname: "Spouse last name is required" });
    const withSpouse = schema.safeParse({ ...individual, spouseFname: "Bo", spouseLname: "Lee", spouseEmail: "BO@example.com" });
    expect(withSpouse.success && withSpouse.data).toMatchObject({ entityName: "Ann & Bo Lee", spouse: { fname: "Bo", lname: "Lee", email: "bo@example.com" } });
    const trust = schema.safeParse({ ...base, hasSpouse: "1" });
    expect(trust.success && trust.data.spouse).toBeNull();
    expect(errorsOf(schema.safeParse({ ...individual, spouseFname: "Bo", spouseLname: "Lee", spouseEmail: "ann@example.com" })).spouseEmail).toBe(
      USER_MESSAGES.spouseEmailSame,
    );
  });
  it("stores a complete phone as digits and an incomplete one blank", () => {
    const full = schema.safeParse({ ...base, phoneNumber: "(503) 555-0199" });
    expect(full.success && full.data.phoneNumber).toBe("5035550199");
    const part = schema.safeParse({ ...base, phoneNumber: "(503) 55" });
    expect(part.success && part.data.phoneNumber).toBeNull();
  });
});

describe("Edit user", () => {
  it("requires the names and a valid or empty email; advisor and group stay absent unless sent", () => {
    expect(errorsOf(editUserSchema.safeParse({ fname: "", lname: "", email: "x" }))).toMatchObject({
      fname: "First name is required",
      lname: "Last name is required",
      email: "Invalid email address",
    });
    const ok = editUserSchema.safeParse({ fname: "A", lname: "B", email: "" });
    expect(ok.success && ok.data).toMatchObject({ email: null, readonlyAccess: false });
    expect(ok.success && "assignedAdvisorId" in ok.data && ok.data.assignedAdvisorId !== undefined).toBe(false);
    const none = editUserSchema.safeParse({ fname: "A", lname: "B", assignedAdvisorId: "-1", readonlyAccess: "on" });
    expect(none.success && none.data).toMatchObject({ assignedAdvisorId: null, readonlyAccess: true });
  });
});

describe("tags and emails", () => {
  it("needs a selection", () => {
    expect(errorsOf(userTagsSchema.safeParse({ add: ["VIP"] })).userIds).toBe("No selected users or entities to update!");
    expect(userTagsSchema.safeParse({ userIds: "usr_1", add: "VIP" }).success).toBe(true);
  });
  it("optional email", () => {
    expect(optionalEmail.parse(undefined)).toBeNull();
    expect(optionalEmail.safeParse("a@b").success).toBe(false);
  });
});
