/**
 * The client inbox: from the dashboard's firm card ('Send a Message') a client writes to the
 * firm, sees the conversation appear, and reads it at phone width; the firm's reply shows as
 * '{firm} Team'. Screens for two firms with different branding.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

test("a client sends a message from the dashboard and reads the firm's reply", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await page.getByRole("link", { name: "Send a Message" }).click();
  await expect(page).toHaveURL(/\/inbox\/[^/]+$/);
  await expect(page.getByText("No available conversations found")).toBeVisible();
  await screenshot(page, "inbox-empty-acme");

  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await page.getByLabel("Message to your firm").fill("Hello! My 1099-B is uploaded. Anything else you need?");
  await send.click();
  await expect(page).toHaveURL(/\/inbox\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Hello! My 1099-B is uploaded.")).toBeVisible();

  // The firm answers (as staff would from their side).
  const [conversation] = await sql<{ id: string; staff: string }>(
    `SELECT c.id, p.user_id AS staff FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id AND p.is_firm_user
      WHERE c.firm_id = 'firm_acme' ORDER BY c.created_at DESC LIMIT 1`,
  );
  await sql(
    `INSERT INTO messages (id, firm_id, conversation_id, author_id, text, is_firm_user, updated_at) VALUES ($1, 'firm_acme', $2, $3, $4, true, now())`,
    [`e2e-${Date.now()}`, conversation!.id, conversation!.staff, "Thanks! We have everything we need for now."],
  );
  await page.reload();
  await expect(page.getByText("Acme Tax & Advisory Team").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Thanks! We have everything we need for now.")).toBeVisible();
  await screenshot(page, "inbox-conversation-acme");

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Thanks! We have everything we need for now.")).toBeVisible();
  await screenshot(page, "inbox-conversation-acme-375");
});

test("another firm's inbox carries its own branding, with the demo conversation", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "client@summit.test");
  await page.goto(firmUrl("summit", "/inbox"));
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("link", { name: /Summit CPA Group Team/ })
    .click();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText(/Every month, please/)).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill("Quick question about my estimated payments.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.getByText("Quick question about my estimated payments.")).toBeVisible();
  await screenshot(page, "inbox-conversation-summit");
});
