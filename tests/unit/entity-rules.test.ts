import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/errors";
import {
  addOwnerSchema,
  addressLabels,
  bulkTagsSchema,
  createEntitySchema,
  editEntitySchema,
  ENTITY_MESSAGES,
  entityNameProblem,
  entityTypeOptions,
  individualAllowed,
  INDIVIDUAL_NOT_ALLOWED,
  messageHistoryFlags,
  NEW_CUSTOM_TYPE,
  noteSchema,
  notificationsSchema,
  resolveEntityType,
  sameEntityName,
  spouseSchema,
} from "~/staff/entity-rules";

const errors = (result: { success: boolean; error?: any }) => (result.success ? {} : fieldErrors(result.error));

describe("entity name", () => {
  it("is required and may not contain a slash or a double quote (the spec's three messages)", () => {
    expect(entityNameProblem("")).toBe("Entity Name is required");
    expect(entityNameProblem("   ")).toBe("Entity Name is required");
    expect(entityNameProblem("Smith/Jones LLC")).toBe('Entity Name cannot contain a "/" character.');
    expect(entityNameProblem('The "Best" Co')).toBe('Entity Name cannot contain a " character.');
    expect(entityNameProblem("Smith & Jones, LLC")).toBeNull();
    expect(entityNameProblem("x".repeat(201))).toBe(ENTITY_MESSAGES.nameTooLong);
    expect(ENTITY_MESSAGES.nameTaken).toBe("Entity Name already exists.");
  });

  it("compares names trimmed and case-insensitively", () => {
    expect(sameEntityName(" Acme LLC ", "acme llc")).toBe(true);
    expect(sameEntityName("Acme LLC", "Acme Inc")).toBe(false);
  });
});

describe("entity types", () => {
  it("offers the built-in types, S-Corporation and C-Corporation always, the firm's custom types and New Custom Entity", () => {
    const options = entityTypeOptions(["Single-Member LLC", "Trust"]);
    expect(options.map((o) => o.label)).toEqual([
      "Individual",
      "Partnership",
      "Trust",
      "Exempt Organization",
      "S-Corporation",
      "C-Corporation",
      "Single-Member LLC",
      "New Custom Entity",
    ]);
    expect(options.at(-1)!.value).toBe(NEW_CUSTOM_TYPE);
  });

  it("labels a blocked Individual 'Individual (Not Allowed)' and disables it, unless it is the current type", () => {
    const blocked = entityTypeOptions([], { individualAllowed: false });
    expect(blocked[0]).toEqual({ value: "Individual", label: INDIVIDUAL_NOT_ALLOWED, disabled: true });
    expect(entityTypeOptions([], { individualAllowed: false, current: "Individual" })[0]).toEqual({ value: "Individual", label: "Individual" });
    expect(entityTypeOptions([], { current: "Estate (imported)" }).map((o) => o.value)).toContain("Estate (imported)");
  });

  it("blocks Individual when the owner already has another Individual entity", () => {
    expect(individualAllowed([])).toBe(true);
    expect(individualAllowed(["c1"], "c1")).toBe(true);
    expect(individualAllowed(["c1"], "c2")).toBe(false);
    expect(individualAllowed(["c1"])).toBe(false);
  });

  it("resolves a new custom type, which is required", () => {
    expect(resolveEntityType(NEW_CUSTOM_TYPE, "")).toEqual({ error: "Custom entity type is required", field: "customEntityType" });
    expect(resolveEntityType(NEW_CUSTOM_TYPE, " Estate ")).toEqual({ type: "Estate", isNewCustom: true });
    expect(resolveEntityType(NEW_CUSTOM_TYPE, "trust")).toEqual({ type: "Trust", isNewCustom: false });
    expect(resolveEntityType("", null)).toEqual({ error: "Entity type is required", field: "entityType" });
  });
});

describe("edit entity", () => {
  const base = { name: "Rivera Holdings", entityType: "S-Corporation" };

  it("parses the details and settings, normalising the address", () => {
    const r = editEntitySchema.safeParse({ ...base, businessEmail: " Office@Rivera.COM ", state: "oregon", zip: "97202", country: "US", inactive: "on" });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      businessEmail: "office@rivera.com",
      state: "OR",
      zip: "97202",
      country: "US",
      inactive: true,
      readonlyAccess: false,
      otherEmail: null,
    });
  });

  it("answers bad input with the spec's messages", () => {
    expect(errors(editEntitySchema.safeParse({ ...base, name: "A/B" }))).toMatchObject({ name: ENTITY_MESSAGES.nameSlash });
    expect(errors(editEntitySchema.safeParse({ ...base, name: "" }))).toMatchObject({ name: ENTITY_MESSAGES.nameRequired });
    expect(errors(editEntitySchema.safeParse({ name: "X", entityType: "" }))).toMatchObject({ entityType: ENTITY_MESSAGES.typeRequired });
    expect(errors(editEntitySchema.safeParse({ ...base, entityType: NEW_CUSTOM_TYPE }))).toMatchObject({
      customEntityType: ENTITY_MESSAGES.customTypeRequired,
    });
    expect(errors(editEntitySchema.safeParse({ ...base, businessEmail: "nope" }))).toMatchObject({ businessEmail: "Invalid email address" });
    expect(errors(editEntitySchema.safeParse({}))).toMatchObject({ name: ENTITY_MESSAGES.nameRequired });
  });

  it("lets read-only be set only while the entity is not inactive", () => {
    expect(errors(editEntitySchema.safeParse({ ...base, inactive: "on", readonlyAccess: "on" }))).toEqual({ readonlyAccess: ENTITY_MESSAGES.readOnlyInactive });
    expect(editEntitySchema.safeParse({ ...base, readonlyAccess: "on" }).success).toBe(true);
  });

  it("uses the US or Canada labels and formats", () => {
    expect(addressLabels("CA")).toMatchObject({ region: "Province/Territory", postalCode: "Postal Code" });
    expect(addressLabels("US")).toMatchObject({ region: "State", postalCode: "Zip" });
    expect(errors(editEntitySchema.safeParse({ ...base, country: "CA", state: "ON", zip: "97202" }))).toMatchObject({
      zip: "Postal Code must look like A1A 1A1",
    });
    expect(errors(editEntitySchema.safeParse({ ...base, country: "CA", state: "Oregon" }))).toMatchObject({ state: "Choose a province/territory" });
    expect(editEntitySchema.safeParse({ ...base, country: "CA", state: "Ontario", zip: "k1a0b1" }).data).toMatchObject({ state: "ON", zip: "K1A 0B1" });
  });

  it("create needs a user as well", () => {
    expect(errors(createEntitySchema.safeParse(base))).toMatchObject({ userId: ENTITY_MESSAGES.ownerRequired });
    expect(createEntitySchema.safeParse({ ...base, userId: "usr_1" }).success).toBe(true);
  });
});

describe("owners", () => {
  it("add owner needs first and last name and a valid email", () => {
    expect(errors(addOwnerSchema.safeParse({}))).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
    });
    expect(errors(addOwnerSchema.safeParse({ firstName: "A", lastName: "B", email: "bad" }))).toMatchObject({ email: "Invalid email address" });
    const ok = addOwnerSchema.parse({ firstName: " Ana ", lastName: "Ruiz", email: "Ana@X.com", phoneNumber: "(503) 555-01" });
    expect(ok).toMatchObject({ firstName: "Ana", email: "ana@x.com", phoneNumber: null, messages: "transfer" });
  });

  it("maps the previous-messages choice to copy/transfer flags", () => {
    expect(messageHistoryFlags("copy")).toEqual({ copyPreviousMessages: true, transferPreviousMessages: false });
    expect(messageHistoryFlags("transfer")).toEqual({ copyPreviousMessages: false, transferPreviousMessages: true });
    expect(messageHistoryFlags("none")).toEqual({ copyPreviousMessages: false, transferPreviousMessages: false });
  });

  it("spouse names are required, email optional but valid", () => {
    expect(errors(spouseSchema.safeParse({ firstName: "", lastName: "" }))).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(spouseSchema.parse({ firstName: "Li", lastName: "Wu", email: "" }).email).toBeNull();
    expect(errors(spouseSchema.safeParse({ firstName: "Li", lastName: "Wu", email: "x@" }))).toMatchObject({ email: "Invalid email address" });
  });
});

describe("tags, notifications and notes", () => {
  it("refuses a bulk tag update with nothing selected", () => {
    expect(errors(bulkTagsSchema.safeParse({ ids: "", tagNames: ["Priority"] }))).toMatchObject({ ids: "No selected users or entities to update!" });
    expect(bulkTagsSchema.parse({ ids: "a,b", tagNames: "Priority", remove: "true" })).toEqual({ ids: ["a", "b"], tagNames: ["Priority"], remove: true });
  });

  it("accepts only known notification types", () => {
    expect(notificationsSchema.safeParse({ ids: ["a"], typeIds: "1,2,99" }).success).toBe(false);
    expect(notificationsSchema.parse({ ids: ["a"], typeIds: "1,3" }).typeIds).toEqual([1, 3]);
  });

  it("notes are required and bounded", () => {
    expect(errors(noteSchema.safeParse({ text: "  " }))).toEqual({ text: "Note is required" });
    expect(errors(noteSchema.safeParse({ text: "x".repeat(5001) }))).toEqual({ text: ENTITY_MESSAGES.noteTooLong });
  });
});
