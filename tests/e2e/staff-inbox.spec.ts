/**
 * The staff inbox: a client writes to the firm, a partner finds the conversation in Messages
 * (search), answers and edits the answer, and the client reads it signed '{firm} Team'. Screens
 * for two firms with different branding, at desktop and phone width.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { firmUrl, screenshot, signIn, sql } from "./support";

test("a partner answers a client's message from Messages, and the client reads the answer", async ({ browser }) => {
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const client = await clientContext.newPage();
  const staff = await staffContext.newPage();

  await signIn(client, "acme", "emily.chen@example.com");
  await client.goto(firmUrl("acme", "/inbox"));
  await client.getByLabel("Message to your firm").fill("Hi, do you need my 1098-T as well?");
  await client.getByRole("button", { name: "Send", exact: true }).click();
  await expect(client.getByRole("list", { name: "Messages" }).getByText("Hi, do you need my 1098-T as well?")).toBeVisible();

  await signIn(staff, "acme", "partner@acme.test");
  await staff.getByRole("link", { name: "Messages", exact: true }).first().click();
  await expect(staff).toHaveURL(/\/messages$/);
  await staff.getByLabel("Search conversations").fill("Emily");
  await expect(staff).toHaveURL(/\/messages\?q=Emily$/);
  const conversations = staff.getByRole("navigation", { name: "Conversations" });
  await conversations.getByRole("link", { name: /Emily Chen/ }).click();
  const messages = staff.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Hi, do you need my 1098-T as well?")).toBeVisible();

  await staff.getByLabel("Message", { exact: true }).fill("Yes please, upload it to your Documents.");
  await staff.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.getByText("Yes please, upload it to your Documents.")).toBeVisible();
  // Unsend is offered for 30 seconds; Edit corrects the answer.
  await expect(staff.getByRole("button", { name: "Unsend message" })).toBeVisible();
  await staff.getByRole("button", { name: "Edit message" }).click();
  await staff.getByLabel("Edit message").fill("Yes please, upload it to your Documents folder.");
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Message updated successfully")).toBeVisible();
  await expect(messages.getByText("Yes please, upload it to your Documents folder.")).toBeVisible();
  await screenshot(staff, "staff-inbox-acme");

  // Export the conversation as CSV.
  await staff.getByRole("button", { name: "Export", exact: true }).click();
  const exportDialog = staff.getByRole("dialog", { name: "Export conversation" });
  await exportDialog.getByLabel("Format").selectOption("csv");
  await exportDialog.getByLabel("Timeframe").selectOption("last_week");
  await staff.screenshot({ path: "tests/screenshots/staff-inbox-export-acme.png", animations: "disabled" });
  const download = staff.waitForEvent("download");
  await exportDialog.getByRole("button", { name: "Export", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/ - messages \d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv).toContain("Yes please, upload it to your Documents folder.");
  await expect(staff.getByText("Conversation exported successfully")).toBeVisible();

  await client.reload();
  const clientMessages = client.getByRole("list", { name: "Messages" });
  await expect(clientMessages.getByText("Acme Tax & Advisory Team").first()).toBeVisible();
  await expect(clientMessages.getByText("Yes please, upload it to your Documents folder.")).toBeVisible();

  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.reload();
  await expect(messages.getByText("Yes please, upload it to your Documents folder.")).toBeVisible();
  await screenshot(staff, "staff-inbox-acme-375");
  await staff.getByRole("link", { name: "All conversations" }).click();
  await expect(conversations.getByRole("link", { name: /Emily Chen/ })).toBeVisible();
  await screenshot(staff, "staff-inbox-list-acme-375");

  await clientContext.close();
  await staffContext.close();
});

test("another firm's staff inbox carries its branding, and an entity's Messages opens its conversation", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/messages"));
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  // The demo conversation (other specs may have started newer ones).
  const [demo] = await sql<{ name: string }>(
    `SELECT c.name FROM messages m JOIN conversation_companies cc ON cc.conversation_id = m.conversation_id JOIN companies c ON c.id = cc.company_id
       JOIN firms f ON f.id = m.firm_id WHERE f.slug = 'summit' AND m.text LIKE 'Every month, please%' LIMIT 1`,
  );
  await conversations.getByRole("link").filter({ hasText: demo!.name }).first().click();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText(/Every month, please/)).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill("We received the statements, thank you.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.getByText("We received the statements, thank you.")).toBeVisible();
  await screenshot(page, "staff-inbox-summit");

  // The entity's title links to its page, whose Messages tab comes back here.
  await page.locator("#conversation-title").getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/[^/]+$/);
  await page
    .getByRole("navigation", { name: /Entity|Account/ })
    .getByRole("link", { name: "Messages" })
    .click();
  await expect(page).toHaveURL(/\/admin\/[^/]+\/messages\/[^/]+$/);
  await expect(page.getByRole("list", { name: "Messages" }).getByText("We received the statements, thank you.")).toBeVisible();
  await screenshot(page, "staff-inbox-entity-summit");

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole("list", { name: "Messages" }).getByText("We received the statements, thank you.")).toBeVisible();
  await screenshot(page, "staff-inbox-entity-summit-375");
});
