/**
 * The automatic reminder runs' loop (app/jobs/claim-due-rows.server.ts) over a fake transaction:
 * one row per transaction, rows whose reminders are off unscheduled without a reminder, messages
 * dispatched only after their transaction commits, and nothing dispatched when it rolls back.
 * The real locking is covered by tests/integration/reminders.test.ts and deliver-reminders.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboundMessage } from "~/generated/prisma/client";

const events: string[] = [];

vi.mock("~/db.server", () => ({
  withFirm: async (firmId: string, fn: (tx: unknown) => Promise<unknown>) => {
    events.push(`begin ${firmId}`);
    try {
      const value = await fn({ fake: "tx" });
      events.push("commit");
      return value;
    } catch (error) {
      events.push("rollback");
      throw error;
    }
  },
}));

const { claimDueRows } = await import("~/jobs/claim-due-rows.server");

type Row = { id: string; off: boolean };
const message = (id: string) => ({ id }) as OutboundMessage;

function run(
  rows: Row[],
  options: { limit?: number; beforeCommit?: (id: string) => void; remind?: (row: Row) => { outcome: string | null; messages: OutboundMessage[] } } = {},
) {
  const due = [...rows];
  return claimDueRows<Row, string>("firm_acme", {
    limit: options.limit ?? 500,
    claim: async (tx) => {
      expect(tx).toEqual({ fake: "tx" });
      const row = due.shift();
      events.push(row ? `claim ${row.id}` : "claim none");
      return row;
    },
    off: (row) => row.off,
    unschedule: async (_tx, row) => events.push(`unschedule ${row.id}`),
    remind: async (_tx, row) => {
      events.push(`remind ${row.id}`);
      return options.remind?.(row) ?? { outcome: row.id, messages: [message(`${row.id}-email`), message(`${row.id}-sms`)] };
    },
    beforeCommit: options.beforeCommit,
    afterCommit: async (messages) => {
      events.push(`dispatch [${messages.map((m) => m.id).join(", ")}]`);
    },
  });
}

beforeEach(() => {
  events.length = 0;
});

describe("claimDueRows", () => {
  it("reminds each due row in its own transaction, dispatches after the commit, and stops when none is left", async () => {
    const result = await run([
      { id: "a", off: false },
      { id: "b", off: false },
    ]);
    expect(result).toEqual({ reminded: 2, skipped: 0, messages: 4 });
    expect(events).toEqual([
      "begin firm_acme",
      "claim a",
      "remind a",
      "commit",
      "dispatch [a-email, a-sms]",
      "begin firm_acme",
      "claim b",
      "remind b",
      "commit",
      "dispatch [b-email, b-sms]",
      "begin firm_acme",
      "claim none",
      "commit",
    ]);
  });

  it("unschedules a row whose reminders are off (no reminder, no beforeCommit) and counts it skipped", async () => {
    const beforeCommit = vi.fn();
    const result = await run([{ id: "a", off: true }], { beforeCommit });
    expect(result).toEqual({ reminded: 0, skipped: 1, messages: 0 });
    expect(events.slice(0, 5)).toEqual(["begin firm_acme", "claim a", "unschedule a", "commit", "dispatch []"]);
    expect(beforeCommit).not.toHaveBeenCalled();
  });

  it("counts a reminded row with no outcome as skipped, and its messages are not counted", async () => {
    const result = await run([{ id: "a", off: false }], { remind: () => ({ outcome: null, messages: [] }) });
    expect(result).toEqual({ reminded: 0, skipped: 1, messages: 0 });
  });

  it("claims at most `limit` rows", async () => {
    const result = await run(
      [
        { id: "a", off: false },
        { id: "b", off: false },
        { id: "c", off: false },
      ],
      { limit: 2 },
    );
    expect(result.reminded).toBe(2);
    expect(events.filter((e) => e.startsWith("claim"))).toEqual(["claim a", "claim b"]);
  });

  it("runs beforeCommit inside the transaction; when it throws, the step rolls back and nothing is dispatched", async () => {
    const beforeCommit = vi.fn((id: string) => {
      events.push(`beforeCommit ${id}`);
      if (id === "b") throw new Error("crash");
    });
    await expect(
      run(
        [
          { id: "a", off: false },
          { id: "b", off: false },
        ],
        { beforeCommit },
      ),
    ).rejects.toThrow("crash");
    expect(events).toEqual([
      "begin firm_acme",
      "claim a",
      "remind a",
      "beforeCommit a",
      "commit",
      "dispatch [a-email, a-sms]",
      "begin firm_acme",
      "claim b",
      "remind b",
      "beforeCommit b",
      "rollback",
    ]);
  });
});
