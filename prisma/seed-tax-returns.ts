/**
 * Deliver's demo: eight tax returns per demo firm, one or two in each status a firm meets
 * (classification waiting, a draft under review, changes requested, approved, sent and partly
 * signed and paid, signed, finished), each with a real multi-page PDF (pages titled like a 1040,
 * its schedules, an 8879 and a 1040-V) in the store, its bookmarks, and for the returns that went
 * out the e-sign form, signers, placed signature and date boxes and payment vouchers.
 *
 * Like the rest of the seed it only adds what is missing: a return whose id exists is left alone,
 * with everything under it. The first time a firm gets its demo returns, Deliver is turned on for
 * it (newTaxReturnDeliveryEnabled); later runs never change the firm's choice.
 */
import { createHash } from "node:crypto";
import { PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { withFirm, type FirmTx } from "~/db.server";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { putObject, storageConfig } from "~/storage.server";
import { entityFileKey } from "~/storage/keys";

const DAY_MS = 86_400_000;

const stableId = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash("sha256")
    .update([prefix, ...parts].join("\u0000"))
    .digest("hex")
    .slice(0, 24)}`;

// ───────────────────────────── The PDF ─────────────────────────────

/** The pages of the demo return, in order; the 8879 is where the signers sign. */
export const DEMO_RETURN_PAGES = [
  "Form 1040 - U.S. Individual Income Tax Return",
  "Form 1040 - U.S. Individual Income Tax Return (page 2)",
  "Schedule 1 - Additional Income and Adjustments to Income",
  "Schedule B - Interest and Ordinary Dividends",
  "Form 8879 - IRS e-file Signature Authorization",
  "Form 1040-V - Payment Voucher",
] as const;

export const DEMO_8879_PAGE = 5;

/** Where the boxes of the 8879 page are (fractions of the page, origin top-left), matching the lines the PDF draws. */
export const DEMO_SIGNATURE_BOXES = {
  taxpayer: { signature: { x: 0.118, y: 0.591, width: 0.47, height: 0.03 }, date: { x: 0.654, y: 0.591, width: 0.229, height: 0.03 } },
  spouse: { signature: { x: 0.118, y: 0.667, width: 0.47, height: 0.03 }, date: { x: 0.654, y: 0.667, width: 0.229, height: 0.03 } },
} as const;

export const DEMO_OUTLINE = [
  { title: "Form 1040", page: 1, children: [{ title: "Page 2", page: 2, children: [] }] },
  { title: "Schedule 1", page: 3, children: [] },
  { title: "Schedule B", page: 4, children: [] },
  { title: "Form 8879", page: 5, children: [] },
  { title: "Form 1040-V", page: 6, children: [] },
];

/** A return a person can read: each page titled like the form it stands for, the 8879 with its signature lines. */
export async function demoTaxReturnPdf(input: { taxpayer: string; spouse: string | null; entity: string; taxYear: number }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.taxYear} Form 1040 - ${input.entity}`);
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const grey = rgb(0.45, 0.47, 0.5);
  DEMO_RETURN_PAGES.forEach((title, i) => {
    const page = pdf.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 720, size: 15, font: bold, color: ink });
    page.drawText(`Tax year ${input.taxYear} · ${input.entity}`, { x: 72, y: 700, size: 10, font: body, color: grey });
    page.drawLine({ start: { x: 72, y: 690 }, end: { x: 540, y: 690 }, thickness: 1, color: ink });
    const lines =
      i + 1 === DEMO_8879_PAGE
        ? [
            "Part I - Tax Return Information (whole dollars only)",
            "1 Adjusted gross income ........................ 128,450",
            "2 Total tax .......................................... 19,872",
            "3 Federal income tax withheld ............... 17,100",
            "Part II - Taxpayer Declaration and Signature Authorization",
            "Under penalties of perjury, I declare that I have examined a copy of the income tax return",
            "and accompanying schedules and statements, and to the best of my knowledge and belief,",
            "they are true, correct, and complete.",
          ]
        : [
            `Filing status: ${input.spouse ? "Married filing jointly" : "Single"}`,
            `Taxpayer: ${input.taxpayer}${input.spouse ? `   Spouse: ${input.spouse}` : ""}`,
            "Wages, salaries, tips ........................... 112,300",
            "Taxable interest ................................... 1,240",
            "Ordinary dividends ................................ 2,910",
            "Total income ....................................... 128,450",
          ];
    lines.forEach((line, n) => page.drawText(line, { x: 72, y: 660 - n * 20, size: 10, font: body, color: ink }));
    if (i + 1 === DEMO_8879_PAGE) {
      const sign = (label: string, baseline: number) => {
        page.drawLine({ start: { x: 72, y: baseline }, end: { x: 360, y: baseline }, thickness: 0.8, color: ink });
        page.drawLine({ start: { x: 400, y: baseline }, end: { x: 540, y: baseline }, thickness: 0.8, color: ink });
        page.drawText(label, { x: 72, y: baseline - 12, size: 8, font: body, color: grey });
        page.drawText("Date", { x: 400, y: baseline - 12, size: 8, font: body, color: grey });
      };
      sign("Your signature", 300);
      sign("Spouse's signature", 240);
    }
    page.drawText(`Page ${i + 1} of ${DEMO_RETURN_PAGES.length}`, { x: 72, y: 40, size: 9, font: body, color: grey });
  });
  return pdf.save();
}

// ───────────────────────────── The returns ─────────────────────────────

interface Scenario {
  key: string;
  status: TaxReturnStatus;
  /** Days ago it last changed (the table's default order). */
  updatedDaysAgo: number;
  draft?: "draft" | "change_requested";
  draftComment?: string;
  /** Sent out with forms and signers: who signed (taxpayer, spouse) and which vouchers are paid. */
  signing?: { taxpayerSigned: boolean; spouseSigned: boolean; vouchersPaid: [boolean, boolean]; invoicePaid: boolean; reminderDaysAgo?: number };
}

const SCENARIOS: readonly Scenario[] = [
  { key: "action-required", status: "action_required", updatedDaysAgo: 0 },
  { key: "draft", status: "draft", updatedDaysAgo: 2, draft: "draft" },
  {
    key: "changes",
    status: "change_requested",
    updatedDaysAgo: 1,
    draft: "change_requested",
    draftComment: "Please add the 1099-INT from our savings account: the interest is missing on Schedule B.",
  },
  { key: "approved", status: "approved", updatedDaysAgo: 3, draft: "draft" },
  {
    key: "sent-partly",
    status: "sent",
    updatedDaysAgo: 4,
    signing: { taxpayerSigned: true, spouseSigned: false, vouchersPaid: [true, false], invoicePaid: false, reminderDaysAgo: 2 },
  },
  {
    key: "sent-new",
    status: "sent",
    updatedDaysAgo: 6,
    signing: { taxpayerSigned: false, spouseSigned: false, vouchersPaid: [false, false], invoicePaid: false },
  },
  {
    key: "signed",
    status: "signed",
    updatedDaysAgo: 8,
    signing: { taxpayerSigned: true, spouseSigned: true, vouchersPaid: [true, false], invoicePaid: true, reminderDaysAgo: 5 },
  },
  {
    key: "finished",
    status: "finished",
    updatedDaysAgo: 20,
    signing: { taxpayerSigned: true, spouseSigned: true, vouchersPaid: [true, true], invoicePaid: true },
  },
];

interface EntityFacts {
  id: string;
  name: string;
  owners: { id: string; fname: string; lname: string; email: string | null }[];
}

/** The firm's client entities with their owners (primary first), by name, for the scenarios to take in turn. */
async function demoEntities(tx: FirmTx): Promise<EntityFacts[]> {
  const companies = await tx.company.findMany({
    where: { deletedAt: null, primaryOwnerId: { not: null }, entityType: { not: "drop_link" } },
    select: {
      id: true,
      name: true,
      owners: { select: { isPrimary: true, user: { select: { id: true, fname: true, lname: true, email: true, kind: true } } } },
    },
    orderBy: { name: "asc" },
  });
  return companies
    .map((c) => ({
      id: c.id,
      name: c.name,
      owners: c.owners
        .filter((o) => o.user.kind === "client")
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map((o) => o.user),
    }))
    .filter((c) => c.owners.length > 0);
}

export async function seedDemoTaxReturns(firmId: string, slug: string, today: string, log: (message: string) => void): Promise<number> {
  const base = Date.parse(`${today}T17:00:00Z`);
  const at = (daysAgo: number) => new Date(base - daysAgo * DAY_MS);
  const taxYear = Number(today.slice(0, 4)) - 1;
  const entities = await withFirm(firmId, demoEntities);
  if (entities.length === 0) return 0;
  const ids = SCENARIOS.map((s) => stableId("trn", slug, s.key));
  const existing = new Set((await withFirm(firmId, (tx) => tx.taxReturn.findMany({ where: { id: { in: ids } }, select: { id: true } }))).map((r) => r.id));
  const missing = SCENARIOS.filter((_, i) => !existing.has(ids[i]!));
  if (missing.length === 0) return 0;
  let store = true;
  try {
    storageConfig();
  } catch {
    store = false;
    log(`${slug}: no file store configured, demo tax returns seeded without their PDF`);
  }
  // Prefer entities with two owners (a couple signs together) for the returns that go out.
  const couples = entities.filter((e) => e.owners.length > 1);
  let created = 0;
  for (const [n, s] of missing.entries()) {
    const id = stableId("trn", slug, s.key);
    const pool = s.signing && couples.length ? couples : entities;
    const entity = pool[(SCENARIOS.indexOf(s) + n) % pool.length]!;
    const [taxpayer, spouse = null] = entity.owners;
    const name = (u: { fname: string; lname: string }) => `${u.fname} ${u.lname}`.trim();
    const fileName = `${taxYear} Form 1040 - ${entity.name}.pdf`;
    let storageKey: string | null = null;
    let sizeBytes: number | null = null;
    if (store) {
      const bytes = await demoTaxReturnPdf({ taxpayer: name(taxpayer!), spouse: spouse ? name(spouse) : null, entity: entity.name, taxYear });
      storageKey = entityFileKey(firmId, entity.id, "tax-returns", fileName);
      sizeBytes = bytes.length;
      await putObject({ firmId, key: storageKey, bytes, contentType: "application/pdf" });
    }
    await withFirm(firmId, async (tx) => {
      const updated = at(s.updatedDaysAgo);
      const sent = s.signing || s.draft ? at(s.updatedDaysAgo + 2) : null;
      await tx.taxReturn.create({
        data: {
          id,
          firmId,
          companyId: entity.id,
          taxYear,
          taxReturnName: `${taxYear} Form 1040`,
          status: s.status,
          draftStatus: s.draft ?? null,
          draftComment: s.draftComment ?? null,
          storageKey,
          fileName,
          sizeBytes,
          pageCount: DEMO_RETURN_PAGES.length,
          outline: DEMO_OUTLINE,
          sendDraftForApproval: Boolean(s.draft),
          invoiceAmountCents: s.signing ? 45_000 : null,
          invoicePaid: s.signing?.invoicePaid ?? false,
          lastReminderSentAt: s.signing?.reminderDaysAgo !== undefined ? at(s.signing.reminderDaysAgo) : null,
          lastSignedAt: s.signing?.taxpayerSigned ? at(s.updatedDaysAgo) : null,
          sentAt: sent,
          approvedAt: s.status === "approved" ? updated : null,
          completedAt: s.status === "finished" ? updated : null,
          createdAt: at(s.updatedDaysAgo + 3),
          updatedAt: updated,
        },
      });
      if (!s.signing) return;
      const signing = s.signing;
      const formId = stableId("esf", slug, s.key, "8879");
      await tx.eSignForm.create({ data: { id: formId, firmId, taxReturnId: id, formId: "8879", pages: [DEMO_8879_PAGE], order: 0 } });
      const signers = [
        { role: "taxpayer" as const, user: taxpayer!, signed: signing.taxpayerSigned },
        ...(spouse ? [{ role: "spouse" as const, user: spouse, signed: signing.spouseSigned }] : []),
      ];
      for (const signer of signers) {
        const signerId = stableId("trs", slug, s.key, signer.role);
        const signedAt = signer.signed ? at(s.updatedDaysAgo) : null;
        const typed = name(signer.user);
        await tx.taxReturnSigner.create({
          data: {
            id: signerId,
            firmId,
            taxReturnId: id,
            role: signer.role,
            userId: signer.user.id,
            fname: signer.user.fname,
            lname: signer.user.lname,
            email: signer.user.email,
            method: signer.signed ? "typed" : null,
            signatureText: signer.signed ? typed : null,
            signedAt,
            ipAddress: signer.signed ? "203.0.113.24" : null,
          },
        });
        await tx.eSignFormSignature.create({
          data: {
            id: stableId("efs", slug, s.key, signer.role),
            firmId,
            eSignFormId: formId,
            signerId,
            signatureData: signer.signed ? typed : null,
            signedAt,
            ipAddress: signer.signed ? "203.0.113.24" : null,
          },
        });
        const boxes = DEMO_SIGNATURE_BOXES[signer.role];
        await tx.signatureField.createMany({
          data: (["signature", "date"] as const).map((kind) => ({
            id: stableId("sgf", slug, s.key, signer.role, kind),
            firmId,
            taxReturnId: id,
            eSignFormId: formId,
            signerId,
            kind,
            page: DEMO_8879_PAGE,
            ...boxes[kind],
            filledAt: signedAt,
          })),
        });
      }
      await tx.paymentVoucher.createMany({
        data: [
          { key: "1040-V", amountCents: 227_200, asap: true, due: null },
          { key: "1040-ES-1", amountCents: 310_000, asap: false, due: `${taxYear + 1}-04-15` },
        ].map((v, i) => ({
          id: stableId("pvo", slug, s.key, v.key),
          firmId,
          taxReturnId: id,
          voucherId: v.key,
          amountCents: v.amountCents,
          isPaid: signing.vouchersPaid[i]!,
          isDueAsap: v.asap,
          dueDate: v.due ? new Date(`${v.due}T00:00:00Z`) : null,
        })),
      });
    });
    created += 1;
  }
  // The firm's first demo returns: Deliver is on for it (the firm may turn it off later; never undone here).
  if (existing.size === 0) {
    await withFirm(firmId, (tx) =>
      tx.firmPreferences.updateMany({ where: { firmId, newTaxReturnDeliveryEnabled: false }, data: { newTaxReturnDeliveryEnabled: true } }),
    );
  }
  return created;
}
