/**
 * The firm's preferences table (app/firms/preferences.ts), the banners' dismissal keys and the
 * root site's "Sign in" input: pure rules. Also holds the schema to its promise: every column of
 * FirmPreferences is editable here, or named below with the reason it is not.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bannerKey, dismissCookie, dismissedBanners, seesFirmBanner } from "~/firms/banners";
import { EDITABLE_PREFERENCE_NAMES, PREFERENCE_CATALOG, PREFERENCE_GROUPS, preferenceGroupSchema } from "~/firms/preferences";
import { FIND_FIRM_MESSAGES, parseFindFirmQuery } from "~/platform/find-firm";

/** Stored and read by the product, but not offered on the preferences pages. */
const NOT_OFFERED: Record<string, string> = {
  sendToDocumentsSubject: "saved from the Send to documents dialog ('save for future use'); it prefills that dialog",
  sendToDocumentsMessage: "saved from the Send to documents dialog ('save for future use'); it prefills that dialog",
};

function firmPreferenceColumns(): string[] {
  const schema = readFileSync(path.join(__dirname, "../../prisma/schema.prisma"), "utf8");
  const block = schema.slice(schema.indexOf("model FirmPreferences {"));
  const body = block.slice(0, block.indexOf("\n}"));
  return body
    .split("\n")
    .map((line) => /^\s+([a-zA-Z0-9]+)\s+(Boolean|String\??|String\[\])\s/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name) && name !== "firmId");
}

describe("every stored preference is offered (or says why not)", () => {
  it.each(firmPreferenceColumns())("%s", (column) => {
    expect(EDITABLE_PREFERENCE_NAMES.includes(column) || column in NOT_OFFERED, `${column}: add it to PREFERENCE_CATALOG or remove the column`).toBe(true);
  });

  it("offers nothing that is not stored (and the reminder frequency of the firm)", () => {
    const columns = new Set(firmPreferenceColumns());
    for (const name of EDITABLE_PREFERENCE_NAMES)
      expect(columns.has(name) || name === "questionnaireReminderFrequencyDays" || name === "taxReturnReminderFrequencyDays", name).toBe(true);
  });

  it("describes every field in one line", () => {
    for (const group of PREFERENCE_GROUPS) {
      for (const field of PREFERENCE_CATALOG[group].fields) expect(field.description.length, field.name).toBeGreaterThan(20);
    }
  });
});

describe("preferenceGroupSchema", () => {
  it("reads switches as on/off (left out: off) and drops other groups' fields", () => {
    const r = preferenceGroupSchema("communication").safeParse({ communicationDisabled: "on", documentDropOffEnabled: "on" });
    expect(r.success && r.data).toEqual({ communicationDisabled: true, messageTagsDisabled: false });
  });

  it("reads folder paths one a line, trimmed, without trailing slashes", () => {
    const r = preferenceGroupSchema("documents").safeParse({ foldersWhereClientActionsDisabled: " /2025/Tax Return/ \n\n/Staff\r\n/" });
    expect(r.success && r.data.foldersWhereClientActionsDisabled).toEqual(["/2025/Tax Return", "/Staff", "/"]);
  });

  it.each([
    ["reminders", { questionnaireReminderFrequencyDays: "-1" }],
    ["reminders", { questionnaireReminderFrequencyDays: "1.5" }],
    ["reminders", { questionnaireReminderFrequencyDays: "1000" }],
    ["branding", { inAppBannerEnabled: "on" }],
    ["documents", { foldersWhereClientActionsDisabled: "Staff" }],
  ] as const)("refuses %s %j", (group, input) => {
    expect(preferenceGroupSchema(group).safeParse(input).success).toBe(false);
  });

  it("keeps a banner's text when the banner is off", () => {
    const r = preferenceGroupSchema("branding").safeParse({ inAppBannerText: " Closed Friday " });
    expect(r.success && r.data).toMatchObject({ inAppBannerEnabled: false, inAppBannerText: "Closed Friday" });
  });
});

describe("banners", () => {
  it("keys a text stably, and a new text gets a new key", () => {
    expect(bannerKey("firm", "Closed Friday")).toBe(bannerKey("firm", "Closed Friday"));
    expect(bannerKey("firm", "Closed Monday")).not.toBe(bannerKey("firm", "Closed Friday"));
    expect(bannerKey("maintenance", "Closed Friday")).not.toBe(bannerKey("firm", "Closed Friday"));
  });

  it("reads and writes the session cookie of dismissed keys (no expiry; garbage ignored)", () => {
    const key = bannerKey("firm", "Hello");
    const cookie = dismissCookie(new Set(), key);
    expect(cookie).not.toMatch(/expires|max-age/i);
    const header = `a=b; ${cookie.split(";")[0]}; c=d`;
    expect(dismissedBanners(header)).toEqual(new Set([key]));
    expect(dismissedBanners("portal_banners_dismissed=<script>.f123")).toEqual(new Set(["f123"]));
  });

  it("shows the firm's banner to clients and advisors only (staff spec §6)", () => {
    expect(seesFirmBanner({ kind: "client", isAdvisor: false })).toBe(true);
    expect(seesFirmBanner({ kind: "staff", isAdvisor: true })).toBe(true);
    expect(seesFirmBanner({ kind: "staff", isAdvisor: false })).toBe(false);
    expect(seesFirmBanner(null)).toBe(false);
  });
});

describe("parseFindFirmQuery", () => {
  it.each([
    ["acme", { kind: "subdomain", slug: "acme" }],
    [" Acme ", { kind: "subdomain", slug: "acme" }],
    ["acme.example.com", { kind: "subdomain", slug: "acme" }],
    ["https://acme.example.com/signin?x=1", { kind: "subdomain", slug: "acme" }],
    ["Pat@Example.com", { kind: "email", email: "pat@example.com" }],
  ])("%s", (raw, query) => {
    expect(parseFindFirmQuery(raw, "example.com")).toEqual({ ok: true, query });
  });

  it.each([
    ["", FIND_FIRM_MESSAGES.required],
    ["a b", FIND_FIRM_MESSAGES.noFirm],
    ["other.org", FIND_FIRM_MESSAGES.noFirm],
    ["pat@", "Invalid email address"],
  ])("refuses %j", (raw, message) => {
    expect(parseFindFirmQuery(raw, "example.com")).toEqual({ ok: false, message });
  });
});
