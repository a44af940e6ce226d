/**
 * Firm preferences over HTTP (built app, real PostgreSQL): partners and admins save each group at
 * /firm/preferences/<group>, and each save changes what the product does (drop-off opens,
 * Messages disappears, reminders move, clients need a second factor, the banner and dashboard
 * HTML show sanitised, Templates hides); others get 403/404, bad values get the field's message
 * (never 500), and a firm can never change another firm's preferences (cross-firm).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextReminderDate } from "~/reminders/rules";
import { actionDataPath, bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const ROUTE = "routes/firm_.preferences.$group";

let app: TestApp;
let acmePartner: Browser;
let acmeAdmin: Browser;
let acmeFull: Browser;
let summitPartner: Browser;
let summitClient: Browser;

const slugOf = (b: Browser) => (b === summitPartner || b === summitClient ? "summit" : "acme");
const save = (b: Browser, group: string, form: Record<string, string>) => b.post(slugOf(b), actionDataPath(`/firm/preferences/${group}`, ROUTE), form);
const prefs = (firmId: string) => scoped(firmId, (tx) => tx.firmPreferences.findUniqueOrThrow({ where: { firmId } }));
const rootNav = async (b: Browser) => (await b.data<{ nav: { to: string }[] }>(slugOf(b), "/", "root")).nav.map((i) => i.to);

beforeAll(async () => {
  app = await bootApp({ name: "firm-preferences-http" });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdmin = await app.signIn("acme", "admin@acme.test");
  acmeFull = await app.signIn("acme", "advisor@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitClient = await app.signIn("summit", "client@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("who may open and save the preferences", () => {
  it("lets partners and admins open every group; a full-access user gets 403, a client 404, an unknown group 404", async () => {
    for (const group of ["communication", "questionnaires", "reminders", "documents", "deliver", "security", "branding", "staff"]) {
      expect((await acmePartner.get("acme", `/firm/preferences/${group}`)).status).toBe(200);
    }
    expect((await acmeAdmin.get("acme", "/firm/preferences/documents")).status).toBe(200);
    expect((await acmeFull.get("acme", "/firm/preferences/documents")).status).toBe(403);
    expect((await summitClient.get("summit", "/firm/preferences/documents")).status).toBe(404);
    expect((await acmePartner.get("acme", "/firm/preferences/billing")).status).toBe(404);
    const index = await acmePartner.get("acme", "/firm/preferences");
    expect(index.status).toBe(302);
    expect(index.location).toBe("/firm/preferences/communication");
  });

  it("refuses a full-access user's save with 403 and changes nothing", async () => {
    const before = await prefs(ACME);
    const r = await save(acmeFull, "communication", { communicationDisabled: "on" });
    expect(r.status).toBe(403);
    expect(await prefs(ACME)).toEqual(before);
  });

  it("shows admins (who have no Firm Settings) a Firm Preferences item; partners reach it from Firm Settings", async () => {
    expect(await rootNav(acmeAdmin)).toContain("/firm/preferences");
    expect(await rootNav(acmeAdmin)).not.toContain("/firm");
    expect(await rootNav(acmePartner)).toContain("/firm");
    expect(await rootNav(acmePartner)).not.toContain("/firm/preferences");
    expect(await rootNav(acmeFull)).not.toContain("/firm/preferences");
  });
});

describe("bad values get the field's message, never 500", () => {
  it.each([
    ["reminders", { questionnaireReminderFrequencyDays: "abc" }, "questionnaireReminderFrequencyDays", "Enter a whole number of days from 0 to 90"],
    ["reminders", { questionnaireReminderFrequencyDays: "91" }, "questionnaireReminderFrequencyDays", "Enter a whole number of days from 0 to 90"],
    ["reminders", {}, "questionnaireReminderFrequencyDays", "Enter a whole number of days from 0 to 90"],
    ["branding", { inAppBannerEnabled: "on", inAppBannerText: "  " }, "inAppBannerText", "Enter the banner text, or turn the banner off"],
    ["branding", { customElementEnabled: "on" }, "customElements", "Enter the dashboard HTML, or turn custom content off"],
    ["branding", { inAppBannerText: "x".repeat(1001) }, "inAppBannerText", "Banner text must be at most 1,000 characters"],
    ["documents", { foldersWhereClientActionsDisabled: "2025/Tax Return" }, "foldersWhereClientActionsDisabled", "Each folder path starts with / (one a line)"],
  ])("%s %j → %s: %s", async (group, form, field, message) => {
    const before = await prefs(ACME);
    const r = await save(acmePartner, group, form as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body.result.error[field]).toEqual([message]);
    expect(await prefs(ACME)).toEqual(before);
  });

  it("ignores fields of other groups and unknown fields", async () => {
    const r = await save(acmePartner, "communication", { communicationDisabled: "", documentDropOffEnabled: "", billingEnabled: "on" });
    expect(r.status).toBe(200);
    expect((await prefs(ACME)).documentDropOffEnabled).toBe(true);
  });
});

describe("each group's save changes the product", () => {
  it("documents: turning on drop-off opens /document-drop-off for the firm's clients", async () => {
    const client = await scoped(SUMMIT, (tx) => tx.user.findFirstOrThrow({ where: { email: "client@summit.test" }, select: { id: true } }));
    const q = await scoped(SUMMIT, (tx) =>
      tx.questionnaire.findFirstOrThrow({
        where: { deletedAt: null, company: { deletedAt: null, inactive: false, owners: { some: { userId: client.id } } } },
        select: { id: true, companyId: true },
      }),
    );
    const path = `/document-drop-off?${new URLSearchParams({ questionnaireId: q.id, companyId: q.companyId })}`;
    expect((await summitClient.get("summit", path)).status).toBe(404);
    const r = await save(summitPartner, "documents", {
      documentDropOffEnabled: "on",
      bulkUploadProcessor: "on",
      foldersWhereClientActionsDisabled: "/2025/Tax Return/\r\n\r\n/Staff",
    });
    expect(r.status).toBe(200);
    const saved = await prefs(SUMMIT);
    expect(saved.documentDropOffEnabled).toBe(true);
    expect(saved.foldersWhereClientActionsDisabled).toEqual(["/2025/Tax Return", "/Staff"]);
    expect((await summitClient.get("summit", path)).status).toBe(200);
    // Switches left out of the form are off.
    expect(saved.dropLinkEnabled).toBe(false);
    expect((await save(summitPartner, "documents", { bulkUploadProcessor: "on" })).status).toBe(200);
    expect((await summitClient.get("summit", path)).status).toBe(404);
  });

  it("communication: turning messaging off hides Messages from clients", async () => {
    const client = await app.signIn("acme", "client@acme.test");
    expect(await rootNav(client)).toContain("/inbox");
    expect((await save(acmeAdmin, "communication", { communicationDisabled: "on" })).status).toBe(200);
    expect(await rootNav(client)).not.toContain("/inbox");
    await save(acmeAdmin, "communication", {});
    expect(await rootNav(client)).toContain("/inbox");
  });

  it("deliver: turning tax return delivery off hides Deliver and closes /tax-returns; on opens them again", async () => {
    expect((await save(acmePartner, "deliver", {})).status).toBe(200);
    expect((await prefs(ACME)).newTaxReturnDeliveryEnabled).toBe(false);
    expect(await rootNav(acmePartner)).not.toContain("/tax-returns");
    expect((await acmePartner.get("acme", "/tax-returns")).status).toBe(404);
    expect((await save(acmePartner, "deliver", { newTaxReturnDeliveryEnabled: "on" })).status).toBe(200);
    expect(await rootNav(acmePartner)).toContain("/tax-returns");
    expect((await acmePartner.get("acme", "/tax-returns")).status).toBe(200);
  });

  it("staff: templates for admins only hides Templates from full-access staff", async () => {
    expect(await rootNav(acmeFull)).toContain("/templates");
    expect((await save(acmePartner, "staff", { templateDisabledForNonadmin: "on" })).status).toBe(200);
    expect(await rootNav(acmeFull)).not.toContain("/templates");
    await save(acmePartner, "staff", {});
    expect(await rootNav(acmeFull)).toContain("/templates");
  });

  it("reminders: a new frequency moves the next reminder of open questionnaires; 0 turns them off", async () => {
    const select = {
      id: true,
      deletedAt: true,
      isDraft: true,
      locked: true,
      completed: true,
      sentAt: true,
      remindersDisabled: true,
      dueDate: true,
      earliestRemindDate: true,
      lastRemindedAt: true,
      nextReminderDate: true,
      company: { select: { inactive: true, deletedAt: true } },
    } as const;
    const open = await scoped(ACME, (tx) => tx.questionnaire.findMany({ where: { nextReminderDate: { not: null } }, select: { id: true } }));
    expect(open.length).toBeGreaterThan(0);
    const rows = () => scoped(ACME, (tx) => tx.questionnaire.findMany({ where: { id: { in: open.map((q) => q.id) } }, select, orderBy: { id: "asc" } }));
    const stored = async () => (await rows()).map((r) => r.nextReminderDate?.getTime() ?? null);
    const expected = async (days: number) => (await rows()).map((r) => nextReminderDate(r, days)?.getTime() ?? null);

    expect((await save(acmePartner, "reminders", { questionnaireReminderFrequencyDays: "30", taxReturnReminderFrequencyDays: "7" })).status).toBe(200);
    const thirty = await stored();
    expect(thirty).toEqual(await expected(30));
    expect((await save(acmePartner, "reminders", { questionnaireReminderFrequencyDays: " 3 ", taxReturnReminderFrequencyDays: "7" })).status).toBe(200);
    const three = await stored();
    expect(three).toEqual(await expected(3));
    expect(three).not.toEqual(thirty);
    expect((await save(acmePartner, "reminders", { questionnaireReminderFrequencyDays: "0", taxReturnReminderFrequencyDays: "7" })).status).toBe(200);
    expect((await stored()).every((t) => t === null)).toBe(true);
    await save(acmePartner, "reminders", { questionnaireReminderFrequencyDays: "7", taxReturnReminderFrequencyDays: "7" });
    expect(await stored()).toEqual(await expected(7));
  });

  it("security: two factors for clients makes a client's password sign-in ask for a code", async () => {
    const first = await app.browser().post("acme", "/signin", { email: "client@acme.test", password: "Portal-Demo-2026!" });
    expect(first.location?.startsWith("/signin?state=2fa")).toBe(false);
    expect((await save(acmePartner, "security", { force2faOnUsers: "on" })).status).toBe(200);
    const second = await app.browser().post("acme", "/signin", { email: "client@acme.test", password: "Portal-Demo-2026!" });
    expect(second.location).toMatch(/^\/signin\?state=2fa/);
    await save(acmePartner, "security", {});
  });

  it("questionnaires: turning off 'Answer Later' reaches the questionnaire page", async () => {
    expect((await save(acmePartner, "questionnaires", { disableAnswerLater: "on" })).status).toBe(200);
    expect((await prefs(ACME)).disableAnswerLater).toBe(true);
    const client = await app.signIn("acme", "client@acme.test");
    const company = await scoped(ACME, (tx) =>
      tx.company.findFirstOrThrow({
        where: { owners: { some: { user: { email: "client@acme.test" } } }, questionnaires: { some: { deletedAt: null, isDraft: false } } },
        select: { hashId: true, questionnaires: { where: { deletedAt: null, isDraft: false }, select: { id: true }, take: 1 } },
      }),
    );
    const page = await client.data(
      `acme`,
      `/questionnaire/${company.hashId}?questionnaireId=${company.questionnaires[0]!.id}`,
      "routes/questionnaire.$companyHash",
    );
    expect(JSON.stringify(page)).toContain('"firmDisablesAnswerLater":true');
    await save(acmePartner, "questionnaires", {});
  });

  it("branding: the banner shows (sanitised) to clients and advisors until dismissed; the dashboard HTML is sanitised", async () => {
    const r = await save(acmePartner, "branding", {
      customElementEnabled: "on",
      customElements: '<h2>Hours</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://example.com/a.png" onerror="alert(1)">',
      inAppBannerEnabled: "on",
      inAppBannerText: 'Office closed Friday. <a href="https://example.com/hours">Hours</a><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(r.status).toBe(200);
    const client = await app.signIn("acme", "client@acme.test");
    const root = await client.data<{ banners: { kind: string; key: string; html: string }[]; firm: Record<string, unknown> }>("acme", "/", "root");
    // The preferences act on the server (the banners, the nav): the browser gets the firm's name, logo and words only.
    expect(Object.keys(root.firm).sort()).toEqual(["logoUrl", "name", "vocabulary"]);
    const banner = root.banners.find((b) => b.kind === "firm")!;
    expect(banner.html).toBe('Office closed Friday. <a href="https://example.com/hours" rel="noopener noreferrer" target="_blank">Hours</a>');
    const advisor = await acmeFull.data<{ banners: { kind: string }[] }>("acme", "/", "root");
    expect(advisor.banners.map((b) => b.kind)).toContain("firm");
    // Dismissed for this browser session: a session cookie holding the text's key.
    client.cookies.set("portal_banners_dismissed", banner.key);
    expect((await client.data<{ banners: unknown[] }>("acme", "/", "root")).banners).toEqual([]);
    const home = await client.data<{ data: { home: { customHtml: string } } }>("acme", "/", "routes/_index");
    expect(home.data.home.customHtml).not.toMatch(/script|javascript:|onerror/);
    expect(home.data.home.customHtml).toContain("<h2>Hours</h2>");
    await save(acmePartner, "branding", { customElementEnabled: "on", customElements: "<p>Back</p>" });
    expect((await client.data<{ banners: unknown[] }>("acme", "/", "root")).banners).toEqual([]);
    // The changed dashboard HTML shows at once.
    expect((await client.data<{ data: { home: { customHtml: string } } }>("acme", "/", "routes/_index")).data.home.customHtml).toBe("<p>Back</p>");
  });
});

describe("cross-firm", () => {
  it("a firm's partner can never change another firm's preferences", async () => {
    const before = await prefs(SUMMIT);
    // Acme's session means nothing on Summit's site: sent to sign in, nothing saved.
    const r = await app.post("summit", actionDataPath("/firm/preferences/communication", ROUTE), { communicationDisabled: "on" }, acmePartner.cookie);
    expect([302, 401, 404]).toContain(r.status);
    // Saving on Acme's own site changes Acme only.
    expect((await save(acmePartner, "communication", { communicationDisabled: "on", messageTagsDisabled: "on" })).status).toBe(200);
    expect(await prefs(SUMMIT)).toEqual(before);
    expect((await prefs(ACME)).messageTagsDisabled).toBe(true);
    await save(acmePartner, "communication", {});
  });
});
