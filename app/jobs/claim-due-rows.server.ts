/**
 * The automatic reminder runs' loop (questionnaire reminders, tax return reminders): a firm's due
 * rows are worked through one transaction each, so each is reminded once even with several runs
 * at once or a crash mid-run.
 *
 * Each step claims one due row with `SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED` (another run's row
 * is skipped, not waited for; PostgreSQL re-checks the query's due test on the locked row), and in
 * the same transaction either clears the schedule of a row whose reminders are off or reminds it
 * and moves it on. The reminder's messages are handed to delivery only after that transaction
 * commits.
 */
import { withFirm, type FirmTx } from "~/db.server";
import type { OutboundMessage } from "~/generated/prisma/client";

/** One row's reminder: its outcome (null: not reminded) and the outbox rows it recorded. */
export interface DueRowStep<Outcome> {
  outcome: Outcome | null;
  messages: OutboundMessage[];
}

export interface ClaimDueRowsOptions<Row extends { id: string }, Outcome> {
  /** At most this many rows per run (the next run takes the rest). */
  limit: number;
  /** Claims the next due row in `tx` (one `… LIMIT 1 FOR UPDATE SKIP LOCKED`), or none when none is left. */
  claim: (tx: FirmTx) => Promise<Row | undefined>;
  /** A claimed row whose reminders are off: it is not reminded, and `unschedule` clears its next time. */
  off: (row: Row) => boolean;
  unschedule: (tx: FirmTx, row: Row) => Promise<unknown>;
  /** Reminds the claimed row inside `tx`, which holds its lock. */
  remind: (tx: FirmTx, row: Row) => Promise<DueRowStep<Outcome>>;
  /** Tests: runs inside each reminder's transaction just before it commits (throw to simulate a crash). */
  beforeCommit?: (id: string) => void | Promise<void>;
  /** After each row's transaction commits: hands its messages to delivery. */
  afterCommit: (messages: OutboundMessage[]) => Promise<void>;
}

export interface ClaimDueRowsResult {
  reminded: number;
  skipped: number;
  messages: number;
}

/** Works through the firm's due rows, each in its own transaction; returns how many were reminded and skipped, and the messages sent. */
export async function claimDueRows<Row extends { id: string }, Outcome>(
  firmId: string,
  options: ClaimDueRowsOptions<Row, Outcome>,
): Promise<ClaimDueRowsResult> {
  const result: ClaimDueRowsResult = { reminded: 0, skipped: 0, messages: 0 };
  for (let i = 0; i < options.limit; i++) {
    const step = await withFirm(firmId, async (tx): Promise<DueRowStep<Outcome> | null> => {
      const row = await options.claim(tx);
      if (!row) return null;
      if (options.off(row)) {
        await options.unschedule(tx, row);
        return { outcome: null, messages: [] };
      }
      const done = await options.remind(tx, row);
      await options.beforeCommit?.(row.id);
      return done;
    });
    if (!step) break;
    if (step.outcome) {
      result.reminded += 1;
      result.messages += step.messages.length;
    } else result.skipped += 1;
    await options.afterCommit(step.messages);
  }
  return result;
}
