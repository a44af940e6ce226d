/**
 * The demo's signature requests: two per demo firm, on entities with two owners where there are
 * some: an engagement letter sent and waiting for both owners' signatures, and a consent form both
 * signed (with its signed copy and audit page, filed in the entity's documents under
 * '/_soraban/Signature Requests/{year}') that the firm then marked as completed. Each with a real
 * two-page PDF in the store, its signers, their signature and date boxes, and its activity.
 *
 * Like the rest of the seed it only adds what is missing: a request whose id exists is left alone,
 * with everything under it. Without a file store the requests are not seeded (they are nothing
 * without their PDF).
 */
import { createHash } from "node:crypto";
import { PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { makeSignatureRequestSignedCopy } from "~/deliver/signing/signature-request-copy.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { withFirm, type FirmTx } from "~/db.server";
import { deleteObject, putObject, storageConfig } from "~/storage.server";
import { entityFileKey } from "~/storage/keys";

const DAY_MS = 86_400_000;

const stableId = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash("sha256")
    .update([prefix, ...parts].join("\u0000"))
    .digest("hex")
    .slice(0, 24)}`;

/** Where the owners sign on page 2 (fractions of the page, origin top-left), matching the lines the PDF draws. */
export const DEMO_REQUEST_BOXES = [
  { signature: { x: 0.118, y: 0.591, width: 0.47, height: 0.03 }, date: { x: 0.654, y: 0.591, width: 0.229, height: 0.03 } },
  { signature: { x: 0.118, y: 0.667, width: 0.47, height: 0.03 }, date: { x: 0.654, y: 0.667, width: 0.229, height: 0.03 } },
] as const;

/** A two-page letter a person can read; page 2 has a signature and date line per owner. */
export async function demoRequestPdf(input: { title: string; firm: string; entity: string; owners: string[]; taxYear: number }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.title} - ${input.entity}`);
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const grey = rgb(0.45, 0.47, 0.5);
  const pages = [
    [
      `${input.firm} will prepare the ${input.taxYear} income tax returns of ${input.entity}`,
      "from the information you provide. We will not audit or otherwise verify it.",
      "You are responsible for the completeness and accuracy of that information,",
      "and for keeping the records that support it.",
      "Our fees are based on the time the work takes; we bill when the returns are ready.",
    ],
    ["By signing below you agree to the terms of this letter.", `Signed for ${input.entity}:`],
  ];
  pages.forEach((lines, i) => {
    const page = pdf.addPage([612, 792]);
    page.drawText(input.title, { x: 72, y: 720, size: 15, font: bold, color: ink });
    page.drawText(`Tax year ${input.taxYear} · ${input.entity}`, { x: 72, y: 700, size: 10, font: body, color: grey });
    page.drawLine({ start: { x: 72, y: 690 }, end: { x: 540, y: 690 }, thickness: 1, color: ink });
    lines.forEach((line, n) => page.drawText(line, { x: 72, y: 660 - n * 20, size: 10, font: body, color: ink }));
    if (i === 1) {
      input.owners.slice(0, 2).forEach((owner, n) => {
        const baseline = 300 - n * 60;
        page.drawLine({ start: { x: 72, y: baseline }, end: { x: 360, y: baseline }, thickness: 0.8, color: ink });
        page.drawLine({ start: { x: 400, y: baseline }, end: { x: 540, y: baseline }, thickness: 0.8, color: ink });
        page.drawText(`Signature: ${owner}`, { x: 72, y: baseline - 12, size: 8, font: body, color: grey });
        page.drawText("Date", { x: 400, y: baseline - 12, size: 8, font: body, color: grey });
      });
    }
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: 72, y: 40, size: 9, font: body, color: grey });
  });
  return pdf.save();
}

interface Scenario {
  key: string;
  title: (taxYear: number) => string;
  status: "sent" | "completed";
  updatedDaysAgo: number;
  /** Which entity of the firm's list it goes to (couples first). */
  entityIndex: number;
}

const SCENARIOS: readonly Scenario[] = [
  { key: "engagement-sent", title: (y) => `${y} Engagement Letter`, status: "sent", updatedDaysAgo: 1, entityIndex: 0 },
  { key: "consent-completed", title: (y) => `${y} Consent to Use of Tax Return Information`, status: "completed", updatedDaysAgo: 9, entityIndex: 1 },
];

interface EntityFacts {
  id: string;
  name: string;
  owners: { id: string; fname: string; lname: string; email: string | null }[];
}

/** The firm's client entities with their client owners (primary first): couples first, then by name. */
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
  const entities = companies
    .map((c) => ({
      id: c.id,
      name: c.name,
      owners: c.owners
        .filter((o) => o.user.kind === "client")
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map((o) => o.user),
    }))
    .filter((c) => c.owners.length > 0);
  return [...entities.filter((e) => e.owners.length > 1), ...entities.filter((e) => e.owners.length === 1)];
}

export async function seedDemoSignatureRequests(
  firmId: string,
  firm: { slug: string; name: string },
  today: string,
  log: (message: string) => void,
): Promise<number> {
  try {
    storageConfig();
  } catch {
    log(`${firm.slug}: no file store configured, no demo signature requests`);
    return 0;
  }
  const base = Date.parse(`${today}T16:00:00Z`);
  const at = (daysAgo: number) => new Date(base - daysAgo * DAY_MS);
  const taxYear = Number(today.slice(0, 4)) - 1;
  const ids = SCENARIOS.map((s) => stableId("sgr", firm.slug, s.key));
  const existing = new Set(
    (await withFirm(firmId, (tx) => tx.signatureRequest.findMany({ where: { id: { in: ids } }, select: { id: true } }))).map((r) => r.id),
  );
  const missing = SCENARIOS.filter((_, i) => !existing.has(ids[i]!));
  if (missing.length === 0) return 0;
  const entities = await withFirm(firmId, demoEntities);
  if (entities.length === 0) return 0;
  const staff = await withFirm(firmId, (tx) =>
    tx.user.findFirst({ where: { kind: "staff", deletedAt: null }, orderBy: { createdAt: "asc" }, select: { id: true } }),
  );
  const name = (u: { fname: string; lname: string }) => `${u.fname} ${u.lname}`.trim();
  let created = 0;
  for (const s of missing) {
    const id = stableId("sgr", firm.slug, s.key);
    const entity = entities[s.entityIndex % entities.length]!;
    const owners = entity.owners.slice(0, 2);
    const formName = s.title(taxYear);
    const fileName = `${formName}.pdf`;
    const bytes = await demoRequestPdf({ title: formName, firm: firm.name, entity: entity.name, owners: owners.map(name), taxYear });
    const storageKey = entityFileKey(firmId, entity.id, "tax-returns", fileName);
    await putObject({ firmId, key: storageKey, bytes, contentType: "application/pdf" });
    const written: string[] = [storageKey];
    const sentAt = at(s.updatedDaysAgo + 1);
    const signedAt = at(s.updatedDaysAgo + 0.5);
    try {
      await withFirm(firmId, async (tx) => {
        await tx.signatureRequest.create({
          data: {
            id,
            firmId,
            companyId: entity.id,
            taxYear,
            formName,
            status: s.status,
            storageKey,
            fileName,
            sizeBytes: bytes.length,
            pageCount: 2,
            uploadedById: staff?.id ?? null,
            unsignedSha256: createHash("sha256").update(bytes).digest("hex"),
            sentAt,
            createdAt: at(s.updatedDaysAgo + 2),
            updatedAt: at(s.updatedDaysAgo),
          },
        });
        const signed = s.status === "completed";
        for (const [n, owner] of owners.entries()) {
          const signerId = stableId("trs", firm.slug, s.key, owner.id);
          await tx.taxReturnSigner.create({
            data: {
              id: signerId,
              firmId,
              signatureRequestId: id,
              role: n === 0 ? "taxpayer" : "spouse",
              userId: owner.id,
              fname: owner.fname,
              lname: owner.lname,
              email: owner.email,
              method: signed ? "typed" : null,
              signatureText: signed ? name(owner) : null,
              signedAt: signed ? signedAt : null,
              ipAddress: signed ? "203.0.113.24" : null,
            },
          });
          await tx.signatureField.createMany({
            data: (["signature", "date"] as const).map((kind) => ({
              id: stableId("sgf", firm.slug, s.key, owner.id, kind),
              firmId,
              signatureRequestId: id,
              signerId,
              kind,
              page: 2,
              ...DEMO_REQUEST_BOXES[n]![kind],
              filledAt: signed ? signedAt : null,
            })),
          });
        }
        const event = (title: string, daysAgo: number, description: string | null = null, actorId: string | null = staff?.id ?? null) =>
          tx.activityLog.create({
            data: {
              firmId,
              typeId: ACTIVITY_TYPES.signature,
              title,
              description,
              actorId,
              companyId: entity.id,
              signatureRequestId: id,
              createdAt: at(daysAgo),
            },
          });
        await event("Signature request uploaded", s.updatedDaysAgo + 2, `${formName}: ${fileName}`);
        await event("Signature request processed", s.updatedDaysAgo + 2, "2 page(s)", null);
        await event("Signature boxes placed", s.updatedDaysAgo + 1.5, `${owners.length} signer(s), ${owners.length * 2} box(es)`);
        await event("Signature request sent for signature", s.updatedDaysAgo + 1, "Please sign at your convenience.");
        if (signed) {
          for (const owner of owners) await event(`Signed by ${name(owner)}`, s.updatedDaysAgo + 0.5, null, owner.id);
          await event("All signatures completed", s.updatedDaysAgo + 0.5, null, null);
          await event("Marked as completed", s.updatedDaysAgo);
          if ((await makeSignatureRequestSignedCopy(tx, firmId, id, written)) === true) {
            // The copy's document (the last object written): filed when it was signed.
            await tx.document.updateMany({ where: { storageKey: written.at(-1)! }, data: { createdAt: signedAt, updatedAt: signedAt } });
          }
          await tx.signatureRequest.update({ where: { id }, data: { updatedAt: at(s.updatedDaysAgo) } });
        }
      });
    } catch (error) {
      for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
      throw error;
    }
    created += 1;
  }
  return created;
}
