/**
 * Profiles end to end: the built app (run `remix build` first; `npm test` does) on a real
 * PostgreSQL with the demo firms. Sessions are made directly (the sign-in flow has its own tests)
 * and marked as past the second factor. Covers saving the profile, the email change by link
 * (cross-firm and replayed links refused), two-factor rules, entity profile permissions,
 * read-only users, the 'Confirm this information' dialog's action, and bad input never
 * answering 500.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FirmSiteContext } from "~/context.server";
import { bootApp, type TestApp } from "../support/app";
import { hostRequest } from "../support/http";

let app: TestApp;

const firmId = (slug: string) => `firm_${slug}`;
/** Remix puts `<!-- -->` between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, "");

async function portalFor(slug: string): Promise<FirmSiteContext> {
  const { loadFirmSettings } = await import("~/firms/firm-settings.server");
  const { firmDb } = await import("~/db.server");
  const firm = await loadFirmSettings(firmId(slug));
  if (!firm) throw new Error(`No firm ${slug}`);
  return { site: "firm", firm, db: firmDb(firm.id), origin: `http://${app.host(slug)}`, clientAddress: "203.0.113.9" };
}

async function userByEmail(slug: string, email: string) {
  return app.tx(slug, (t) => t.user.findFirstOrThrow({ where: { email } }));
}

/**
 * A signed-in session (second factor done) for a demo user: the cookie to send, and the session id.
 * `proved`: the owner confirmed it's them a moment ago (current password or emailed code), as the
 * profile's account changes need; the tests of that rule pass false.
 */
async function signedIn(slug: string, email: string, { proved = true }: { proved?: boolean } = {}) {
  const { createSession } = await import("~/auth/session.server");
  const user = await userByEmail(slug, email);
  const before = new Date(Date.now() - 1000);
  const setCookie = await createSession(await portalFor(slug), user.id, new Request(`http://${app.host(slug)}/`));
  const session = await app.tx(slug, (t) =>
    t.session.findFirstOrThrow({ where: { userId: user.id, createdAt: { gt: before } }, orderBy: { createdAt: "desc" } }),
  );
  await app.tx(slug, (t) =>
    t.session.update({ where: { id: session.id }, data: { twoFactorVerifiedAt: new Date(), reauthenticatedAt: proved ? new Date() : null } }),
  );
  return { cookie: setCookie.split(";")[0], sessionId: session.id, userId: user.id };
}

const profileForm = (fields: Record<string, string>) => ({
  intent: "profile",
  preferredContactMethod: "email",
  timeZone: "Pacific Time (US & Canada)",
  ...fields,
});

beforeAll(async () => {
  app = await bootApp({ name: "profile-http", s3: true });
});

afterAll(async () => {
  await app?.stop();
});

describe("the client profile", () => {
  it("shows the client's profile and entity; staff are sent to /admin-profile", async () => {
    const client = await signedIn("acme", "client@acme.test");
    const page = await app.get("acme", "/profile", client.cookie);
    expect(page.status).toBe(200);
    const html = text(page.text);
    expect(html).toContain("Update Profile");
    expect(html).toContain("Save Information");
    expect(html).toContain('value="client@acme.test"');
    expect(html).toContain('value="(503) 555-0142"');
    expect(html).toContain("Pacific Time (US &amp; Canada)");

    const staff = await signedIn("acme", "advisor@acme.test");
    const redirected = await app.get("acme", "/profile", staff.cookie);
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe("/admin-profile");
    expect((await app.get("acme", "/admin-profile", staff.cookie)).status).toBe(200);
    expect((await app.get("acme", "/admin-profile", client.cookie)).status).toBe(404);
    expect((await app.get("acme", "/profile")).location).toBe("/?redirect=%2Fprofile");
  });

  it("saves the profile: phones as digits, contact method, time zone; logged as a detail change", async () => {
    const client = await signedIn("acme", "marcus.johnson@example.com");
    const response = await app.post(
      "acme",
      "/profile?index",
      profileForm({
        email: "marcus.johnson@example.com",
        preferredContactMethod: "sms",
        phoneNumber: "(503) 555-0177",
        workPhoneNumber: "+1 503 555 0100",
        workPhoneExtension: "42",
        timeZone: "Eastern Time (US & Canada)",
      }),
      client.cookie,
    );
    expect(response.status).toBe(200);
    // The new number waits for the code texted to it; the rest is saved.
    const waiting = await userByEmail("acme", "marcus.johnson@example.com");
    expect(waiting.phoneNumber).not.toBe("5035550177");
    const texted = await app.tx("acme", (t) => t.outboundMessage.findFirst({ where: { to: "+15035550177", channel: "sms" }, orderBy: { createdAt: "desc" } }));
    expect(texted?.body).toContain("confirm this phone number");
    expect(text((await app.get("acme", "/profile", client.cookie)).text)).toContain("Confirm your new phone number");
    const code = texted!.body.match(/\b(\d{6})\b/)![1];
    const wrong = await app.post(
      "acme",
      "/profile?index",
      { intent: "verify-phone", phoneCode: String((Number(code) + 1) % 1_000_000).padStart(6, "0") },
      client.cookie,
    );
    expect(wrong.status).toBe(401);
    expect((await app.post("acme", "/profile?index", { intent: "verify-phone", phoneCode: code }, client.cookie)).status).toBe(200);
    const user = await userByEmail("acme", "marcus.johnson@example.com");
    expect(user).toMatchObject({
      phoneNumber: "5035550177",
      workPhoneNumber: "5035550100",
      workPhoneExtension: "42",
      preferredContactMethod: "sms",
      timeZone: "Eastern Time (US & Canada)",
      pendingEmail: null,
    });
    const logs = await app.tx("acme", (t) => t.activityLog.findMany({ where: { actorId: user.id, title: "Profile updated" }, orderBy: { createdAt: "asc" } }));
    expect(logs.every((log) => log.typeId === 1)).toBe(true);
    expect(logs.map((log) => log.description)).toEqual([expect.stringContaining("time zone"), "Changed phone number (confirmed by a texted code)"]);
  });

  it("answers bad input with the spec's messages and keeps what was typed", async () => {
    const client = await signedIn("acme", "marcus.johnson@example.com");
    const before = await userByEmail("acme", "marcus.johnson@example.com");
    const invalid = await app.post("acme", "/profile?index", profileForm({ email: "not-an-email", phoneNumber: "503555" }), client.cookie);
    expect(invalid.status).toBe(400);
    const html = text(invalid.text);
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Phone number must be 10 digits");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="(503) 555"');

    const empty = await app.post("acme", "/profile?index", profileForm({ email: "" }), client.cookie);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Email is required");

    const smsWithoutPhone = await app.post(
      "acme",
      "/profile?index",
      profileForm({ email: "marcus.johnson@example.com", preferredContactMethod: "sms", phoneNumber: "" }),
      client.cookie,
    );
    expect(smsWithoutPhone.status).toBe(400);
    expect(smsWithoutPhone.text).toContain("Phone is required");

    expect(await userByEmail("acme", "marcus.johnson@example.com")).toMatchObject({ phoneNumber: before.phoneNumber, email: before.email });
  });

  it("never answers 500 to malformed requests", async () => {
    const client = await signedIn("acme", "marcus.johnson@example.com");
    const cases: Record<string, string>[] = [
      {},
      { intent: "profile" },
      { intent: "nonsense" },
      { intent: "entity" },
      { intent: "entity", entity: "no-such-entity" },
      { intent: "profile", email: "a".repeat(5000), phoneNumber: "9".repeat(5000), timeZone: "x".repeat(5000) },
      { intent: "profile", email: "marcus.johnson@example.com", enabled2fa: "maybe", preferredContactMethod: "carrier-pigeon" },
    ];
    for (const form of cases) {
      const response = await app.post("acme", "/profile?index", form, client.cookie);
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
    }
    const json = await hostRequest(app.port, {
      host: app.host("acme"),
      path: "/profile?index",
      method: "POST",
      headers: { cookie: client.cookie, "content-type": "application/json" },
    });
    expect(json.status).toBe(400);
    expect((await app.post("acme", "/profile/confirm-contact", { email: "x" }, client.cookie)).status).toBe(400);
    expect((await app.post("acme", "/profile/confirm-email", { token: "x".repeat(5000) })).status).toBe(400);
    expect((await app.get("acme", "/profile/confirm-email?token=")).status).toBe(200);
  });

  it("refuses a read-only user's changes (403) and shows the page read-only", async () => {
    const readOnly = await signedIn("acme", "harold.whitman@example.com");
    const before = await userByEmail("acme", "harold.whitman@example.com");
    const page = text((await app.get("acme", "/profile", readOnly.cookie)).text);
    expect(page).toContain("This account is read-only");
    expect(page).toMatch(/<fieldset disabled=""/);
    const response = await app.post("acme", "/profile?index", profileForm({ email: "harold.whitman@example.com", phoneNumber: "5035550000" }), readOnly.cookie);
    expect(response.status).toBe(403);
    expect(text(response.text)).toContain("This account is read-only");
    const entity = await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { owners: { some: { userId: before.id } } } }));
    const entityResponse = await app.post(
      "acme",
      "/profile?index",
      { intent: "entity", entity: entity.hashId, street: "1 Changed St", country: "US" },
      readOnly.cookie,
    );
    expect(entityResponse.status).toBe(403);
    expect(await userByEmail("acme", "harold.whitman@example.com")).toMatchObject({ phoneNumber: before.phoneNumber });
    expect((await app.tx("acme", (t) => t.company.findUniqueOrThrow({ where: { id: entity.id } }))).street).toBe(entity.street);
  });
});

describe("two-factor", () => {
  it("ends every other session when a client turns it off", async () => {
    const { userId } = await signedIn("acme", "aisha.haddad@example.com");
    await app.tx("acme", (t) => t.user.update({ where: { id: userId }, data: { enabled2fa: true } }));
    const here = await signedIn("acme", "aisha.haddad@example.com");
    const elsewhere = await signedIn("acme", "aisha.haddad@example.com");
    expect(text((await app.get("acme", "/", elsewhere.cookie)).text)).toMatch(/Welcome, /);

    // The switch is off: browsers send no value for it.
    const response = await app.post("acme", "/profile?index", profileForm({ email: "aisha.haddad@example.com" }), here.cookie);
    expect(response.status).toBe(200);
    expect((await userByEmail("acme", "aisha.haddad@example.com")).enabled2fa).toBe(false);
    const sessions = await app.tx("acme", (t) => t.session.findMany({ where: { userId }, select: { id: true } }));
    expect(sessions.map((s) => s.id)).toEqual([here.sessionId]);
    expect(text((await app.get("acme", "/", here.cookie)).text)).toMatch(/Welcome, /);
    expect(text((await app.get("acme", "/", elsewhere.cookie)).text)).not.toMatch(/Welcome, /);
    const log = await app.tx("acme", (t) => t.activityLog.findFirst({ where: { actorId: userId, title: "Two-factor authentication turned off" } }));
    expect(log?.typeId).toBe(1);
  });

  it("turning it on keeps the current session signed in", async () => {
    const here = await signedIn("acme", "brian.foster@example.com");
    await app.tx("acme", (t) => t.session.update({ where: { id: here.sessionId }, data: { twoFactorVerifiedAt: null } }));
    const response = await app.post("acme", "/profile?index", profileForm({ email: "brian.foster@example.com", enabled2fa: "on" }), here.cookie);
    expect(response.status).toBe(200);
    expect((await userByEmail("acme", "brian.foster@example.com")).enabled2fa).toBe(true);
    expect(text((await app.get("acme", "/profile", here.cookie)).text)).toContain("Update Profile");
  });

  it("can't be turned off when the firm forces it, whatever the request says", async () => {
    const { updateUserProfile } = await import("~/profile/profile.server");
    const { getSessionUser } = await import("~/auth/session.server");
    const portal = await portalFor("summit");
    const forced = { ...portal, firm: { ...portal.firm, preferences: { ...portal.firm.preferences, force2faOnUsers: true } } };
    const session = await signedIn("summit", "ben.clarke@example.com");
    await app.tx("summit", (t) => t.user.update({ where: { id: session.userId }, data: { enabled2fa: true } }));
    const other = await signedIn("summit", "ben.clarke@example.com");
    const user = await getSessionUser(new Request(`http://${app.host("summit")}/`, { headers: { cookie: session.cookie } }), forced);
    expect(user?.id).toBe(session.userId);
    const outcome = await updateUserProfile(forced, user!, {
      intent: "profile",
      email: "ben.clarke@example.com",
      preferredContactMethod: "email",
      phoneNumber: "",
      workPhoneNumber: "",
      workPhoneExtension: null,
      timeZone: "Mountain Time (US & Canada)",
      enabled2fa: false,
    });
    expect(outcome.ok).toBe(true);
    expect((await userByEmail("summit", "ben.clarke@example.com")).enabled2fa).toBe(true);
    // Nothing was turned off, so nobody was signed out.
    expect(await app.tx("summit", (t) => t.session.count({ where: { id: other.sessionId } }))).toBe(1);
  });

  it("stays on for staff: /admin-profile ignores a request to turn it off", async () => {
    const staff = await signedIn("summit", "advisor@summit.test");
    const other = await signedIn("summit", "advisor@summit.test");
    const page = text((await app.get("summit", "/admin-profile", staff.cookie)).text);
    expect(page).toContain("Profile Settings");
    expect(page).toContain("FTC Safeguards Rule");
    const response = await app.post(
      "summit",
      "/admin-profile",
      profileForm({ email: "advisor@summit.test", workPhoneNumber: "(303) 555-0199", timeZone: "Mountain Time (US & Canada)" }),
      staff.cookie,
    );
    expect(response.status).toBe(200);
    const user = await userByEmail("summit", "advisor@summit.test");
    expect(user).toMatchObject({ enabled2fa: true, workPhoneNumber: "3035550199" });
    expect(await app.tx("summit", (t) => t.session.count({ where: { id: other.sessionId } }))).toBe(1);
    // Staff have no entity profile to post to.
    expect((await app.post("summit", "/admin-profile", { intent: "entity", entity: "x" }, staff.cookie)).status).toBe(400);
  });
});

describe("account changes need proof that it's the owner", () => {
  it("a session alone can't change the email or phone, nor turn two-factor off; the password or an emailed code can", async () => {
    const email = "kevin.obrien@example.com";
    const before = await userByEmail("acme", email);
    await app.tx("acme", (t) => t.user.update({ where: { id: before.id }, data: { enabled2fa: true, phoneNumber: "5035550111" } }));
    const thief = await signedIn("acme", email, { proved: false });
    const cases = [
      profileForm({ email: "thief@evil.example", phoneNumber: "(503) 555-0111", enabled2fa: "on" }),
      profileForm({ email, phoneNumber: "(503) 555-0666", enabled2fa: "on" }),
      profileForm({ email, phoneNumber: "(503) 555-0111" }),
    ];
    for (const form of cases) {
      const refused = await app.post("acme", "/profile?index", form, thief.cookie);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("Enter your current password to make this change");
    }
    expect(await userByEmail("acme", email)).toMatchObject({ email, pendingEmail: null, phoneNumber: "5035550111", enabled2fa: true });
    expect(await app.tx("acme", (t) => t.outboundMessage.count({ where: { to: { in: ["thief@evil.example", "+15035550666"] } } }))).toBe(0);
    // The page knows to ask for it (the field shows once a protected value is edited).
    expect((await app.get("acme", "/profile", thief.cookie)).text).toContain("reauth");

    // A wrong password is refused (and counts towards the lockout); the right one lets the change through.
    const wrong = await app.post("acme", "/profile?index", { ...cases[2], currentPassword: "Wrong-Password-1!" }, thief.cookie);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Invalid password");
    const ok = await app.post("acme", "/profile?index", { ...cases[2], currentPassword: "Portal-Demo-2026!" }, thief.cookie);
    expect(ok.status).toBe(200);
    expect((await userByEmail("acme", email)).enabled2fa).toBe(false);
    const notice = await app.tx("acme", (t) => t.outboundMessage.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } }));
    expect(notice?.body).toContain("Two-factor authentication was turned off.");
  });

  it("a user without a password confirms with a code emailed to the account", async () => {
    const email = "laura.bennett@example.com";
    const row = await userByEmail("acme", email);
    await app.tx("acme", (t) => t.user.update({ where: { id: row.id }, data: { passwordHash: null, pendingEmail: null } }));
    const session = await signedIn("acme", email, { proved: false });
    const form = profileForm({ email: "laura.new@example.com", phoneNumber: row.phoneNumber ? row.phoneNumber : "" });
    const refused = await app.post("acme", "/profile?index", form, session.cookie);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("Enter the code we emailed you to make this change");
    const sent = await app.post("acme", "/profile?index", { intent: "reauth-send-code" }, session.cookie);
    expect(sent.status).toBe(200);
    const mail = await app.tx("acme", (t) => t.outboundMessage.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } }));
    const code = mail!.body.match(/\b(\d{6})\b/)![1];
    const ok = await app.post("acme", "/profile?index", { ...form, reauthCode: code }, session.cookie);
    expect(ok.status).toBe(200);
    expect((await userByEmail("acme", email)).pendingEmail).toBe("laura.new@example.com");
    // The current address hears of the change asked for.
    const told = await app.tx("acme", (t) =>
      t.outboundMessage.findFirst({ where: { to: email, subject: { contains: "account was changed" } }, orderBy: { createdAt: "desc" } }),
    );
    expect(told?.body).toContain("A change of your account's email address was asked for.");
  });
});

describe("the entity profile", () => {
  async function clientEntity(slug: string, email: string) {
    const user = await userByEmail(slug, email);
    return app.tx(slug, (t) =>
      t.company.findFirstOrThrow({ where: { owners: { some: { userId: user.id } }, inactive: false, deletedAt: null }, orderBy: { name: "asc" } }),
    );
  }

  it("saves a Canadian address with its postal code, and logs it", async () => {
    const client = await signedIn("summit", "client@summit.test");
    const entity = await clientEntity("summit", "client@summit.test");
    const bad = await app.post(
      "summit",
      "/profile?index",
      { intent: "entity", entity: entity.hashId, country: "CA", state: "ON", zip: "80202" },
      client.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Postal Code must look like A1A 1A1");
    const ok = await app.post(
      "summit",
      "/profile?index",
      {
        intent: "entity",
        entity: entity.hashId,
        businessEmail: "Books@Example.CA",
        otherEmail: "",
        street: "290 Bremner Blvd",
        city: "Toronto",
        state: "Ontario",
        zip: "m5v3l9",
        country: "CA",
      },
      client.cookie,
    );
    expect(ok.status).toBe(200);
    const saved = await app.tx("summit", (t) => t.company.findUniqueOrThrow({ where: { id: entity.id } }));
    expect(saved).toMatchObject({
      businessEmail: "books@example.ca",
      otherEmail: null,
      street: "290 Bremner Blvd",
      city: "Toronto",
      state: "ON",
      zip: "M5V 3L9",
      country: "CA",
    });
    const log = await app.tx("summit", (t) => t.activityLog.findFirst({ where: { companyId: entity.id, title: "Entity profile updated" } }));
    expect(log?.typeId).toBe(1);
    expect(text((await app.get("summit", `/profile?entity=${entity.hashId}`, client.cookie)).text)).toContain("Province/Territory");
  });

  it("can't be edited by staff or advisors, even with the entity's id", async () => {
    const entity = await clientEntity("acme", "client@acme.test");
    for (const email of ["advisor@acme.test", "partner@acme.test"]) {
      const staff = await signedIn("acme", email);
      const response = await app.post(
        "acme",
        "/profile?index",
        { intent: "entity", entity: entity.hashId, street: "1 Staff Way", country: "US" },
        staff.cookie,
      );
      expect(response.status, email).toBe(403);
    }
    const { updateEntityProfile } = await import("~/profile/entity-profile.server");
    const { getSessionUser } = await import("~/auth/session.server");
    const advisor = await signedIn("acme", "advisor@acme.test");
    const portal = await portalFor("acme");
    const user = await getSessionUser(new Request(`http://${app.host("acme")}/`, { headers: { cookie: advisor.cookie } }), portal);
    const outcome = await updateEntityProfile(portal, user!, {
      intent: "entity",
      entity: entity.hashId,
      businessEmail: null,
      otherEmail: null,
      street: "1 Staff Way",
      city: null,
      state: null,
      zip: null,
      country: "US",
    });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
    expect((await app.tx("acme", (t) => t.company.findUniqueOrThrow({ where: { id: entity.id } }))).street).toBe(entity.street);
  });

  it("is not found for another client's entity, or another firm's", async () => {
    const mine = await signedIn("acme", "marcus.johnson@example.com");
    const someoneElses = await clientEntity("acme", "client@acme.test");
    const response = await app.post(
      "acme",
      "/profile?index",
      { intent: "entity", entity: someoneElses.hashId, street: "1 Wrong St", country: "US" },
      mine.cookie,
    );
    expect(response.status).toBe(404);
    const summitEntity = await clientEntity("summit", "client@summit.test");
    expect((await app.post("acme", "/profile?index", { intent: "entity", entity: summitEntity.hashId, country: "US" }, mine.cookie)).status).toBe(404);
  });

  it("is read-only for a read-only entity", async () => {
    const entity = await clientEntity("acme", "marcus.johnson@example.com");
    await app.tx("acme", (t) => t.company.update({ where: { id: entity.id }, data: { readonlyAccess: true } }));
    try {
      const client = await signedIn("acme", "marcus.johnson@example.com");
      const response = await app.post(
        "acme",
        "/profile?index",
        { intent: "entity", entity: entity.hashId, street: "1 Changed St", country: "US" },
        client.cookie,
      );
      expect(response.status).toBe(403);
      expect(text(response.text)).toContain("This entity is read-only");
    } finally {
      await app.tx("acme", (t) => t.company.update({ where: { id: entity.id }, data: { readonlyAccess: false } }));
    }
  });
});

describe("changing the email", () => {
  async function latestEmailTo(slug: string, to: string) {
    return app.tx(slug, (t) => t.outboundMessage.findFirst({ where: { to, channel: "email" }, orderBy: { createdAt: "desc" } }));
  }

  function linkIn(body: string) {
    const link = body.match(/https?:\/\/\S+\/profile\/confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error("No confirmation link");
    return new URL(link);
  }

  beforeEach(async () => {
    // A clean slate for the client whose address changes here.
    const user = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { fname: "Daniel", lname: "Kim" } }));
    await app.tx("acme", (t) => t.user.update({ where: { id: user.id }, data: { email: "daniel.kim@example.com", pendingEmail: null } }));
  });

  it("changes only once the link sent to the new address is confirmed, on this firm's site, once", async () => {
    const client = await signedIn("acme", "daniel.kim@example.com");
    const saved = await app.post("acme", "/profile?index", profileForm({ email: "Daniel.Kim@NewMail.example" }), client.cookie);
    expect(saved.status).toBe(200);
    // The page now says the change waits for the link (the dialog opens once the page is interactive).
    expect(text(saved.text)).toContain("Waiting for confirmation");

    const user = await userByEmail("acme", "daniel.kim@example.com");
    expect(user.pendingEmail).toBe("daniel.kim@newmail.example");
    const email = await latestEmailTo("acme", "daniel.kim@newmail.example");
    expect(email).not.toBeNull();
    const link = linkIn(email!.body);
    expect(link.host).toBe(app.host("acme"));
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const stored = await app.tx("acme", (t) => t.signInToken.findFirstOrThrow({ where: { userId: user.id, purpose: "email_confirmation", usedAt: null } }));
    expect(stored.tokenHash).not.toContain(token);
    expect(Math.abs(stored.expiresAt.getTime() - stored.createdAt.getTime() - 24 * 3600 * 1000)).toBeLessThan(5000);
    expect(await app.tx("acme", (t) => t.activityLog.count({ where: { actorId: user.id, title: "Email change requested", typeId: 1 } }))).toBe(1);

    // Another firm's site knows nothing of it: no page, and its POST does nothing.
    expect(text((await app.get("summit", `${link.pathname}${link.search}`)).text)).toContain("This link has expired");
    expect((await app.post("summit", link.pathname, { token })).status).toBe(400);

    // Opening the link (a mail scanner does) changes nothing.
    const page = text((await app.get("acme", `${link.pathname}${link.search}`)).text);
    expect(page).toContain("Confirm your new email address");
    expect(page).toContain("daniel.kim@newmail.example");
    expect((await userByEmail("acme", "daniel.kim@example.com")).pendingEmail).toBe("daniel.kim@newmail.example");

    // Confirm (signed out is fine: the link proves the mailbox).
    const confirmed = await app.post("acme", link.pathname, { token });
    expect(confirmed.status).toBe(200);
    expect(text(confirmed.text)).toContain("Email address confirmed");
    const changed = await userByEmail("acme", "daniel.kim@newmail.example");
    expect(changed).toMatchObject({ id: user.id, pendingEmail: null });
    expect(await app.tx("acme", (t) => t.activityLog.count({ where: { actorId: user.id, title: "Email changed", typeId: 1 } }))).toBe(1);
    // The old address is told.
    expect((await latestEmailTo("acme", "daniel.kim@example.com"))?.subject).toMatch(/email address was changed/);

    // Single use.
    const replay = await app.post("acme", link.pathname, { token });
    expect(replay.status).toBe(400);
    expect(text(replay.text)).toContain("This link is invalid or has expired");
    expect(text((await app.get("acme", `${link.pathname}${link.search}`)).text)).toContain("This link has expired");
  });

  it("voids the earlier link when the email is changed again, and refuses a taken address", async () => {
    const client = await signedIn("acme", "daniel.kim@example.com");
    await app.post("acme", "/profile?index", profileForm({ email: "first@newmail.example" }), client.cookie);
    const first = linkIn((await latestEmailTo("acme", "first@newmail.example"))!.body);
    await app.post("acme", "/profile?index", profileForm({ email: "second@newmail.example" }), client.cookie);
    expect((await app.post("acme", first.pathname, { token: first.searchParams.get("token")! })).status).toBe(400);
    expect((await userByEmail("acme", "daniel.kim@example.com")).pendingEmail).toBe("second@newmail.example");

    const taken = await app.post("acme", "/profile?index", profileForm({ email: "client@acme.test" }), client.cookie);
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("This email already exists");

    const cancelled = await app.post("acme", "/profile?index", { intent: "cancel-email-change" }, client.cookie);
    expect(cancelled.status).toBe(200);
    expect((await userByEmail("acme", "daniel.kim@example.com")).pendingEmail).toBeNull();
  });

  it("expires after 24 hours", async () => {
    const client = await signedIn("acme", "daniel.kim@example.com");
    await app.post("acme", "/profile?index", profileForm({ email: "late@newmail.example" }), client.cookie);
    const link = linkIn((await latestEmailTo("acme", "late@newmail.example"))!.body);
    await app.tx("acme", (t) =>
      t.signInToken.updateMany({ where: { purpose: "email_confirmation", usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } }),
    );
    expect((await app.post("acme", link.pathname, { token: link.searchParams.get("token")! })).status).toBe(400);
    expect((await userByEmail("acme", "daniel.kim@example.com")).pendingEmail).toBe("late@newmail.example");
  });
});

describe("'Confirm this information'", () => {
  it("is asked for when an open questionnaire wants a profile update, and confirming saves and stops asking", async () => {
    const { loadContactConfirmation } = await import("~/profile/contact-confirmation.server");
    const { getSessionUser } = await import("~/auth/session.server");
    const client = await signedIn("summit", "andrea.rossi@example.com");
    const user = await userByEmail("summit", "andrea.rossi@example.com");
    const entity = await app.tx("summit", (t) => t.company.findFirstOrThrow({ where: { owners: { some: { userId: user.id } } } }));
    const portal = await portalFor("summit");
    const sessionUser = (await getSessionUser(new Request(`http://${app.host("summit")}/`, { headers: { cookie: client.cookie } }), portal))!;
    expect(await loadContactConfirmation(portal.db, sessionUser, entity.id)).toBeNull();

    const questionnaire = await app.tx("summit", (t) =>
      t.questionnaire.create({
        data: { firmId: firmId("summit"), companyId: entity.id, name: "Profile check", taxYear: 2025, updateProfileSection: true, sentAt: new Date() },
      }),
    );
    const request = await loadContactConfirmation(portal.db, sessionUser, entity.id);
    expect(request).toMatchObject({ questionnaireId: questionnaire.id, email: "andrea.rossi@example.com", entity: { hashId: entity.hashId } });
    expect(text((await app.get("summit", "/", client.cookie)).text)).toContain("Confirm this information");

    const refused = await app.post(
      "summit",
      "/profile/confirm-contact",
      { questionnaireId: questionnaire.id, entity: entity.hashId, email: "andrea.rossi@example.com", sms: "on", phoneNumber: "" },
      client.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Phone is required");

    const ok = await app.post(
      "summit",
      "/profile/confirm-contact",
      {
        questionnaireId: questionnaire.id,
        entity: entity.hashId,
        email: "andrea.rossi@example.com",
        phoneNumber: "(720) 555-0123",
        sms: "on",
        street: "1 New Rd",
        city: "Boulder",
        state: "CO",
        zip: "80301",
        country: "US",
      },
      client.cookie,
    );
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).saved.phoneVerificationSentTo).toBe("(•••) •••-0123");
    const texted = await app.tx("summit", (t) =>
      t.outboundMessage.findFirst({ where: { to: "+17205550123", channel: "sms" }, orderBy: { createdAt: "desc" } }),
    );
    expect(
      (await app.post("summit", "/profile?index", { intent: "verify-phone", phoneCode: texted!.body.match(/\b(\d{6})\b/)![1] }, client.cookie)).status,
    ).toBe(200);
    const after = await userByEmail("summit", "andrea.rossi@example.com");
    expect(after.contactConfirmedAt).not.toBeNull();
    expect(after).toMatchObject({ phoneNumber: "7205550123", preferredContactMethod: "sms" });
    expect(await app.tx("summit", (t) => t.company.findUniqueOrThrow({ where: { id: entity.id } }))).toMatchObject({
      street: "1 New Rd",
      city: "Boulder",
      zip: "80301",
    });
    expect((await app.tx("summit", (t) => t.questionnaire.findUniqueOrThrow({ where: { id: questionnaire.id } }))).profileUpdatedAt).not.toBeNull();
    expect(await app.tx("summit", (t) => t.activityLog.count({ where: { actorId: user.id, title: "Contact information confirmed", typeId: 1 } }))).toBe(1);
    expect(await loadContactConfirmation(portal.db, sessionUser, entity.id)).toBeNull();
    expect(text((await app.get("summit", "/", client.cookie)).text)).not.toContain("Confirm this information");

    // A staff member can't confirm for a client.
    const advisor = await signedIn("summit", "advisor@summit.test");
    const staff = await app.post(
      "summit",
      "/profile/confirm-contact",
      { questionnaireId: questionnaire.id, entity: entity.hashId, email: "x@y.test" },
      advisor.cookie,
    );
    expect(staff.status).toBe(403);
  });
});
