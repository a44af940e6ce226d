import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_TEXTS,
  effectiveTexts,
  nextReminderDate,
  recipientChannels,
  reminderDue,
  reminderIneligibility,
  scheduledReminderDate,
  type NextReminderFacts,
  type RecipientFacts,
} from "~/reminders/rules";
import { longDate, replaceTags, tagValues, unknownTags, type TagFacts } from "~/reminders/tags";

const facts: TagFacts = {
  clientFname: "Dana",
  clientLname: "Lee",
  taxYear: 2025,
  questionnaireName: "Tax Organizer",
  entityName: "Dana Lee",
  itemsLeft: 3,
  dueDate: "2026-03-15",
  firmName: "Acme Tax & Advisory",
};

describe("reminder tags", () => {
  it("replaces every tag of the spec", () => {
    const text = "{client_fname}|{questionnaire_year}|{questionnaire_name}|{for_wording}|{number_of_items_left}|{by_due_date}|{firm_name}";
    expect(replaceTags(text, tagValues(facts))).toBe("Dana|2025|Tax Organizer||3|by March 15, 2026|Acme Tax & Advisory");
  });

  it("words an entity that is not the client's own, and drops empty tags with their space", () => {
    const v = tagValues({ ...facts, entityName: "Lee Farms LLC", dueDate: null, itemsLeft: -2 });
    expect(v.for_wording).toBe("for Lee Farms LLC");
    expect(v.by_due_date).toBe("");
    expect(v.number_of_items_left).toBe("0");
    expect(replaceTags("Finish {questionnaire_name} {for_wording} {by_due_date}.", v)).toBe("Finish Tax Organizer for Lee Farms LLC.");
    expect(replaceTags("Finish {questionnaire_name} {for_wording} {by_due_date}.", tagValues(facts))).toBe("Finish Tax Organizer by March 15, 2026.");
  });

  it("prefers the preferred name and keeps unknown tags", () => {
    const v = tagValues({ ...facts, clientPreferredName: "Dee" });
    expect(replaceTags("Hi {client_fname}, {unknown} {firm_name}", v)).toBe("Hi Dee, {unknown} Acme Tax & Advisory");
    expect(unknownTags("Hi {client_fname} {clientname} {firm_name}")).toEqual(["clientname"]);
  });

  it("does not substitute tags inside substituted values", () => {
    const v = tagValues({ ...facts, questionnaireName: "{firm_name}" });
    expect(replaceTags("{questionnaire_name}", v)).toBe("{firm_name}");
  });

  it("writes long dates", () => {
    expect(longDate("2026-01-01")).toBe("January 1, 2026");
    expect(longDate("2026-12-31T00:00:00.000Z")).toBe("December 31, 2026");
  });

  it("fills the default texts with no tag left and no double space", () => {
    for (const f of [facts, { ...facts, entityName: "Lee Farms LLC", dueDate: null }]) {
      const v = tagValues(f);
      for (const text of Object.values(DEFAULT_REMINDER_TEXTS)) {
        const out = replaceTags(text, v);
        expect(out).not.toMatch(/\{/);
        expect(out).not.toMatch(/ {2}| \./);
      }
    }
    expect(effectiveTexts({ emailSubject: "  ", smsMessage: "Custom" })).toEqual({ ...DEFAULT_REMINDER_TEXTS, smsMessage: "Custom" });
  });
});

const sent = new Date("2026-02-01T15:30:00Z");
const base: NextReminderFacts = {
  deletedAt: null,
  isDraft: false,
  locked: false,
  completed: false,
  sentAt: sent,
  company: { inactive: false, deletedAt: null },
  remindersDisabled: false,
  dueDate: null,
  earliestRemindDate: null,
  lastRemindedAt: null,
};

describe("eligibility", () => {
  it("refuses locked, completed, drafts, unsent, deleted and inactive entities", () => {
    expect(reminderIneligibility(base)).toBeNull();
    expect(reminderIneligibility({ ...base, locked: true })).toBe("locked");
    expect(reminderIneligibility({ ...base, completed: true })).toBe("completed");
    expect(reminderIneligibility({ ...base, isDraft: true })).toBe("draft");
    expect(reminderIneligibility({ ...base, sentAt: null })).toBe("not_sent");
    expect(reminderIneligibility({ ...base, deletedAt: new Date() })).toBe("deleted");
    expect(reminderIneligibility({ ...base, company: { inactive: false, deletedAt: new Date() } })).toBe("deleted");
    expect(reminderIneligibility({ ...base, company: { inactive: true, deletedAt: null } })).toBe("inactive_entity");
  });

  const owner: RecipientFacts = {
    id: "u",
    kind: "client",
    paying: true,
    deletedAt: null,
    email: "a@b.co",
    hasTempEmail: false,
    phoneNumber: "5551234567",
    preferredContactMethod: "email",
    subscribed: true,
  };
  it("reaches active subscribed clients by their contact method", () => {
    expect(recipientChannels(owner)).toEqual({ email: true, sms: false, inApp: true });
    expect(recipientChannels({ ...owner, preferredContactMethod: "sms" })).toEqual({ email: true, sms: true, inApp: true });
    expect(recipientChannels({ ...owner, preferredContactMethod: "sms", phoneNumber: null })).toEqual({ email: true, sms: false, inApp: true });
    expect(recipientChannels({ ...owner, hasTempEmail: true })).toEqual({ email: false, sms: false, inApp: true });
    expect(recipientChannels({ ...owner, paying: false })).toBeNull();
    expect(recipientChannels({ ...owner, subscribed: false })).toBeNull();
    expect(recipientChannels({ ...owner, kind: "staff" })).toBeNull();
    expect(recipientChannels({ ...owner, deletedAt: new Date() })).toBeNull();
  });
});

describe("next reminder date", () => {
  it("is the sending day + the firm's frequency, at 10:00 UTC", () => {
    expect(nextReminderDate(base, 7)?.toISOString()).toBe("2026-02-08T10:00:00.000Z");
    expect(nextReminderDate({ ...base, lastRemindedAt: new Date("2026-02-10T23:59:00Z") }, 5)?.toISOString()).toBe("2026-02-15T10:00:00.000Z");
  });

  it("is never earlier than 3 days before the due date", () => {
    expect(nextReminderDate({ ...base, dueDate: "2026-03-01" }, 7)?.toISOString()).toBe("2026-02-26T10:00:00.000Z");
    // Far from due: the frequency decides.
    expect(nextReminderDate({ ...base, dueDate: "2026-02-05" }, 7)?.toISOString()).toBe("2026-02-08T10:00:00.000Z");
    // A DATE column arrives as midnight UTC.
    expect(nextReminderDate({ ...base, dueDate: new Date("2026-03-01T00:00:00Z") }, 7)?.toISOString()).toBe("2026-02-26T10:00:00.000Z");
  });

  it("is never earlier than earliest_remind_date", () => {
    expect(nextReminderDate({ ...base, earliestRemindDate: "2026-02-20" }, 7)?.toISOString()).toBe("2026-02-20T10:00:00.000Z");
  });

  it("is null when disabled, not eligible or the frequency is not positive", () => {
    expect(nextReminderDate({ ...base, remindersDisabled: true }, 7)).toBeNull();
    expect(nextReminderDate({ ...base, locked: true }, 7)).toBeNull();
    expect(nextReminderDate({ ...base, completed: true }, 7)).toBeNull();
    expect(nextReminderDate({ ...base, isDraft: true }, 7)).toBeNull();
    expect(nextReminderDate(base, 0)).toBeNull();
    expect(nextReminderDate(base, Number.NaN)).toBeNull();
  });

  it("is due once its time has come", () => {
    const next = nextReminderDate(base, 7);
    expect(reminderDue(next, new Date("2026-02-08T09:59:59Z"))).toBe(false);
    expect(reminderDue(next, new Date("2026-02-08T10:00:00Z"))).toBe(true);
    expect(reminderDue(null, new Date())).toBe(false);
  });
});

describe("the next reminder Collect shows", () => {
  const open = { remindersDisabled: false, completed: false, locked: false, isDraft: false, deletedAt: null, nextReminderDate: "2026-03-01T10:00:00.000Z" };
  it("is the stored date only while the questionnaire can be reminded", () => {
    expect(scheduledReminderDate(open)).toBe("2026-03-01T10:00:00.000Z");
    expect(scheduledReminderDate({ ...open, completed: true })).toBeNull();
    expect(scheduledReminderDate({ ...open, locked: true })).toBeNull();
    expect(scheduledReminderDate({ ...open, isDraft: true })).toBeNull();
    expect(scheduledReminderDate({ ...open, remindersDisabled: true })).toBeNull();
    expect(scheduledReminderDate({ ...open, deletedAt: "2026-01-01" })).toBeNull();
  });
});
