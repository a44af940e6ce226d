/**
 * The rules of signing, pure (no database, no storage): what a signature may be, when a signer's
 * fields are complete, the date written in date boxes, and the lines of the audit page. Shared by
 * tax returns and signature requests (./sign.server.ts is generic over both).
 */
import { formatInTimeZone } from "date-fns-tz";
import * as z from "zod";
import { formatDateTime, ianaZone } from "~/time-zones";

/** The largest drawn signature image (the decoded PNG). */
export const MAX_SIGNATURE_IMAGE_BYTES = 1024 * 1024;
export const MAX_TYPED_SIGNATURE_LENGTH = 100;

export const SIGNING_MESSAGES = {
  imageTooLarge: "The signature image is too large (1 MB at most).",
  notAnImage: "The signature must be a PNG image.",
  typedEmpty: "Type your name to sign.",
  typedTooLong: `A typed signature is ${MAX_TYPED_SIGNATURE_LENGTH} characters at most.`,
  notASigner: "You are not asked to sign this document.",
  alreadySigned: "You have already signed this document.",
  notYourField: "This signature field is not yours to fill.",
  incomplete: "Fill in every signature and date field before finishing.",
  notWaiting: "This document is not waiting for signatures.",
  readOnly: "This account or entity is read-only: signing is turned off.",
} as const;

/** A 1.5 MB image is ~2 MB of base64: the schema lets it through so the size rule can answer 422. */
const MAX_DATA_URL_CHARS = 4 * 1024 * 1024;

export const signatureInputSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("drawn"), image: z.string().max(MAX_DATA_URL_CHARS) }),
  z.object({ method: z.literal("typed"), text: z.string().max(MAX_DATA_URL_CHARS) }),
]);
export type SignatureInput = z.infer<typeof signatureInputSchema>;

export type AdoptedSignature = { method: "drawn"; png: Uint8Array } | { method: "typed"; text: string };

export type SignatureCheck = { ok: true; signature: AdoptedSignature } | { ok: false; message: string };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A drawn signature is a PNG data URL of at most 1 MB that really is a PNG; a typed one is a name of up to 100 characters. */
export function checkSignature(input: SignatureInput): SignatureCheck {
  if (input.method === "typed") {
    const text = input.text.normalize("NFC").replace(/\s+/g, " ").trim();
    if (!text) return { ok: false, message: SIGNING_MESSAGES.typedEmpty };
    if (Array.from(text).length > MAX_TYPED_SIGNATURE_LENGTH) return { ok: false, message: SIGNING_MESSAGES.typedTooLong };
    return { ok: true, signature: { method: "typed", text } };
  }
  const match = DATA_URL.exec(input.image);
  if (!match) return { ok: false, message: SIGNING_MESSAGES.notAnImage };
  // Decoded size from the base64 length, before decoding anything large.
  const b64 = match[1];
  const size = (b64.length / 4) * 3 - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
  if (size > MAX_SIGNATURE_IMAGE_BYTES) return { ok: false, message: SIGNING_MESSAGES.imageTooLarge };
  const png = decodeBase64(b64);
  if (png.length < 33 || PNG_MAGIC.some((b, i) => png[i] !== b)) return { ok: false, message: SIGNING_MESSAGES.notAnImage };
  return { ok: true, signature: { method: "drawn", png } };
}

export interface FieldFacts {
  id: string;
  signerId: string;
  filledAt: Date | string | null;
}

export type CompletenessCheck = { ok: true; fieldIds: string[] } | { ok: false; reason: "not_yours" | "already_filled" | "incomplete" };

/**
 * The fields a signer fills on Finish must be exactly their unfilled fields: another signer's
 * field (or an unknown id) is refused, a field filled before is refused, and a missing one means
 * the signer is not done.
 */
export function checkFieldsComplete(signerId: string, fields: readonly FieldFacts[], filledIds: readonly string[]): CompletenessCheck {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const asked = new Set(filledIds);
  for (const id of asked) {
    const field = byId.get(id);
    if (!field || field.signerId !== signerId) return { ok: false, reason: "not_yours" };
    if (field.filledAt) return { ok: false, reason: "already_filled" };
  }
  const open = fields.filter((f) => f.signerId === signerId && !f.filledAt);
  if (open.length === 0) return { ok: false, reason: "already_filled" };
  if (open.some((f) => !asked.has(f.id))) return { ok: false, reason: "incomplete" };
  return { ok: true, fieldIds: open.map((f) => f.id) };
}

/** What the client page shows: are all of this signer's fields done (signature boxes clicked, dates filled)? */
export function signerDone(mine: readonly { id: string }[], done: ReadonlySet<string>): boolean {
  return mine.length > 0 && mine.every((f) => done.has(f.id));
}

/** The date written in a date box: the signing day in the firm's time zone, as forms write it (MM/DD/YYYY). */
export function signingDate(at: Date, zoneName: string | null | undefined): string {
  return formatInTimeZone(at, ianaZone(zoneName), "MM/dd/yyyy");
}

export interface AuditSigner {
  name: string;
  email: string | null;
  ipAddress: string | null;
  signedAt: Date;
  method: "drawn" | "typed";
  /** The identity check's result: 'not required', or the verification (app/payments/identity-rules.ts `identityAuditText`). */
  identity: string;
}

export const IDENTITY_NOT_REQUIRED = "not required";

/**
 * The audit page's lines. `signedPagesSha256` is the hash of the signed document as it was saved
 * just before this page was added (the page cannot contain the hash of the file it is in).
 */
export function auditLines(input: {
  documentName: string;
  signers: readonly AuditSigner[];
  firmTimeZone: string | null | undefined;
  unsignedSha256: string;
  signedPagesSha256: string;
  completedAt: Date;
}): string[] {
  const lines = [`Document: ${input.documentName}`, `Completed: ${utc(input.completedAt)} (${formatDateTime(input.completedAt, input.firmTimeZone)})`, ""];
  input.signers.forEach((s, i) => {
    lines.push(
      `Signer ${i + 1}: ${s.name}`,
      `Email: ${s.email ?? "none"}`,
      `IP address: ${s.ipAddress ?? "unknown"}`,
      `Signed (UTC): ${utc(s.signedAt)}`,
      `Signed (firm time zone): ${formatDateTime(s.signedAt, input.firmTimeZone)}`,
      `Method: ${s.method === "drawn" ? "drawn signature" : "typed signature"}`,
      `Identity check: ${s.identity}`,
      "",
    );
  });
  lines.push(
    "SHA-256 of the original (unsigned) file:",
    input.unsignedSha256,
    "SHA-256 of the signed pages (this file as saved before this audit page was added):",
    input.signedPagesSha256,
  );
  return lines;
}

function utc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
