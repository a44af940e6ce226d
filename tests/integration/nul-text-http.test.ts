/**
 * A NUL character (U+0000) in typed or pasted text never reaches PostgreSQL (which refuses it in
 * text: 'invalid byte sequence', a 500): the request layer drops it from every JSON body
 * (readJson) and every form (server.ts) before any schema sees it. The rest of the text is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let client: Browser;
let entity: { id: string; hashId: string };
let question: { id: string; questionnaireId: string };

beforeAll(async () => {
  app = await bootApp({ name: "nul-text", s3: true });
  client = await app.signIn("acme", "client@acme.test");
  const { rows } = await app.su.query<{ company_id: string; hash_id: string; question_id: string; questionnaire_id: string }>(
    `SELECT c.id AS company_id, c.hash_id, qu.id AS question_id, q.id AS questionnaire_id
       FROM companies c
       JOIN questionnaires q ON q.firm_id = c.firm_id AND q.company_id = c.id
       JOIN questions qu ON qu.firm_id = q.firm_id AND qu.questionnaire_id = q.id
      WHERE c.firm_id = 'firm_acme' AND c.name = 'Jordan & Casey Rivera'
        AND NOT q.locked AND NOT q.completed AND NOT q.is_draft AND q.deleted_at IS NULL AND q.submitted_at IS NULL
        AND qu.question_type = 'text' AND qu.deleted_at IS NULL
      ORDER BY q.id, qu.id`,
  );
  // A text question the client may answer now (the first one that takes an answer).
  for (const row of rows) {
    const probe = await client.postJson("acme", `/api/questionnaires/${row.hash_id}`, {
      intent: "answer",
      questionnaireId: row.questionnaire_id,
      questionId: row.question_id,
      answer: "probe",
    });
    if (probe.status === 200) {
      entity = { id: row.company_id, hashId: row.hash_id };
      question = { id: row.question_id, questionnaireId: row.questionnaire_id };
      break;
    }
  }
  expect(question, "an answerable text question of the client's").toBeTruthy();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("text with NUL characters", () => {
  it("an answer (autosave JSON) is saved without them", async () => {
    const response = await client.postJson("acme", `/api/questionnaires/${entity.hashId}`, {
      intent: "answer",
      questionnaireId: question.questionnaireId,
      questionId: question.id,
      answer: "W\u0000-2",
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const { rows } = await app.su.query(`SELECT answer FROM questions WHERE id = $1`, [question.id]);
    expect(rows[0].answer).toBe("W-2");
  });

  it("a note is saved without them", async () => {
    const response = await client.postJson("acme", `/api/questionnaires/${entity.hashId}`, {
      intent: "add_note",
      questionnaireId: question.questionnaireId,
      questionId: question.id,
      body: "\u0000See attached\u0000",
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.note.text).toMatch(/See attached$/);
    expect(response.body.note.text).not.toContain("\u0000");
  });

  it("a message is sent without them", async () => {
    const response = await client.post("acme", `/inbox/${entity.hashId}.data`, { intent: "send", text: "Hello\u0000 firm" });
    expect(response.status, response.text.slice(0, 300)).toBeLessThan(400);
    const { rows } = await app.su.query(`SELECT text FROM messages WHERE firm_id = 'firm_acme' AND text LIKE 'Hello%firm' ORDER BY created_at DESC LIMIT 1`);
    expect(rows[0]?.text).toBe("Hello firm");
  });

  it("a profile field is saved without them", async () => {
    const response = await client.post("acme", "/profile?index", { intent: "entity", entity: entity.hashId, street: "1 Main\u0000 St", country: "US" });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const { rows } = await app.su.query(`SELECT street FROM companies WHERE id = $1`, [entity.id]);
    expect(rows[0].street).toBe("1 Main St");
  });
});
