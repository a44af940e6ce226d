import { describe, expect, it } from "vitest";
import {
  INBOX_TEXT,
  authorLabel,
  entityChoiceLabel,
  displayText,
  isArchived,
  previewText,
  recipientSummary,
  sendBlockedReason,
  sendMessageSchema,
  visibleToClient,
} from "~/conversations/rules";

describe("sendMessageSchema", () => {
  it("trims the text and refuses an empty message with the spec's text", () => {
    expect(sendMessageSchema.parse({ text: "  hello \r\n" })).toEqual({ text: "hello", tag: "general", threadId: undefined });
    for (const text of ["", "   ", "\n\n", undefined, 42]) {
      const r = sendMessageSchema.safeParse({ text });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(INBOX_TEXT.emptyMessage);
    }
  });
  it("keeps known tags, falls back to general for anything else, and refuses very long text", () => {
    expect(sendMessageSchema.parse({ text: "x", tag: "emergency" }).tag).toBe("emergency");
    expect(sendMessageSchema.parse({ text: "x", tag: "<script>" }).tag).toBe("general");
    expect(sendMessageSchema.safeParse({ text: "a".repeat(10_001) }).success).toBe(false);
    expect(sendMessageSchema.parse({ text: "x", threadId: "" }).threadId).toBeUndefined();
  });
});

describe("previewText", () => {
  it("keeps short text and cuts long text to 48 characters on a word", () => {
    expect(previewText("Short  note\nhere")).toBe("Short note here");
    const long = "Please send the 1099-INT from your brokerage and the mortgage statement";
    const cut = previewText(long);
    expect(cut.length).toBeLessThanOrEqual(48);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(previewText("x".repeat(60))).toBe(`${"x".repeat(47)}…`);
  });
});

describe("recipientSummary", () => {
  it("names the first two, then 'and N more'", () => {
    expect(recipientSummary(["Ann"])).toBe("Ann");
    expect(recipientSummary(["Ann", "Bo"])).toBe("Ann, Bo");
    expect(recipientSummary(["Ann", "Bo", "Cy", "Di"])).toBe("Ann, Bo and 2 more");
  });
});

describe("authorLabel", () => {
  it("signs firm users' messages '{firm} Team' for clients, by name for staff", () => {
    expect(authorLabel({ isFirmUser: true, authorName: "Elena Marquez" }, "Acme", "client")).toBe("Acme Team");
    expect(authorLabel({ isFirmUser: true, authorName: "Elena Marquez" }, "Acme", "staff")).toBe("Elena Marquez");
    expect(authorLabel({ isFirmUser: false, authorName: "Jordan Rivera" }, "Acme", "client")).toBe("Jordan Rivera");
    expect(authorLabel({ isFirmUser: false, authorName: null }, "Acme", "client")).toBe("Client");
  });
});

describe("conversation and message states", () => {
  it("archives a conversation with no relevant entity", () => {
    expect(isArchived([])).toBe(true);
    expect(isArchived(["c1"])).toBe(false);
  });
  it("hides scheduled messages from clients until their time", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(visibleToClient({ scheduledAt: null }, now)).toBe(true);
    expect(visibleToClient({ scheduledAt: "2026-11-21T09:59:00Z" }, now)).toBe(true);
    expect(visibleToClient({ scheduledAt: new Date("2026-11-22T09:00:00Z") }, now)).toBe(false);
  });
  it("shows deleted messages as 'This message was deleted'", () => {
    expect(displayText({ text: "secret", deletedAt: new Date() })).toBe("This message was deleted");
    expect(displayText({ text: "hello", deletedAt: null })).toBe("hello");
  });
  it("blocks sending when messaging is off, in preview, archived, or read-only — in that order", () => {
    const ok = { communicationDisabled: false, readonlyUser: false, readonlyEntity: false, archived: false };
    expect(sendBlockedReason(ok)).toBeNull();
    expect(sendBlockedReason({ ...ok, communicationDisabled: true, archived: true })).toBe(INBOX_TEXT.disabled);
    expect(sendBlockedReason({ ...ok, preview: true })).toMatch(/preview/);
    expect(sendBlockedReason({ ...ok, archived: true, readonlyUser: true })).toBe(INBOX_TEXT.archived);
    expect(sendBlockedReason({ ...ok, readonlyUser: true })).toBe(INBOX_TEXT.readonly);
    expect(sendBlockedReason({ ...ok, readonlyEntity: true })).toBe(INBOX_TEXT.readonly);
  });
});

describe("the inbox's entity switcher", () => {
  it("names an entity's unread messages, capped at 99+", () => {
    expect(entityChoiceLabel({ name: "Rivera Design Studio LLC", unseen: 0 })).toBe("Rivera Design Studio LLC");
    expect(entityChoiceLabel({ name: "Rivera Design Studio LLC", unseen: 2 })).toBe("Rivera Design Studio LLC (2 unread)");
    expect(entityChoiceLabel({ name: "Rivera Design Studio LLC", unseen: 250 })).toBe("Rivera Design Studio LLC (99+ unread)");
  });
});
