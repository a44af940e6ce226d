/**
 * What staff see of what a client wrote, in the browser: a client adds a note on a question; the
 * advisor finds it in Collect's notes column, which opens the preview dialog at it, reads the
 * answers as given (choices as chips, entries as a table, files by name, never-asked sections and
 * follow-ups left out) and replies; the client sees the reply under the note. Screenshots of both
 * demo firms at 1280 and 375 px in tests/screenshots/tp-preview/.
 */
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { firmUrl, questionAction, signIn, signOut, sql } from "./support";

const SHOTS = "tests/screenshots/tp-preview";
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // layout settles after the resize
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Fixture {
  id: string;
  companyId: string;
  hash: string;
  noteQuestion: { id: string; sectionId: string; text: string };
  multiple: { id: string; answer: string } | null;
  entries: { id: string; field: string; value: string } | null;
  hiddenSection: string | null;
  hiddenFollowUp: string | null;
}

/** The client's open questionnaire, with an upload answered by one file (a document row only: nothing to fetch). */
async function fixture(slug: string, email: string): Promise<Fixture> {
  const [q] = await sql<{ id: string; company_id: string; hash_id: string; firm_id: string }>(
    `SELECT q.id, c.id AS company_id, c.hash_id, q.firm_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id
      WHERE u.email = $1 AND q.deleted_at IS NULL AND NOT q.locked AND NOT q.completed AND NOT q.is_draft
        AND EXISTS (SELECT 1 FROM questions x WHERE x.questionnaire_id = q.id AND x.question_type = 'multiple')
      ORDER BY q.tax_year DESC, q.id LIMIT 1`,
    [email],
  );
  const visible = `s.trigger_question_id IS NULL AND x.follow_up_question_id IS NULL`;
  const [multiple] = await sql<{ id: string; answer: string; section_id: string; text: string }>(
    `SELECT x.id, x.answer, x.section_id, x.text FROM questions x JOIN sections s ON s.id = x.section_id
      WHERE x.questionnaire_id = $1 AND x.question_type = 'multiple' AND x.answer LIKE '%&!&%' AND ${visible} ORDER BY s."order", x."order" LIMIT 1`,
    [q!.id],
  );
  const [entries] = await sql<{ id: string; field: string; value: string }>(
    `SELECT x.id, e.field, e.value FROM questions x JOIN question_entries e ON e.question_id = x.id JOIN sections s ON s.id = x.section_id
      WHERE x.questionnaire_id = $1 AND x.question_type = 'entries' AND e.value <> '' AND ${visible} ORDER BY e.entry_number LIMIT 1`,
    [q!.id],
  );
  const [upload] = await sql<{ id: string }>(
    `SELECT x.id FROM questions x JOIN sections s ON s.id = x.section_id WHERE x.questionnaire_id = $1 AND x.question_type = 'upload' AND ${visible}
      ORDER BY s."order", x."order" LIMIT 1`,
    [q!.id],
  );
  const [hiddenSection] = await sql<{ name: string }>(
    `SELECT s.name FROM sections s JOIN questions t ON t.id = s.trigger_question_id
      WHERE s.questionnaire_id = $1 AND position(s.trigger_answer in coalesce(t.answer, '')) = 0
        AND NOT EXISTS (SELECT 1 FROM sections o WHERE o.questionnaire_id = s.questionnaire_id AND o.id <> s.id AND o.name = s.name) LIMIT 1`,
    [q!.id],
  );
  const [hiddenFollowUp] = await sql<{ text: string }>(
    `SELECT f.text FROM questions f JOIN questions p ON p.id = f.follow_up_question_id
      WHERE f.questionnaire_id = $1 AND p.answer IS NOT NULL AND position(coalesce(f.trigger_for_follow_up_question, 'Yes') in p.answer) = 0
        AND NOT EXISTS (SELECT 1 FROM questions o WHERE o.questionnaire_id = f.questionnaire_id AND o.id <> f.id AND o.text = f.text) LIMIT 1`,
    [q!.id],
  );
  expect(upload, "an upload question the client is asked").toBeDefined();
  {
    const key = `firms/${q!.firm_id}/companies/${q!.company_id}/e2e01-Brokerage 1099.pdf`;
    await sql(`UPDATE questions SET answer = $1, answer_by = NULL, special_answer = NULL, answered_at = now() WHERE id = $2`, [key, upload!.id]);
    await sql(
      `INSERT INTO documents (id, firm_id, company_id, name, storage_key, content_type, questionnaire_id, question_id, path)
       VALUES ($1, $2, $3, 'Brokerage 1099.pdf', $4, 'application/pdf', $5, $6, '/') ON CONFLICT DO NOTHING`,
      [`doc_e2e_notes_${slug}`, q!.firm_id, q!.company_id, key, q!.id, upload!.id],
    );
  }
  const [noteQuestion] = multiple
    ? [{ id: multiple.id, sectionId: multiple.section_id, text: multiple.text }]
    : await sql<{ id: string; sectionId: string; text: string }>(
        `SELECT x.id, x.section_id AS "sectionId", x.text FROM questions x JOIN sections s ON s.id = x.section_id WHERE x.questionnaire_id = $1 AND ${visible} ORDER BY s."order", x."order" LIMIT 1`,
        [q!.id],
      );
  return {
    id: q!.id,
    companyId: q!.company_id,
    hash: q!.hash_id,
    noteQuestion: noteQuestion!,
    multiple: multiple ? { id: multiple.id, answer: multiple.answer } : null,
    entries: entries ?? null,
    hiddenSection: hiddenSection?.name ?? null,
    hiddenFollowUp: hiddenFollowUp?.text ?? null,
  };
}

for (const firm of [
  { slug: "acme", client: "client@acme.test", advisor: "advisor@acme.test", team: "Acme Tax & Advisory Team" },
  { slug: "summit", client: "client@summit.test", advisor: "partner@summit.test", team: "Summit CPA Group Team" },
]) {
  test(`${firm.slug}: a client's note reaches the advisor, who reads the answers as given and replies`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const f = await fixture(firm.slug, firm.client);
    const note = `Note from the client (${firm.slug}): we moved in June.`;
    const replyText = `Thanks, we'll use the new address (${firm.slug}).`;

    // The client adds a note on a question.
    await signIn(page, firm.slug, firm.client);
    await page.goto(firmUrl(firm.slug, `/questionnaire/${f.hash}?questionnaireId=${f.id}&sectionId=${f.noteQuestion.sectionId}`));
    const question = page.locator(`section#question${f.noteQuestion.id}`);
    await questionAction(question, "Add Note");
    await question.getByLabel("Note").fill(note);
    await question.getByRole("button", { name: "Save Note" }).click();
    await expect(question.getByRole("list", { name: "Notes" })).toContainText(note);
    await signOut(page);

    // Collect: the notes column shows the client's note and opens the dialog at it.
    await signIn(page, firm.slug, firm.advisor);
    await page.goto(firmUrl(firm.slug, "/"));
    const noteButton = page.getByRole("button", { name: new RegExp(`^1 client note from .*Latest, .*${note.slice(0, 20).replace(/[()]/g, ".")}`) });
    await expect(noteButton).toBeVisible();
    await shot(page, `collect-notes-${firm.slug}`);
    await noteButton.click();
    const dialog = page.getByRole("dialog");
    const item = dialog.locator(`[data-question="${f.noteQuestion.id}"]`);
    await expect(item.getByRole("list", { name: "Notes" })).toContainText(note);

    // Answers as the client gave them.
    if (f.multiple) {
      const chips = dialog.locator(`[data-question="${f.multiple.id}"]`).getByRole("list", { name: "Chosen answers" }).getByRole("listitem");
      await expect(chips).toHaveText(f.multiple.answer.split("&!&"));
    }
    await expect(dialog.getByRole("tabpanel")).not.toContainText("&!&");
    if (f.entries) {
      const table = dialog.locator(`[data-question="${f.entries.id}"]`).getByRole("table");
      await expect(table.getByRole("columnheader", { name: f.entries.field, exact: true })).toBeVisible();
      await expect(table.getByRole("cell", { name: f.entries.value, exact: true }).first()).toBeVisible();
    }
    await expect(dialog.getByText("Brokerage 1099.pdf")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Preview Brokerage 1099.pdf" })).toBeVisible();
    await expect(dialog.getByText("file(s)")).toHaveCount(0);
    if (f.hiddenSection) await expect(dialog.getByRole("heading", { name: f.hiddenSection, exact: true })).toHaveCount(0);
    if (f.hiddenFollowUp) await expect(dialog.getByText(f.hiddenFollowUp, { exact: true })).toHaveCount(0);
    await item.scrollIntoViewIfNeeded();
    await shot(page, `preview-dialog-${firm.slug}`);

    // The advisor replies under the note.
    await item.getByRole("button", { name: /^Reply to / }).click();
    await item.getByLabel("Reply").fill(replyText);
    await item.getByRole("button", { name: "Send reply" }).click();
    await expect(item.getByRole("list", { name: "Replies" })).toContainText(`${firm.team}: ${replyText}`);
    await item.scrollIntoViewIfNeeded();
    await shot(page, `preview-dialog-reply-${firm.slug}`);

    // The full preview page shows the note with its reply.
    await page.keyboard.press("Escape");
    await page.goto(firmUrl(firm.slug, `/preview/${f.companyId}/questionnaire/${f.id}?sectionId=${f.noteQuestion.sectionId}`));
    const previewed = page.locator(`section#question${f.noteQuestion.id}`);
    await expect(previewed.getByRole("list", { name: "Replies" })).toContainText(replyText);
    await shot(page, `preview-page-${firm.slug}`);
    await signOut(page);

    // The client sees the reply under the note.
    await signIn(page, firm.slug, firm.client);
    await page.goto(firmUrl(firm.slug, `/questionnaire/${f.hash}?questionnaireId=${f.id}&sectionId=${f.noteQuestion.sectionId}`));
    const mine = page.locator(`section#question${f.noteQuestion.id}`);
    await expect(mine.getByRole("list", { name: "Notes" })).toContainText(note);
    await expect(mine.getByRole("list", { name: "Replies" })).toContainText(`${firm.team}: ${replyText}`);
    await mine.scrollIntoViewIfNeeded();
    await shot(page, `client-question-reply-${firm.slug}`);
  });
}
