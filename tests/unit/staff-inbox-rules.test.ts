import { describe, expect, it } from "vitest";
import {
  STAFF_CONVERSATION_PAGE_SIZE,
  STAFF_INBOX_TEXT,
  UNSEND_WINDOW_MS,
  canChangeMessage,
  canViewConversation,
  clientMessageChannels,
  conversationListQuerySchema,
  defaultScheduleTime,
  editMessageSchema,
  pageCount,
  removalKind,
  searchTerms,
  staffSendBlockedReason,
  staffSendSchema,
  toZonedInputValue,
  fromZonedInputValue,
} from "~/conversations/staff-rules";
import { INBOX_TEXT } from "~/conversations/rules";

const now = new Date("2026-03-10T15:30:00Z");

describe("conversation list query", () => {
  it("trims and bounds the search and keeps the page within range", () => {
    expect(conversationListQuerySchema.parse({ q: "  Jordan   Rivera ", page: "2" })).toEqual({ q: "Jordan Rivera", page: 2 });
    expect(conversationListQuerySchema.parse({ q: "x".repeat(500) }).q).toHaveLength(100);
    expect(conversationListQuerySchema.parse({ q: null, page: undefined })).toEqual({ q: "", page: 1 });
    for (const page of ["0", "-3", "abc", "1.5", "999999"]) expect(conversationListQuerySchema.parse({ q: "", page }).page).toBe(1);
  });
  it("splits the search into at most five distinct words", () => {
    expect(searchTerms("casey rivera casey")).toEqual(["casey", "rivera"]);
    expect(searchTerms("a b c d e f g")).toHaveLength(5);
    expect(searchTerms("")).toEqual([]);
  });
  it("counts pages of 20, at least one", () => {
    expect(STAFF_CONVERSATION_PAGE_SIZE).toBe(20);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});

describe("sending and editing", () => {
  const schema = staffSendSchema(() => now);
  it("refuses an empty message with the spec's text", () => {
    const r = schema.safeParse({ text: "  " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INBOX_TEXT.emptyMessage);
    expect(editMessageSchema.safeParse({ messageId: "m1", text: "" }).error?.issues[0]?.message).toBe("Please enter a message");
  });
  it("accepts a scheduled time only in the future", () => {
    expect(schema.parse({ text: "hi", scheduledAt: "2026-03-11T09:00:00Z" }).scheduledAt).toEqual(new Date("2026-03-11T09:00:00Z"));
    expect(schema.parse({ text: "hi", scheduledAt: "" }).scheduledAt).toBeUndefined();
    const past = schema.safeParse({ text: "hi", scheduledAt: "2026-03-10T15:29:59Z" });
    expect(past.error?.issues[0]?.message).toBe(STAFF_INBOX_TEXT.futureDate);
    expect(STAFF_INBOX_TEXT.futureDate).toBe("Please select a date in the future");
    expect(schema.safeParse({ text: "hi", scheduledAt: "not a date" }).success).toBe(false);
  });
  it("offers tomorrow at 09:00 in the reader's time zone, whatever the machine's", () => {
    // 22:15 in Los Angeles on March 10 is already March 11 in UTC.
    const now = new Date("2026-03-11T05:15:00Z");
    const at = defaultScheduleTime(now, "Pacific Time (US & Canada)");
    expect(at.toISOString()).toBe("2026-03-11T16:00:00.000Z"); // 09:00 PDT
    expect(toZonedInputValue(at, "Pacific Time (US & Canada)")).toBe("2026-03-11T09:00");
    expect(toZonedInputValue(defaultScheduleTime(now, "UTC"), "UTC")).toBe("2026-03-12T09:00");
  });
  it("reads a send time in the reader's time zone", () => {
    expect(fromZonedInputValue("2026-01-15T10:30", "Eastern Time (US & Canada)")?.toISOString()).toBe("2026-01-15T15:30:00.000Z");
    expect(fromZonedInputValue("2026-07-15T10:30", "Eastern Time (US & Canada)")?.toISOString()).toBe("2026-07-15T14:30:00.000Z");
    expect(fromZonedInputValue("", "Eastern Time (US & Canada)")).toBeNull();
    expect(fromZonedInputValue("tomorrow", "Eastern Time (US & Canada)")).toBeNull();
    const at = new Date("2026-11-24T18:05:00Z");
    expect(fromZonedInputValue(toZonedInputValue(at, "Hawaii"), "Hawaii")?.getTime()).toBe(at.getTime());
  });
});

describe("unsend and delete", () => {
  it("unsends within 30 seconds, deletes afterwards", () => {
    expect(UNSEND_WINDOW_MS).toBe(30_000);
    expect(removalKind(new Date(now.getTime() - 29_999), now)).toBe("unsend");
    expect(removalKind(new Date(now.getTime() - 30_000), now)).toBe("delete");
    expect(removalKind(new Date(now.getTime() - 3_600_000).toISOString(), now)).toBe("delete");
  });
  it("lets staff change only their own, undeleted, non-log messages", () => {
    expect(canChangeMessage({ authorId: "s1", deletedAt: null, isLog: false }, "s1")).toBe(true);
    expect(canChangeMessage({ authorId: "s2", deletedAt: null, isLog: false }, "s1")).toBe(false);
    expect(canChangeMessage({ authorId: null, deletedAt: null, isLog: false }, "s1")).toBe(false);
    expect(canChangeMessage({ authorId: "s1", deletedAt: now, isLog: false }, "s1")).toBe(false);
    expect(canChangeMessage({ authorId: "s1", deletedAt: null, isLog: true }, "s1")).toBe(false);
  });
});

describe("archived conversations and blocking", () => {
  it("opens an archived conversation only to the firm users taking part", () => {
    expect(canViewConversation({ archived: false, viewerIsFirmParticipant: false })).toBe(true);
    expect(canViewConversation({ archived: true, viewerIsFirmParticipant: true })).toBe(true);
    expect(canViewConversation({ archived: true, viewerIsFirmParticipant: false })).toBe(false);
  });
  it("blocks writing in archived conversations and when the firm turned messaging off", () => {
    expect(staffSendBlockedReason({ archived: false, communicationDisabled: false })).toBeNull();
    expect(staffSendBlockedReason({ archived: true, communicationDisabled: false })).toBe(INBOX_TEXT.archived);
    expect(staffSendBlockedReason({ archived: false, communicationDisabled: true })).toBe(INBOX_TEXT.disabled);
  });
});

describe("who hears of a firm message", () => {
  const client = {
    kind: "client" as const,
    paying: true,
    deletedAt: null,
    email: "c@example.com",
    hasTempEmail: false,
    subscribedTypes: [1, 3],
    entityHasSubscriptions: true,
  };
  it("notifies active clients in the product, and emails those receiving information notifications", () => {
    expect(clientMessageChannels(client)).toEqual({ inApp: true, email: true, sms: false });
    expect(clientMessageChannels({ ...client, subscribedTypes: [3] })).toEqual({ inApp: true, email: false, sms: false });
    expect(clientMessageChannels({ ...client, subscribedTypes: [], entityHasSubscriptions: false })).toEqual({ inApp: true, email: true, sms: false });
  });
  it("emails no temporary or missing address, and tells inactive, deleted or staff users nothing", () => {
    expect(clientMessageChannels({ ...client, hasTempEmail: true })?.email).toBe(false);
    expect(clientMessageChannels({ ...client, email: null })?.email).toBe(false);
    expect(clientMessageChannels({ ...client, paying: false })).toBeNull();
    expect(clientMessageChannels({ ...client, deletedAt: now })).toBeNull();
    expect(clientMessageChannels({ ...client, kind: "staff" })).toBeNull();
  });
  it("texts a client on 'Email & Text' with a phone number, on the email's terms", () => {
    const texting = { ...client, preferredContactMethod: "sms" as const, phoneNumber: "(555) 201-3344" };
    expect(clientMessageChannels(texting)?.sms).toBe(true);
    expect(clientMessageChannels({ ...texting, preferredContactMethod: "email" })?.sms).toBe(false);
    expect(clientMessageChannels({ ...texting, phoneNumber: null })?.sms).toBe(false);
    expect(clientMessageChannels({ ...texting, phoneNumber: "555-12" })?.sms).toBe(false);
    expect(clientMessageChannels({ ...texting, subscribedTypes: [3] })?.sms).toBe(false);
  });
});
