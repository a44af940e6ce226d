/**
 * A tax return's classification (staff spec §2 'Draft and delivery view'), pure: what staff mark on
 * the classification page — e-sign forms (pages, who signs each, the signature and date boxes placed
 * on them), payment vouchers, the optional tax service invoice, and whether it goes out as a draft
 * for approval or straight for signature — its schema, its checks against the return's pages, and
 * whether it is ready to send.
 */
import * as z from "zod";
import { E_SIGN_FORMS, VOUCHERS } from "../rules";

export const CLASSIFY_MESSAGES = {
  saved: "Saved!",
  sentDraft: "Draft sent for approval",
  sentForSignature: "Tax return sent for signature",
  notClassified: "This tax return is not classified yet: mark at least one e-sign form and place a signature box for each of its signers.",
  notEditable: "This tax return can't be classified now: it was already sent.",
  pageOutOfRange: "Pages must be between 1 and the return's page count.",
  pagesRequired: "Mark at least one page.",
  pageTaken: "A page can belong to one e-sign form only.",
  customFormName: "Enter the form's name.",
  customPaymentName: "Enter the payment's name.",
  signersRequired: "Choose who signs this form.",
  fieldNotOnForm: "Signature and date boxes must be on a page of an e-sign form.",
  fieldSigner: "A box must be for one of the form's signers.",
  signerRole: "A return has at most one taxpayer and one spouse.",
  signerNotOwner: "The signer must be an owner of this entity.",
  amount: "Enter an amount greater than zero.",
  dueDate: "Choose a due date or ASAP.",
} as const;

const FORM_IDS = E_SIGN_FORMS.map((f) => f.id) as [string, ...string[]];
const VOUCHER_IDS = VOUCHERS.map((v) => v.id) as [string, ...string[]];
const page = z.number().int().min(1).max(100_000);
const fraction = z.number().min(0).max(1);
const key = z.string().min(1).max(64);
const cents = z.number().int().min(0).max(100_000_000_00);

export const placedFieldSchema = z.object({
  /** The signer's key in this classification (`signers[].key`). */
  signerKey: key,
  kind: z.enum(["signature", "date"]),
  page,
  x: fraction,
  y: fraction,
  width: fraction.refine((w) => w > 0),
  height: fraction.refine((h) => h > 0),
});
export type PlacedField = z.infer<typeof placedFieldSchema>;

export const classificationSchema = z.object({
  sendDraftForApproval: z.boolean(),
  invoiceAmountCents: cents.nullable(),
  signers: z.array(z.object({ key, role: z.enum(["taxpayer", "spouse"]), userId: key })).max(2),
  forms: z
    .array(
      z.object({
        formId: z.enum(FORM_IDS),
        customFormName: z.string().trim().max(200).nullable().optional(),
        pages: z.array(page).max(1000),
        signerKeys: z.array(key).max(2),
        wetSignaturesRequired: z.boolean().optional(),
      }),
    )
    .max(100),
  fields: z.array(placedFieldSchema).max(500),
  vouchers: z
    .array(
      z.object({
        voucherId: z.enum(VOUCHER_IDS),
        customPaymentName: z.string().trim().max(200).nullable().optional(),
        pages: z.array(page).max(1000),
        amountCents: cents,
        isDueAsap: z.boolean(),
        dueDate: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .nullable()
          .optional(),
      }),
    )
    .max(100),
});
export type Classification = z.infer<typeof classificationSchema>;

export const EMPTY_CLASSIFICATION: Classification = { sendDraftForApproval: false, invoiceAmountCents: null, signers: [], forms: [], fields: [], vouchers: [] };

/** Field errors keyed by a path ("forms.0.pages", "fields.2", "vouchers.1.amountCents"). */
export type ClassificationErrors = Record<string, string>;

const validDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** What is wrong with a classification of a return of `pageCount` pages (empty: nothing). */
export function classificationErrors(c: Classification, pageCount: number): ClassificationErrors {
  const errors: ClassificationErrors = {};
  const inRange = (pages: number[]) => pages.every((p) => p >= 1 && p <= pageCount);
  const roles = c.signers.map((s) => s.role);
  const keys = new Set(c.signers.map((s) => s.key));
  if (new Set(roles).size !== roles.length || keys.size !== c.signers.length) errors.signers = CLASSIFY_MESSAGES.signerRole;

  const formOfPage = new Map<number, number>();
  c.forms.forEach((form, i) => {
    if (form.formId === "custom" && !form.customFormName?.trim()) errors[`forms.${i}.customFormName`] = CLASSIFY_MESSAGES.customFormName;
    if (!form.pages.length) errors[`forms.${i}.pages`] = CLASSIFY_MESSAGES.pagesRequired;
    else if (!inRange(form.pages)) errors[`forms.${i}.pages`] = CLASSIFY_MESSAGES.pageOutOfRange;
    for (const p of form.pages) {
      if (formOfPage.has(p) && formOfPage.get(p) !== i) errors[`forms.${i}.pages`] = CLASSIFY_MESSAGES.pageTaken;
      formOfPage.set(p, i);
    }
    if (!form.signerKeys.length || form.signerKeys.some((k) => !keys.has(k))) errors[`forms.${i}.signers`] = CLASSIFY_MESSAGES.signersRequired;
  });

  c.fields.forEach((field, i) => {
    const formIndex = formOfPage.get(field.page);
    if (formIndex === undefined) errors[`fields.${i}`] = CLASSIFY_MESSAGES.fieldNotOnForm;
    else if (!c.forms[formIndex]!.signerKeys.includes(field.signerKey)) errors[`fields.${i}`] = CLASSIFY_MESSAGES.fieldSigner;
    else if (field.x + field.width > 1.0001 || field.y + field.height > 1.0001) errors[`fields.${i}`] = CLASSIFY_MESSAGES.fieldNotOnForm;
  });

  c.vouchers.forEach((v, i) => {
    if (v.voucherId === "custom" && !v.customPaymentName?.trim()) errors[`vouchers.${i}.customPaymentName`] = CLASSIFY_MESSAGES.customPaymentName;
    if (!inRange(v.pages)) errors[`vouchers.${i}.pages`] = CLASSIFY_MESSAGES.pageOutOfRange;
    if (v.amountCents <= 0) errors[`vouchers.${i}.amountCents`] = CLASSIFY_MESSAGES.amount;
    if (!v.isDueAsap && !(v.dueDate && validDate(v.dueDate))) errors[`vouchers.${i}.dueDate`] = CLASSIFY_MESSAGES.dueDate;
  });
  return errors;
}

/** The index of the e-sign form a page belongs to, or -1. */
export function formIndexOfPage(c: Pick<Classification, "forms">, pageNumber: number): number {
  return c.forms.findIndex((f) => f.pages.includes(pageNumber));
}

/**
 * Ready to send: a draft for approval needs nothing more; a return sent straight for signature needs
 * at least one e-sign form, and on every form a signature box for each of its signers.
 */
export function readyToSend(c: Pick<Classification, "sendDraftForApproval" | "forms" | "fields">): boolean {
  if (c.sendDraftForApproval) return true;
  if (!c.forms.length) return false;
  return c.forms.every(
    (form) =>
      form.signerKeys.length > 0 &&
      form.signerKeys.every((signer) => c.fields.some((f) => f.kind === "signature" && f.signerKey === signer && form.pages.includes(f.page))),
  );
}

/**
 * "1-3, 5" → [1, 2, 3, 5] (sorted, without duplicates), or null when the text is not a page list.
 * An empty text is no pages.
 */
export function parsePages(text: string): number[] | null {
  const pages = new Set<number>();
  for (const part of text.split(",").map((p) => p.trim())) {
    if (!part) continue;
    const m = /^(\d{1,6})(?:\s*-\s*(\d{1,6}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < from || to - from > 5000) return null;
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/** [1, 2, 3, 5] → "1-3, 5". */
export function formatPages(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i]!;
    let to = from;
    while (sorted[i + 1] === to + 1) to = sorted[++i]!;
    parts.push(from === to ? String(from) : `${from}-${to}`);
  }
  return parts.join(", ");
}

/** "$1,234.50" or "1234.5" → 123450 cents, or null. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
