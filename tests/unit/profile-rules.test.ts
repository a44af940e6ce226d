import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { addressLabels, normalizePostalCode, normalizeRegion, postalCodeProblem, toCountry } from "~/profile/address";
import { needsContactConfirmation } from "~/profile/contact-rules";
import { formatPhone, PHONE_MASK, phoneDigits, phoneProblem } from "~/profile/phone";
import { confirmContactSchema, entityProfileSchema, profilePageSchema, userProfileSchema } from "~/profile/profile-schema";
import { effectiveTwoFactor, TWO_FACTOR_REASONS, twoFactorPolicy } from "~/profile/two-factor";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const result = parseWithZod(form(fields), { schema });
  return result.status === "success" ? {} : (result.error ?? {});
}

describe("phone mask", () => {
  it("shows digits through (___) ___-____ as far as they go", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("5")).toBe("(5");
    expect(formatPhone("503")).toBe("(503");
    expect(formatPhone("5035")).toBe("(503) 5");
    expect(formatPhone("503555")).toBe("(503) 555");
    expect(formatPhone("5035550")).toBe("(503) 555-0");
    expect(formatPhone("5035550142")).toBe("(503) 555-0142");
  });

  it("never goes past the mask's 14 characters", () => {
    expect(PHONE_MASK).toHaveLength(14);
    expect(formatPhone("50355501429999")).toBe("(503) 555-0142");
    expect(formatPhone("50355501429999")).toHaveLength(14);
  });

  it("sends digits only, dropping a pasted +1", () => {
    expect(phoneDigits("(503) 555-0142")).toBe("5035550142");
    expect(phoneDigits("+1 503.555.0142")).toBe("5035550142");
    expect(phoneDigits("1-503-555-0142")).toBe("5035550142");
    // Eleven digits not starting with 1 are not a country code: kept (and then too long).
    expect(phoneDigits("25035550142")).toBe("25035550142");
    expect(phoneDigits(null)).toBe("");
  });

  it("wants exactly ten digits, with the spec's message", () => {
    expect(phoneProblem("")).toBeNull();
    expect(phoneProblem("(503) 555-0142")).toBeNull();
    expect(phoneProblem("503555")).toBe("Phone number must be 10 digits");
    expect(phoneProblem("25035550142")).toBe("Phone number must be 10 digits");
  });
});

describe("US and Canadian addresses", () => {
  it("labels Canada's fields Province/Territory and Postal Code, otherwise State and Zip", () => {
    expect(addressLabels("CA")).toMatchObject({ region: "Province/Territory", postalCode: "Postal Code" });
    expect(addressLabels("US")).toMatchObject({ region: "State", postalCode: "Zip" });
    expect(addressLabels(null)).toMatchObject({ region: "State", postalCode: "Zip" });
    expect(toCountry("ca")).toBe("CA");
    expect(toCountry("MX")).toBe("US");
  });

  it("accepts US zips of 5 digits or ZIP+4", () => {
    expect(normalizePostalCode("US", "97202")).toBe("97202");
    expect(normalizePostalCode("US", " 97202-1234 ")).toBe("97202-1234");
    expect(normalizePostalCode("US", "972021234")).toBe("97202-1234");
    expect(normalizePostalCode("US", "")).toBe("");
    for (const bad of ["9720", "972023", "K1A 0B1", "abcde", "97202-12"]) expect(normalizePostalCode("US", bad), bad).toBeNull();
    expect(postalCodeProblem("US", "9720")).toBe("Zip must be 5 digits, or ZIP+4 (12345-6789)");
  });

  it("accepts Canadian postal codes in Canada Post's alphabet, written A1A 1A1", () => {
    expect(normalizePostalCode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalizePostalCode("CA", "M5V 3L9")).toBe("M5V 3L9");
    // No D, F, I, O, Q, U; no W or Z first.
    for (const bad of ["97202", "D1A 0B1", "W1A 0B1", "K1A 0BO", "K1A0B", "KKA 0B1"]) expect(normalizePostalCode("CA", bad), bad).toBeNull();
    expect(postalCodeProblem("CA", "97202")).toBe("Postal Code must look like A1A 1A1");
    expect(postalCodeProblem("CA", "")).toBeNull();
  });

  it("knows each country's states or provinces, by code or name", () => {
    expect(normalizeRegion("US", "or")).toBe("OR");
    expect(normalizeRegion("US", "Oregon")).toBe("OR");
    expect(normalizeRegion("CA", "Ontario")).toBe("ON");
    expect(normalizeRegion("CA", "OR")).toBeNull();
    expect(normalizeRegion("US", "ON")).toBeNull();
    expect(normalizeRegion("US", " ")).toBe("");
  });
});

describe("two-factor policy", () => {
  it("lets a client choose when the firm doesn't force it", () => {
    const policy = twoFactorPolicy({ kind: "client" }, { force2faOnUsers: false });
    expect(policy).toEqual({ required: false, reason: null });
    expect(effectiveTwoFactor(false, policy)).toBe(false);
    expect(effectiveTwoFactor(true, policy)).toBe(true);
  });

  it("keeps it on, with the reason, when the firm forces it", () => {
    const policy = twoFactorPolicy({ kind: "client" }, { force2faOnUsers: true });
    expect(policy).toEqual({ required: true, reason: TWO_FACTOR_REASONS.firm });
    expect(effectiveTwoFactor(false, policy)).toBe(true);
  });

  it("keeps it on for staff in every firm", () => {
    for (const force2faOnUsers of [true, false]) {
      const policy = twoFactorPolicy({ kind: "staff" }, { force2faOnUsers });
      expect(policy.required).toBe(true);
      expect(policy.reason).toMatch(/Safeguards Rule/);
      expect(effectiveTwoFactor(false, policy)).toBe(true);
    }
  });
});

describe("profile form rules", () => {
  const valid = { intent: "profile", email: "Jordan@Example.com ", preferredContactMethod: "email", timeZone: "Eastern Time (US & Canada)" };

  it("parses a valid profile: email trimmed and lower-cased, phones as digits, 2FA from the switch", () => {
    const result = parseWithZod(
      form({ ...valid, phoneNumber: "(503) 555-0142", workPhoneNumber: "+1 503 555 0100", workPhoneExtension: "204", enabled2fa: "on" }),
      { schema: userProfileSchema },
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({
      email: "jordan@example.com",
      phoneNumber: "5035550142",
      workPhoneNumber: "5035550100",
      workPhoneExtension: "204",
      timeZone: "Eastern Time (US & Canada)",
      enabled2fa: true,
    });
    const off = parseWithZod(form(valid), { schema: userProfileSchema });
    expect(off.status === "success" && off.value.enabled2fa).toBe(false);
  });

  it("answers with the spec's email messages", () => {
    expect(errorsOf(userProfileSchema, { ...valid, email: "" })).toMatchObject({ email: ["Email is required"] });
    expect(errorsOf(userProfileSchema, { ...valid, email: "not-an-email" })).toMatchObject({ email: ["Invalid email address"] });
  });

  it("answers with the spec's phone messages", () => {
    expect(errorsOf(userProfileSchema, { ...valid, phoneNumber: "(503) 555" })).toMatchObject({ phoneNumber: ["Phone number must be 10 digits"] });
    expect(errorsOf(userProfileSchema, { ...valid, workPhoneNumber: "12" })).toMatchObject({ workPhoneNumber: ["Phone number must be 10 digits"] });
    expect(errorsOf(userProfileSchema, { ...valid, preferredContactMethod: "sms" })).toMatchObject({ phoneNumber: ["Phone is required"] });
    expect(errorsOf(userProfileSchema, { ...valid, preferredContactMethod: "sms", phoneNumber: "5035550142" })).toEqual({});
  });

  it("defaults the time zone to Pacific and refuses unknown ones and odd extensions", () => {
    const result = parseWithZod(form({ ...valid, timeZone: "" }), { schema: userProfileSchema });
    expect(result.status === "success" && result.value.timeZone).toBe("Pacific Time (US & Canada)");
    expect(errorsOf(userProfileSchema, { ...valid, timeZone: "Mars/Olympus" })).toMatchObject({ timeZone: ["Choose a time zone"] });
    expect(errorsOf(userProfileSchema, { ...valid, workPhoneExtension: "12a" })).toMatchObject({ workPhoneExtension: ["Extension must contain digits only"] });
    expect(errorsOf(userProfileSchema, { ...valid, preferredContactMethod: "fax" }).preferredContactMethod).toBeDefined();
  });

  it("refuses unknown intents", () => {
    expect(errorsOf(profilePageSchema, { intent: "delete-everything" }).intent).toBeDefined();
    expect(errorsOf(profilePageSchema, {}).intent).toBeDefined();
  });
});

describe("entity profile rules", () => {
  const base = { intent: "entity", entity: "abc123" };

  it("checks state and zip against the country and normalises them", () => {
    const ca = parseWithZod(form({ ...base, country: "CA", state: "Ontario", zip: "k1a0b1", businessEmail: "Books@Co.CA" }), { schema: entityProfileSchema });
    expect(ca.status).toBe("success");
    if (ca.status === "success") expect(ca.value).toMatchObject({ country: "CA", state: "ON", zip: "K1A 0B1", businessEmail: "books@co.ca", otherEmail: null });
    expect(errorsOf(entityProfileSchema, { ...base, country: "CA", zip: "97202" })).toMatchObject({ zip: ["Postal Code must look like A1A 1A1"] });
    expect(errorsOf(entityProfileSchema, { ...base, country: "US", zip: "K1A 0B1" })).toMatchObject({ zip: ["Zip must be 5 digits, or ZIP+4 (12345-6789)"] });
    expect(errorsOf(entityProfileSchema, { ...base, country: "CA", state: "OR" })).toMatchObject({ state: ["Choose a province or territory"] });
    expect(errorsOf(entityProfileSchema, { ...base, country: "MX" })).toMatchObject({ country: ["Choose a country"] });
  });

  it("allows empty emails and address, but not invalid emails", () => {
    const empty = parseWithZod(form(base), { schema: entityProfileSchema });
    expect(empty.status === "success" && empty.value).toMatchObject({ country: "US", state: null, zip: null, street: null, businessEmail: null });
    expect(errorsOf(entityProfileSchema, { ...base, otherEmail: "nope@" })).toMatchObject({ otherEmail: ["Invalid email address"] });
  });
});

describe("'Confirm this information'", () => {
  const base = { questionnaireId: "q1", entity: "e1", email: "a@b.test" };

  it("needs an email, and a phone when SMS is chosen", () => {
    expect(errorsOf(confirmContactSchema, { ...base, email: "" })).toMatchObject({ email: ["Email is required"] });
    expect(errorsOf(confirmContactSchema, { ...base, sms: "on" })).toMatchObject({ phoneNumber: ["Phone is required"] });
    expect(errorsOf(confirmContactSchema, { ...base, sms: "on", phoneNumber: "(503) 555-0142", zip: "97202" })).toEqual({});
  });

  it("is asked again when a profile-update questionnaire is sent after the last confirmation", () => {
    const sent = new Date("2026-03-01T00:00:00Z");
    expect(needsContactConfirmation(null, sent)).toBe(true);
    expect(needsContactConfirmation(new Date("2026-02-01T00:00:00Z"), sent)).toBe(true);
    expect(needsContactConfirmation(new Date("2026-03-02T00:00:00Z"), sent)).toBe(false);
    expect(needsContactConfirmation(null, null)).toBe(false);
  });
});
