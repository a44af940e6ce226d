import { describe, expect, it } from "vitest";
import { conversationCsv, exportFileName, exportRequestSchema, exportSince } from "~/conversations/export-rules";

describe("conversation export rules", () => {
  const now = new Date("2026-11-21T15:30:00Z");

  it("starts each timeframe a week, a month, a quarter or a year back; all time has no start", () => {
    expect(exportSince("all_time", now)).toBeNull();
    expect(exportSince("last_week", now)?.toISOString()).toBe("2026-11-14T15:30:00.000Z");
    expect(exportSince("last_month", now)?.toISOString()).toBe("2026-10-21T15:30:00.000Z");
    expect(exportSince("last_quarter", now)?.toISOString()).toBe("2026-08-21T15:30:00.000Z");
    expect(exportSince("last_year", now)?.toISOString()).toBe("2025-11-21T15:30:00.000Z");
  });

  it("accepts only PDF or CSV and the five timeframes", () => {
    expect(exportRequestSchema.safeParse({ format: "csv", timeframe: "last_week" }).success).toBe(true);
    expect(exportRequestSchema.safeParse({ format: "xls", timeframe: "last_week" }).error?.issues[0]?.message).toBe("Please choose PDF or CSV.");
    expect(exportRequestSchema.safeParse({ format: "pdf", timeframe: "yesterday" }).error?.issues[0]?.message).toBe("Please choose a timeframe.");
  });

  it("names the file after the entity and the day, without characters a file name can't hold", () => {
    expect(exportFileName("Rivera Design Studio LLC", "csv", now)).toBe("Rivera Design Studio LLC - messages 2026-11-21.csv");
    expect(exportFileName('A/B: "C"', "pdf", now)).toBe("A-B- -C- - messages 2026-11-21.pdf");
  });

  it("writes RFC 4180 CSV, oldest first, quoting commas, quotes and line breaks, and never a formula", () => {
    const csv = conversationCsv([
      { sentAt: new Date("2026-11-20T10:00:00Z"), author: "Jordan Rivera", text: 'Hi, is "this" right?\nThanks', tag: "general", inThreadOf: null },
      {
        sentAt: new Date("2026-11-20T11:00:00Z"),
        author: "Sam Wu (Acme Team)",
        text: "=SUM(A1:A2)",
        tag: "urgent",
        inThreadOf: new Date("2026-11-20T10:00:00Z"),
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Date,Author,Tag,Reply to message of,Message",
      '2026-11-20T10:00:00.000Z,Jordan Rivera,general,,"Hi, is ""this"" right?\nThanks"',
      "2026-11-20T11:00:00.000Z,Sam Wu (Acme Team),urgent,2026-11-20T10:00:00.000Z,'=SUM(A1:A2)",
      "",
    ]);
  });
});
