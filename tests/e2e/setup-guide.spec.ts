import { PDFDocument } from "@cantoo/pdf-lib";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const SHOTS = "tests/screenshots/setup-guide";

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function pdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([400, 400]).drawText(title, { x: 30, y: 200, size: 18 });
  return Buffer.from(await doc.save());
}

test("a partner creates a template with a PDF to review by uploading the PDF, and previews it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/templates/new"));
  await page.getByLabel("Template name").fill("Draft return review");
  await page.getByLabel("Section name").fill("Your draft return");
  await page.getByLabel("Section type").selectOption({ label: "PDF to review" });
  await expect(page.getByText("No PDF attached yet")).toBeVisible();
  await page.getByRole("button", { name: "Create template" }).click();
  // Refused without a PDF (the server's 422 "Please attach a PDF" is covered in template-pdf-http.test.ts).
  await expect(page.getByText("Please fix the highlighted fields.")).toBeVisible();

  await page
    .getByLabel("Choose the PDF of section 1")
    .setInputFiles({ name: "Draft return.pdf", mimeType: "application/pdf", buffer: await pdf("Draft 2025 return") });
  await expect(page.getByText("Draft return.pdf", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace PDF" })).toBeVisible();

  // A second section that shows only after an answer, with a follow-up question.
  await page.getByRole("button", { name: "Add section" }).click();
  const second = page.locator("section").filter({ has: page.getByRole("heading", { name: /^Section 2/ }) });
  await second.getByLabel("Section name").fill("Moving");
  await second.getByRole("textbox", { name: "Question 1", exact: true }).fill("Did you move this year?");
  await second.getByLabel("Type", { exact: true }).first().selectOption({ label: "Yes / No" });
  await second.getByRole("button", { name: "Add question" }).click();
  await second.getByRole("textbox", { name: "Question 2", exact: true }).fill("Your new address");
  await second.getByLabel("Follow-up of").last().selectOption({ label: "2.1 Did you move this year?" });
  await expect(second.getByLabel("Shown when the answer is").last()).toBeVisible();
  await shoot(page, "acme-template-editor");

  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates(\?|$)/);
  await page.locator("li").filter({ hasText: "Draft return review" }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("Draft return.pdf", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page.getByText("The client sees Draft return.pdf here in a PDF viewer.")).toBeVisible();
  await shoot(page, "acme-template-preview");

  const saved = await sql<{ document_name: string; section_type: number }>(
    `SELECT s.document_name, s.section_type FROM template_sections s JOIN questionnaire_templates t ON t.id = s.template_id WHERE t.firm_id = 'firm_acme' AND t.name = 'Draft return review' AND s.section_type = 6`,
  );
  expect(saved).toEqual([{ document_name: "Draft return.pdf", section_type: 6 }]);
});

test("the template editor on Summit", async ({ page }) => {
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/templates/new"));
  await page.getByLabel("Section type").selectOption({ label: "PDF to sign" });
  await expect(page.getByText("No PDF attached yet")).toBeVisible();
  await shoot(page, "summit-template-editor");
});

test("the setup checklist ticks from the firm's data and goes once dismissed", async ({ page }) => {
  const before = await sql<{ slug: string; logo_key: string | null; brand_color: string | null; theme_name: string }>(
    `SELECT slug, logo_key, brand_color, theme_name FROM firms WHERE slug IN ('acme', 'summit')`,
  );
  await sql(`UPDATE firms SET logo_key = NULL, brand_color = NULL, theme_name = 'default' WHERE slug IN ('acme', 'summit')`);
  try {
    for (const slug of ["acme", "summit"]) {
      await signIn(page, slug, `partner@${slug}.test`);
      const card = page.getByRole("region", { name: "Set up your firm" });
      await expect(card).toBeVisible();
      // Brand is to do; team, client, first questionnaire and payments (the demo account) are done.
      await expect(card.getByText("4 of 5 done.", { exact: false })).toBeVisible();
      await expect(card.getByRole("link", { name: "Open Firm Settings" })).toHaveAttribute("href", "/firm");
      await shoot(page, `${slug}-setup-checklist`);
      if (slug === "summit") {
        await card.getByRole("button", { name: "Dismiss" }).click();
        await expect(card).toBeHidden();
        await page.reload();
        await expect(page.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
        await expect(page.getByRole("region", { name: "Set up your firm" })).toBeHidden();
      }
      await forgetSession(page);
    }
  } finally {
    for (const f of before)
      await sql(`UPDATE firms SET logo_key = $2, brand_color = $3, theme_name = $4 WHERE slug = $1`, [f.slug, f.logo_key, f.brand_color, f.theme_name]);
  }
});

test("an empty staff table offers Clear filters when a search hides every row", async ({ page }) => {
  for (const slug of ["acme", "summit"]) {
    await signIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, "/clients?q=zzzz-nobody"));
    await expect(page.getByText("No users found.")).toBeVisible();
    await shoot(page, `${slug}-users-no-results`);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/zzzz-nobody/);
    await expect(page.getByText("No users found.")).toBeHidden();
    await page.goto(firmUrl(slug, "/templates"));
    await shoot(page, `${slug}-templates`);
    await forgetSession(page);
  }
});
