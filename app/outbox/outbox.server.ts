/**
 * The outbox: every email and SMS the product sends is first an `OutboundMessage` row in the
 * firm's scope (status `queued`), then delivered, and its outcome recorded on the row. The row
 * is the source of truth for a message's delivery: status, attempts, error and when it is next due.
 *
 * - `queueEmail` / `queueSms` validate and record (they throw a refusal, `refuseMessage`, for bad input).
 * - `deliverOutboundMessage(db, id)` claims a due queued row, sends it through the configured
 *   provider and records `sent` (with the provider's id) or the failure: `queued` again with a
 *   later `nextAttemptAt` (exponential backoff) while worth retrying, else `failed`. It never
 *   throws for a provider failure. With no provider configured the message is kept here, `sent`
 *   with providerMessageId `outbox`, readable at /dev/outbox on a local portal.
 * - SMS is sent at most once (Twilio has no idempotency key, unlike Resend): before the provider
 *   is called the row is marked `sending` in a statement of its own (committed when `db` is a
 *   FirmDb, as in the delivery job), and a row left `sending` (the process died between the
 *   provider's answer and recording it) is never sent again: once its claim has lapsed it is
 *   recorded `failed` with SMS_NOT_CONFIRMED, for a person to check.
 * - Who calls it: the `deliver-outbound-message` background job (app/outbox/jobs.server.ts),
 *   or the sending request itself when there is no job queue or no provider
 *   (app/outbox/dispatch.server.ts).
 *
 * Bodies contain sign-in codes and links: they are stored, never logged.
 */
import type { FirmDb, FirmTx } from "~/db.server";
import type { OutboundChannel, OutboundMessage, OutboundStatus } from "~/generated/prisma/client";
import type { DeliveryResult } from "./delivery";
import { configuredEmailProvider } from "./email-provider.server";
import { MAX_DELIVERY_ATTEMPTS, normalizeEmailRecipient, refuseMessage, retryDelayMs, senderAddress, toE164 } from "./rules";
import { configuredSmsProvider } from "./sms-provider.server";
import { env } from "~/env.server";

/** A firm-scoped client: the request's `db` (FirmDb) or a `withFirm` transaction. */
export type OutboxDb = FirmDb | FirmTx;

/** Who sends: the firm (its id for the row, its name for the sender line) and its scoped client. */
export interface MessagingScope {
  firm: { id: string; name: string };
  db: OutboxDb;
}

export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The user the message is for, when it is for one (in the same firm). */
  userId?: string | null;
  /** The chat message it announces (withdrawn if that message is unsent before delivery). */
  chatMessageId?: string | null;
  /** Not delivered before this time (a chat message's unsend window). */
  notBefore?: Date | null;
}

export interface SmsInput {
  to: string;
  body: string;
  userId?: string | null;
  chatMessageId?: string | null;
  notBefore?: Date | null;
}

/** A message's delivery state, without its content. */
export interface OutboundMessageOutcome {
  id: string;
  channel: OutboundChannel;
  status: OutboundStatus;
  attempts: number;
  providerMessageId: string | null;
  error: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

/** providerMessageId of a message kept in the outbox because no provider is configured. */
export const OUTBOX_PROVIDER_ID = "outbox";

/** How long a delivery owns a claimed message; longer than any provider call may take. */
const CLAIM_MS = 2 * 60_000;

/** The error of an SMS whose delivery was interrupted after the provider was called: never retried. */
export const SMS_NOT_CONFIRMED =
  "Not confirmed: the server stopped while this text message was being sent, so it may or may not have arrived. It is not sent again automatically.";

const MAX_SUBJECT = 998;
const MAX_EMAIL_TEXT = 200_000;
/** Twilio's limit for one message (10 segments). */
const MAX_SMS_BODY = 1600;

// Prisma's delegates differ in type between the extended FirmDb and a transaction client, though
// they take the same arguments; every query here goes through this one view of them.
function table(db: OutboxDb): FirmTx["outboundMessage"] {
  return db.outboundMessage as FirmTx["outboundMessage"];
}

function requireText(value: string | null | undefined, what: string, max: number): string {
  if (typeof value !== "string" || value.trim() === "") throw refuseMessage("INVALID_MESSAGE", `${what} is required`);
  if (value.length > max) throw refuseMessage("INVALID_MESSAGE", `${what} is too long`);
  return value;
}

/** Records an email in the firm's outbox, status `queued`, due now. Throws a refusal (400, `refuseMessage`) for bad input. */
export async function queueEmail({ firm, db }: MessagingScope, input: EmailInput): Promise<OutboundMessage> {
  const to = normalizeEmailRecipient(input.to ?? "");
  const subject = requireText(input.subject, "Subject", MAX_SUBJECT)
    .replace(/[\r\n]+/g, " ")
    .trim();
  const text = requireText(input.text, "Text", MAX_EMAIL_TEXT);
  const html = input.html ? requireText(input.html, "HTML", MAX_EMAIL_TEXT) : null;
  return table(db).create({
    data: {
      firmId: firm.id,
      userId: input.userId ?? null,
      channel: "email",
      to,
      subject,
      body: text,
      html,
      status: "queued",
      nextAttemptAt: input.notBefore ?? new Date(),
      chatMessageId: input.chatMessageId ?? null,
    },
  });
}

/** Records an SMS in the firm's outbox, status `queued`, due now, `to` in E.164. Throws a refusal (400, `refuseMessage`) for bad input. */
export async function queueSms({ firm, db }: MessagingScope, input: SmsInput): Promise<OutboundMessage> {
  const to = toE164(input.to ?? "");
  const body = requireText(input.body, "Message", MAX_SMS_BODY);
  return table(db).create({
    data: {
      firmId: firm.id,
      userId: input.userId ?? null,
      channel: "sms",
      to,
      body,
      status: "queued",
      nextAttemptAt: input.notBefore ?? new Date(),
      chatMessageId: input.chatMessageId ?? null,
    },
  });
}

/**
 * Delivers a message just queued by this request. Returns its recorded state (if another
 * process got to it first, the state when it was queued).
 */
export async function deliverNow(scope: MessagingScope, message: OutboundMessage): Promise<OutboundMessageOutcome> {
  return (await deliverOutboundMessage(scope.db, message.id, { firmName: scope.firm.name })) ?? outcomeOf(message);
}

export interface DeliverOptions {
  /** The firm's name for the sender line; read from the firm's row when not given. */
  firmName?: string;
  now?: Date;
  /** Wait before the first retry (default FIRST_RETRY_MS, doubling after each failure). */
  firstRetryMs?: number;
}

/**
 * Sends one queued, due message of the firm and records the outcome. Returns null when there is
 * no such message or it isn't due (already sent, failed, or being delivered by someone else).
 * Safe to call from several processes at once: a message is claimed before it is sent.
 */
export async function deliverOutboundMessage(db: OutboxDb, id: string, options: DeliverOptions = {}): Promise<OutboundMessageOutcome | null> {
  const now = options.now ?? new Date();
  const atMostOnce = (await table(db).findUnique({ where: { id }, select: { channel: true } }))?.channel === "sms" && providerConfigured("sms");
  // The claim is its own statement: for SMS through a provider it records `sending` before the call.
  const claimed = await table(db).updateMany({
    where: { id, status: "queued", nextAttemptAt: { lte: now } },
    data: { nextAttemptAt: new Date(now.getTime() + CLAIM_MS), ...(atMostOnce ? { status: "sending" as const } : {}) },
  });
  if (claimed.count === 0) {
    // An SMS left `sending` by a delivery that died: recorded as not confirmed, never sent again.
    await table(db).updateMany({
      where: { id, channel: "sms", status: "sending", nextAttemptAt: { lte: now } },
      data: { status: "failed", error: SMS_NOT_CONFIRMED },
    });
    return null;
  }
  const message = await table(db).findUnique({ where: { id } });
  if (!message) return null;

  const result = await send(db, message, options.firmName);
  const attempts = message.attempts + 1;
  const finishedAt = new Date();
  const data = result.ok
    ? { status: "sent" as const, attempts, providerMessageId: result.providerMessageId, error: null, sentAt: finishedAt }
    : result.retryable && attempts < MAX_DELIVERY_ATTEMPTS
      ? {
          status: "queued" as const,
          attempts,
          error: result.error,
          nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(attempts, { firstRetryMs: options.firstRetryMs })),
        }
      : { status: "failed" as const, attempts, error: result.error };
  const updated = await table(db).update({ where: { id }, data });
  logOutcome(updated);
  return outcomeOf(updated);
}

async function send(db: OutboxDb, message: OutboundMessage, firmName: string | undefined): Promise<DeliveryResult> {
  if (message.channel === "email") {
    const provider = configuredEmailProvider();
    if (!provider) return { ok: true, providerMessageId: OUTBOX_PROVIDER_ID };
    const name = firmName ?? (await (db as FirmTx).firm.findUnique({ where: { id: message.firmId }, select: { name: true } }))?.name ?? "";
    return provider.send({
      outboundMessageId: message.id,
      from: senderAddress(name, env().EMAIL_FROM),
      to: message.to,
      subject: message.subject ?? "",
      text: message.body,
      html: message.html,
    });
  }
  const provider = configuredSmsProvider();
  if (!provider) return { ok: true, providerMessageId: OUTBOX_PROVIDER_ID };
  return provider.send({ outboundMessageId: message.id, to: message.to, body: message.body });
}

/** Whether a provider is configured for the channel; without one, delivery only records the row as sent. */
export function providerConfigured(channel: OutboundChannel): boolean {
  return (channel === "email" ? configuredEmailProvider() : configuredSmsProvider()) !== null;
}

/** A message's current delivery state, or null when the firm has no such message (or it isn't committed yet). */
export async function outboundMessageOutcome(db: OutboxDb, id: string): Promise<OutboundMessageOutcome | null> {
  const message = await table(db).findUnique({ where: { id } });
  return message ? outcomeOf(message) : null;
}

/** The delivery state of a message row, without its content. */
export function outcomeOf(message: OutboundMessage): OutboundMessageOutcome {
  const { id, channel, status, attempts, providerMessageId, error, nextAttemptAt, sentAt } = message;
  return { id, channel, status, attempts, providerMessageId, error, nextAttemptAt, sentAt };
}

function logOutcome(message: OutboundMessage) {
  const where =
    message.providerMessageId === OUTBOX_PROVIDER_ID ? " (kept in the outbox)" : message.providerMessageId ? ` provider id ${message.providerMessageId}` : "";
  const retry = message.status === "queued" ? `, next attempt ${message.nextAttemptAt.toISOString()}` : "";
  const line = `[outbox] ${message.channel} ${message.id} firm ${message.firmId}: ${message.status} after ${message.attempts} attempt(s)${where}${retry}`;
  if (message.status === "sent") console.info(line);
  else console.warn(line);
}

/** The firm's latest messages, newest first (the development outbox page). */
export function listOutboundMessages(db: OutboxDb, { limit = 100 }: { limit?: number } = {}): Promise<OutboundMessage[]> {
  return table(db).findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
}

/**
 * Ids of the firm's queued messages that are due (for a retry sweep). Deliver each with
 * `deliverOutboundMessage`, which skips any another process got to first.
 */
export async function dueOutboundMessageIds(db: OutboxDb, { now = new Date(), limit = 100 }: { now?: Date; limit?: number } = {}): Promise<string[]> {
  const rows = await table(db).findMany({
    where: { status: "queued", nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** The error recorded on an email or text withdrawn because its chat message was unsent. */
export const WITHDRAWN_ERROR = "Withdrawn: the message it announced was unsent before this was delivered.";

/**
 * Withdraws the emails and texts announcing a chat message that are still waiting (`queued`):
 * they become `withdrawn` and are never delivered. Those already handed to the provider (`sending`,
 * `sent`) or given up (`failed`) stay as they are. Returns how many were withdrawn.
 */
export async function withdrawChatMessageAnnouncements(db: OutboxDb, chatMessageId: string): Promise<number> {
  const { count } = await table(db).updateMany({
    where: { chatMessageId, status: "queued" },
    data: { status: "withdrawn", error: WITHDRAWN_ERROR },
  });
  return count;
}
