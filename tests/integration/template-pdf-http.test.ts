/**
 * A firm-made template with a document section over HTTP (built app, real PostgreSQL and an
 * S3-protocol server): the editor uploads the firm's PDF (grant, browser upload, confirm), a
 * password-protected PDF is refused with the spec's message and removed from the store, a PDF
 * section without a PDF is refused, follow-ups, section triggers and tabs are saved; sent, each
 * questionnaire gets its own copy of the PDF, which the client's section serves, and the
 * follow-up and trigger apply to the questionnaire.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF_MESSAGES } from "../../app/documents/pdf.server";
import { actionDataPath, bootApp, type Browser, type TestApp } from "../support/app";
import { listStoredKeys, postToGrant } from "../support/s3";

let app: TestApp;
let su: pg.Client;
let partner: Browser;
let client: Browser;
let pdfBytes: Uint8Array;
const ROUTE = "routes/templates.new";

async function makePdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.addPage([300, 300]).drawText(title, { x: 20, y: 150, size: 14 });
  doc.addPage([300, 300]);
  return doc.save();
}

/** The editor's upload: grant, the browser's POST to the store, confirm. */
async function uploadPdf(bytes: Uint8Array, fileName: string) {
  const grant = await partner.submit(
    "acme",
    "/templates/new",
    { intent: "pdf-grant", fileName, contentType: "application/pdf", size: String(bytes.length) },
    ROUTE,
  );
  expect(grant.status).toBe(200);
  expect(grant.body.pdf.grant.key).toMatch(/^firms\/firm_acme\/templates\//);
  expect((await postToGrant(grant.body.pdf.grant, bytes, fileName)).status).toBeLessThan(300);
  return partner.submit("acme", "/templates/new", { intent: "pdf-confirm", key: grant.body.pdf.grant.key, fileName }, ROUTE);
}

/** The editor's post (conform's field names). */
function templateForm(document: { key: string; name: string } | null): Record<string, string> {
  return {
    intent: "save",
    name: "Return review",
    "sections[0].key": "s_general",
    "sections[0].name": "General",
    "sections[0].sectionType": "3",
    "sections[0].tab": "Household",
    "sections[0].questions[0].key": "q_moved",
    "sections[0].questions[0].text": "Did you move this year?",
    "sections[0].questions[0].questionType": "boolean",
    "sections[0].questions[1].key": "q_address",
    "sections[0].questions[1].text": "Your new address",
    "sections[0].questions[1].questionType": "text",
    "sections[0].questions[1].followUpOf": "q_moved",
    "sections[0].questions[1].trigger": "Yes",
    "sections[1].key": "s_review",
    "sections[1].name": "Your draft return",
    "sections[1].sectionType": "6",
    "sections[1].trigger.questionKey": "q_moved",
    "sections[1].trigger.answer": "Yes",
    ...(document ? { "sections[1].document.key": document.key, "sections[1].document.name": document.name } : {}),
  };
}

beforeAll(async () => {
  app = await bootApp({ name: "template-pdf", s3: true, beforeServe: async (b) => void (su = b.su) });
  partner = await app.signIn("acme", "partner@acme.test");
  client = await app.signIn("acme", "client@acme.test");
  pdfBytes = await makePdf("Draft 2025 return");
}, 180_000);
afterAll(() => app?.stop());

describe("template PDF sections", () => {
  let document: { key: string; name: string };
  let templateId: string;

  it("uploads the firm's PDF through a grant, and refuses a password-protected one", async () => {
    const confirmed = await uploadPdf(pdfBytes, "Draft return.pdf");
    expect(confirmed.status).toBe(200);
    document = confirmed.body.pdf.document;
    expect(document.name).toBe("Draft return.pdf");

    // A PDF whose trailer names an /Encrypt dictionary (password-protected).
    const text = new TextDecoder("latin1").decode(pdfBytes);
    const encrypted = new TextEncoder().encode(
      text.replace(/trailer\s*<</, "trailer\n<< /Encrypt 99 0 R").replace(/%%EOF\s*$/, "") + "\ntrailer\n<< /Encrypt 99 0 R >>\n%%EOF\n",
    );
    const refused = await uploadPdf(encrypted, "Locked.pdf");
    expect(refused.status).toBe(400);
    expect(refused.body.pdf.error).toBe(PDF_MESSAGES.protected);
    const keys = await listStoredKeys(app.s3!.config);
    expect(keys.some((k) => k.endsWith("locked.pdf"))).toBe(false);
    expect(keys).toContain(document.key);

    // Not a PDF at all: refused before any upload.
    const notPdf = await partner.submit("acme", "/templates/new", { intent: "pdf-grant", fileName: "a.png", contentType: "image/png", size: "10" }, ROUTE);
    expect(notPdf.status).toBe(400);
  });

  it("refuses a PDF section without a PDF, or with another firm's key", async () => {
    const missing = await partner.post("acme", actionDataPath("/templates/new", ROUTE), templateForm(null));
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain("Please attach a PDF");
    const foreign = await partner.post(
      "acme",
      actionDataPath("/templates/new", ROUTE),
      templateForm({ key: "firms/firm_summit/templates/x-a.pdf", name: "a.pdf" }),
    );
    expect(foreign.status).toBe(400);
  });

  it("saves the PDF, the follow-up, the section trigger and the tab", async () => {
    const saved = await partner.post("acme", "/templates/new", templateForm(document));
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const { rows } = await su.query(
      `SELECT t.id, s.name, s.section_type, s.tab, s.document_key, s.document_name, tq.text AS trigger_text, s.trigger_answer
         FROM questionnaire_templates t JOIN template_sections s ON s.template_id = t.id LEFT JOIN template_questions tq ON tq.id = s.trigger_question_id
        WHERE t.firm_id = 'firm_acme' AND t.name = 'Return review' ORDER BY s."order"`,
    );
    templateId = rows[0].id;
    expect(rows.map((r) => [r.name, r.section_type, r.tab, r.document_key, r.document_name, r.trigger_text, r.trigger_answer])).toEqual([
      ["General", 3, "Household", null, null, null, null],
      ["Your draft return", 6, null, document.key, "Draft return.pdf", "Did you move this year?", "Yes"],
    ]);
    const followUp = await su.query(
      `SELECT q.text, p.text AS parent, q.trigger_for_follow_up_question AS answer FROM template_questions q JOIN template_questions p ON p.id = q.follow_up_question_id WHERE q.template_id = $1`,
      [templateId],
    );
    expect(followUp.rows).toEqual([{ text: "Your new address", parent: "Did you move this year?", answer: "Yes" }]);
  });

  it("sent, the client's section serves its own copy of the PDF; the follow-up and trigger apply", async () => {
    const entity = (
      await su.query(
        `SELECT c.id, c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
          WHERE u.email = 'client@acme.test' AND c.firm_id = 'firm_acme' AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.name LIMIT 1`,
      )
    ).rows[0];
    const options = JSON.parse((await partner.get("acme", "/api/staff/send", { accept: "application/json" })).text) as { today: string };
    const due = new Date(Date.parse(`${options.today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    const sent = await partner.postJson("acme", "/api/staff/send", { intent: "template", templateId, taxYear: 2025, companyIds: [entity.id], dueDate: due });
    expect(sent.status, sent.text).toBe(200);
    const questionnaireId = sent.body.questionnaireIds[0] as string;

    const section = (
      await su.query(
        `SELECT s.id, s.trigger_answer, tq.text AS trigger_text, d.storage_key, d.name, d.path, d.company_id, d.questionnaire_id
           FROM sections s JOIN documents d ON d.id = s.document_id LEFT JOIN questions tq ON tq.id = s.trigger_question_id
          WHERE s.questionnaire_id = $1 AND s.section_type = 6`,
        [questionnaireId],
      )
    ).rows[0];
    expect(section).toMatchObject({
      trigger_text: "Did you move this year?",
      trigger_answer: "Yes",
      name: "Draft return.pdf",
      path: "/2025",
      company_id: entity.id,
    });
    expect(section.storage_key).toMatch(new RegExp(`^firms/firm_acme/entities/${entity.id}/documents/`));
    expect(section.storage_key).not.toBe(document.key);
    const followUp = await su.query(
      `SELECT q.text, p.text AS parent, q.trigger_for_follow_up_question AS answer FROM questions q JOIN questions p ON p.id = q.follow_up_question_id WHERE q.questionnaire_id = $1`,
      [questionnaireId],
    );
    expect(followUp.rows).toEqual([{ text: "Your new address", parent: "Did you move this year?", answer: "Yes" }]);

    const reply = await client.postJson("acme", `/api/questionnaires/${entity.hash_id}`, { intent: "document_url", questionnaireId, sectionId: section.id });
    expect(reply.status, reply.text).toBe(200);
    const served = new Uint8Array(await (await fetch(reply.body.url)).arrayBuffer());
    expect(Buffer.from(served).equals(Buffer.from(pdfBytes))).toBe(true);
    expect((await PDFDocument.load(served)).getPageCount()).toBe(2);
  });
});
