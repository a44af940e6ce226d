/**
 * A new firm's whole setup, from its own screens only: a partner signs the firm up on the root
 * site, invites an advisor (who sets a password and a second factor), turns on document drop-off,
 * creates a custom status, adds a first client, builds a template with a PDF to review, sends it,
 * and sets the custom status with notify; the client then signs in, sees the status on the card
 * and in the bell, and sees the PDF. The setup checklist on Collect ticks along the way.
 * Nothing is written to the database by the test: it reads the outbox (the emails the firm sent)
 * and reads rows to check what was saved. Screenshots under SHOTS_DIR (default tests/screenshots/firm-journey).
 */
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { codeIn, firmUrl, linkIn, nextMessage, outboxMark, rootUrl, signIn, sql } from "./support";

const SHOTS = process.env.SHOTS_DIR ?? "tests/screenshots/firm-journey";
mkdirSync(SHOTS, { recursive: true });

test.use({ actionTimeout: 20_000 });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function draftPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText("Draft 2025 return - Harbor Tax Partners", { x: 60, y: 700, size: 22, font });
  return Buffer.from(await doc.save());
}

/** The steps of the setup checklist on Collect that show as done. */
async function doneSteps(page: Page, slug: string): Promise<string[]> {
  await page.goto(firmUrl(slug, "/"));
  const card = page.getByRole("region", { name: "Set up your firm" });
  await expect(card).toBeVisible();
  return card.locator("li[data-done]").evaluateAll((items) => items.map((li) => li.getAttribute("data-step") ?? ""));
}

async function openBell(page: Page): Promise<Locator> {
  const bell = page.getByTestId("notification-bell");
  const panel = page.getByRole("heading", { name: "Notifications", level: 2 });
  await expect(async () => {
    if (!(await panel.isVisible())) await bell.click();
    await expect(panel).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return panel;
}

test("a new firm signs up, builds its team and setup, sends a first questionnaire, and its client sees it", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const slug = `journey-${Date.now().toString(36)}`;
  const partnerEmail = `morgan.${slug}@harbor.test`;
  const partnerPassword = "Harbor-Tax-2026!";

  // 1. Sign-up on the root site.
  await page.goto(rootUrl("/create-firm"));
  await page.getByLabel("Firm name").fill("Harbor Tax Partners");
  await page.getByLabel("Subdomain").fill(slug);
  await expect(page.getByText(/is available/)).toBeVisible();
  await page.getByLabel("First name").fill("Morgan");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill(partnerEmail);
  await page.locator('input[name="password"]').fill(partnerPassword);
  await page.getByLabel("Confirm password").fill(partnerPassword);
  await page.getByRole("button", { name: "Create my firm's portal" }).click();
  // An email code step, when the sign-up asks to confirm the address.
  const codeField = page.getByLabel("Verification code");
  const collect = page.getByRole("heading", { name: "Collect", level: 1 });
  await expect(codeField.or(collect).first()).toBeVisible({ timeout: 20_000 });
  if (await codeField.isVisible()) {
    const code = codeIn(await nextMessage(slug, partnerEmail, new Date(0), "email"));
    await codeField.fill(code);
    await page
      .getByRole("button", { name: /Verify|Confirm|Continue/ })
      .first()
      .click();
  }
  await expect(page).toHaveURL(firmUrl(slug, "/"));
  await expect(collect).toBeVisible();
  expect(await doneSteps(page, slug)).toEqual([]);
  await shot(page, "01-new-firm-collect");

  // 2. The partner invites an advisor from Team; the advisor joins.
  await page.goto(firmUrl(slug, "/settings/team"));
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Invite staff" }).click();
  const invite = page.getByRole("dialog", { name: "Invite staff" });
  await invite.getByLabel("First name").fill("Rosa");
  await invite.getByLabel("Last name").fill("Lindqvist");
  const advisorEmail = `rosa.${slug}@harbor.test`;
  await invite.getByLabel("Email").fill(advisorEmail);
  const inviteMark = await outboxMark(slug);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByRole("row", { name: /Rosa Lindqvist/ }).getByText("Invited")).toBeVisible();

  const invitation = await nextMessage(slug, advisorEmail, inviteMark, "email");
  const inviteLink = invitation.body.match(/https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(inviteLink).toBeTruthy();
  const advisorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const advisor = await advisorContext.newPage();
  await advisor.goto(inviteLink!);
  await expect(advisor.getByRole("heading", { name: /Join Harbor Tax Partners/ })).toBeVisible();
  await advisor.getByLabel("New password").fill("Welcome-Rosa-2026!");
  await advisor.getByLabel("Confirm password").fill("Welcome-Rosa-2026!");
  const advisorCodeMark = await outboxMark(slug);
  await advisor.getByRole("button", { name: "Save password and continue" }).click();
  await expect(advisor.getByRole("heading", { name: "2-Factor Auth" })).toBeVisible();
  await advisor.getByRole("button", { name: /^Email a code to / }).click();
  await advisor.getByLabel("Verification code").fill(codeIn(await nextMessage(slug, advisorEmail, advisorCodeMark, "email")));
  await advisor.getByRole("button", { name: "Verify" }).click();
  await expect(advisor.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await shot(advisor, "02-advisor-signed-in");
  await advisorContext.close();
  await page.reload();
  await expect(page.getByRole("row", { name: /Rosa Lindqvist/ }).getByText("Active")).toBeVisible();

  // 3. Document drop-off on, and a custom status.
  await page.goto(firmUrl(slug, "/firm"));
  await page.getByRole("navigation", { name: "Firm settings" }).getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(/\/firm\/preferences\/documents$/);
  await page.getByRole("switch", { name: /Document drop-off/ }).check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Document drop-off/ })).toBeChecked();

  await page.goto(firmUrl(slug, "/settings/statuses"));
  await expect(page.getByRole("heading", { name: "Custom Statuses", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add status" }).click();
  const statusDialog = page.getByRole("dialog", { name: "Add status" });
  await statusDialog.getByLabel("Status staff see").fill("Draft ready");
  await statusDialog.getByLabel("Status clients see").fill("Your draft return is ready");
  await statusDialog.getByLabel("Instruction for the client").fill("Review the draft return and approve it.");
  await statusDialog.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status saved").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Custom statuses" }).getByText("Draft ready", { exact: true })).toBeVisible();
  await shot(page, "03-custom-status");

  // 4. A first client and their entity.
  await page.goto(firmUrl(slug, "/clients"));
  await page.getByRole("button", { name: "Create User and Entity" }).click();
  const create = page.getByRole("dialog", { name: "Create User and Entity" });
  const clientEmail = `dana.${slug}@example.com`;
  await create.getByLabel("First name").fill("Dana");
  await create.getByLabel("Last name").fill("Fields");
  await create.getByLabel("Email", { exact: true }).fill(clientEmail);
  await expect(create.getByText("Available")).toBeVisible();
  await create.getByLabel("Entity type").selectOption("Individual");
  await expect(create.getByLabel("Entity name")).toHaveValue("Dana Fields");
  await create.getByLabel(/^Assigned (preparer|advisor)/).selectOption({ label: "Rosa Lindqvist" });
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "Dana Fields" })).toBeVisible();
  await shot(page, "04-first-client");

  // The checklist: the team and the first client are ticked.
  expect(await doneSteps(page, slug)).toEqual(["team", "client"]);
  await shot(page, "05-checklist-two-ticked");

  // A template with a PDF to review.
  await page.goto(firmUrl(slug, "/templates/new"));
  await page.getByLabel("Template name").fill("Draft return review");
  await page.getByLabel("Section name").fill("Your draft return");
  await page.getByLabel("Section type").selectOption({ label: "PDF to review" });
  await page.getByLabel("Choose the PDF of section 1").setInputFiles({ name: "Draft return.pdf", mimeType: "application/pdf", buffer: await draftPdf() });
  // Uploaded and confirmed: the section holds the PDF.
  await expect(page.getByRole("button", { name: "Replace PDF" })).toBeVisible();
  await expect(page.getByText("Draft return.pdf", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates(\?|$)/);
  await expect(page.locator("li").filter({ hasText: "Draft return review" })).toBeVisible();

  // Sent from the checklist's own step on Collect.
  await doneSteps(page, slug);
  const card = page.getByRole("region", { name: "Set up your firm" });
  await card.getByRole("button", { name: "Send your first questionnaire" }).click();
  const send = page.getByRole("dialog");
  await send.getByRole("combobox", { name: /^Template/ }).selectOption({ label: "Draft return review" });
  const entities = send.getByRole("combobox", { name: /Entities|Clients/ });
  await entities.fill("Dana");
  await expect(send.getByRole("option", { name: /Dana Fields/ })).toBeVisible();
  await entities.press("ArrowDown");
  await entities.press("Enter");
  await expect(send.getByRole("list", { name: "Selected entities" })).toContainText("Dana Fields");
  await shot(page, "06-send-dialog");
  const sendMark = await outboxMark(slug);
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(/sent successfully/).first()).toBeVisible();
  const sentEmail = await nextMessage(slug, clientEmail, sendMark, "email");
  const questionnairePath = sentEmail.body.match(/\/questionnaire\/[A-Za-z0-9_-]+\?questionnaireId=[A-Za-z0-9_-]+/)?.[0];
  expect(questionnairePath).toBeTruthy();

  // 5. The custom status, from Collect, with notify.
  await page.goto(firmUrl(slug, "/?q=Dana%20Fields"));
  const action = page.getByRole("button", { name: /^Set status of Dana Fields: / }).first();
  await expect(action).toBeVisible();
  const statusMark = await outboxMark(slug);
  await action.click();
  const setStatus = page.getByRole("dialog", { name: "Set status" });
  await setStatus.getByLabel("Status", { exact: true }).selectOption({ label: "Draft ready" });
  await setStatus.getByText("Notify the client").click();
  await setStatus.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByText("Status updated and the client notified").first()).toBeVisible();
  const statusEmail = await nextMessage(slug, clientEmail, statusMark, "email");
  expect(statusEmail.subject).toContain("Your draft return is ready");
  await shot(page, "07-collect-status-set");

  const [saved] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM questionnaires q JOIN firms f ON f.id = q.firm_id JOIN companies c ON c.id = q.company_id
      WHERE f.slug = $1 AND c.name = 'Dana Fields' AND q.firm_custom_status_id IS NOT NULL`,
    [slug],
  );
  expect(Number(saved!.n)).toBe(1);

  // 6. The client signs in with the emailed link, sees the status, the bell and the PDF.
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const client = await clientContext.newPage();
  const signInMark = await outboxMark(slug);
  await signIn(client, slug, clientEmail);
  await expect(client.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await client.goto(linkIn(await nextMessage(slug, clientEmail, signInMark, "email")));
  await client.getByRole("button", { name: "Continue" }).click();
  const account = client.getByRole("button", { name: /^Account menu for / });
  const choose = client.getByRole("heading", { name: "How do you want to sign in next time?" });
  await expect(account.or(choose).first()).toBeVisible();
  await client.goto(firmUrl(slug, "/"));
  const statusCard = client.getByRole("article").filter({ hasText: "Your draft return is ready" });
  await expect(statusCard.first()).toBeVisible();
  await expect(statusCard.first().getByTestId("custom-status-instruction")).toHaveText("Review the draft return and approve it.");
  await shot(client, "08-client-dashboard");

  await openBell(client);
  await expect(client.getByRole("link", { name: /Your draft return is ready/ }).first()).toBeVisible();
  await shot(client, "09-client-bell");
  await client.keyboard.press("Escape");

  await client.goto(firmUrl(slug, questionnairePath!));
  await expect(client.getByRole("heading", { name: "Your draft return" }).first()).toBeVisible();
  const viewer = client.getByTestId("pdf-viewer");
  await expect(viewer).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(viewer).toHaveAttribute("data-pages", "1");
  await shot(client, "10-client-pdf");
  await clientContext.close();

  // Collect: the checklist ticked the team, the client and the questionnaire.
  await page.goto(firmUrl(slug, "/"));
  const remaining = page.getByRole("region", { name: "Set up your firm" });
  // Branding and payments are still to do.
  await expect(remaining.getByText("3 of 5 done.", { exact: false })).toBeVisible();
  await expect(remaining.getByRole("link", { name: "Connect payments" })).toHaveAttribute("href", "/firm/payments");
  await shot(page, "11-checklist-three-ticked");
});
