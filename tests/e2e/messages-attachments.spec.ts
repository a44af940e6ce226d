/**
 * Files on messages and the client's unread mark: a client attaches a PDF to a message, staff see
 * the file in the conversation and preview it; the client marks the firm's reply unread. Phone
 * and desktop screens of both demo firms go to /work/shots/messages.
 */
import { expect, test, type Page } from "@playwright/test";
import { signIn, sql } from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/work/shots/messages/${name}.png`, fullPage: true });
}

for (const [slug, client, partner] of [
  ["acme", "client@acme.test", "partner@acme.test"],
  ["summit", "client@summit.test", "partner@summit.test"],
] as const) {
  test(`${slug}: a client attaches a file to a message, staff see it, and the client marks a reply unread`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, client);
    await page.goto(page.url().replace(/\/[^/]*$/, "/inbox"));
    await page.waitForURL(/\/inbox\/[^/]+/);
    if (!/\/inbox\/[^/]+\/[^/]+/.test(page.url())) {
      const first = page.getByRole("navigation", { name: "Conversations" }).getByRole("list").getByRole("link").first();
      if (await first.isVisible().catch(() => false)) {
        await first.click();
        await page.waitForURL(/\/inbox\/[^/]+\/[^/?]+/);
      }
    }
    // An entity with no conversation yet: a first message opens one (files go on messages in it).
    const box = page.getByRole("textbox", { name: /^Message/ });
    await expect(box).toBeVisible();
    // The page has hydrated (its live stream is set up), so the file picker is wired.
    await expect(page.locator("html[data-live]")).toHaveCount(1);
    if (!(await page.getByLabel("Attach files").isVisible())) {
      await box.fill("A question about my documents.");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await page.waitForURL(/\/inbox\/[^/]+\/[^/?]+/);
      await expect(page.getByRole("list", { name: "Messages" }).getByText("A question about my documents.").last()).toBeVisible();
      await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue("");
    }
    const name = `${slug}-w2-${Date.now()}.pdf`;
    await page.getByLabel("Attach files").setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByRole("list", { name: "Files to send" }).getByText(name)).toBeVisible();
    await expect(page.getByRole("list", { name: "Files to send" }).getByRole("listitem")).toHaveAttribute("data-status", "done");
    await page.getByRole("textbox", { name: /^Message/ }).fill("Here is my W-2.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("list", { name: "Attachments" }).getByRole("button", { name: new RegExp(name) })).toBeVisible();
    await shot(page, `inbox-attachment-${slug}-1280`);

    // Staff see the file and preview it.
    const conversationUrl = page.url();
    const conversationId = new URL(conversationUrl).pathname.split("/")[3]!;
    const context = await browser.newContext();
    const staff = await context.newPage();
    await staff.setViewportSize({ width: 1280, height: 900 });
    await signIn(staff, slug, partner);
    await staff.goto(new URL(`/messages/${conversationId}`, conversationUrl).toString());
    const file = staff.getByRole("list", { name: "Attachments" }).getByRole("button", { name: new RegExp(name) });
    await expect(file).toBeVisible();
    await file.click();
    await expect(staff.getByRole("dialog", { name })).toBeVisible();
    await shot(staff, `staff-attachment-preview-${slug}-1280`);
    await staff.keyboard.press("Escape");
    const thanks = `Thanks, received (${name}).`;
    await staff.getByRole("textbox", { name: /^Message/ }).fill(thanks);
    await staff.getByRole("button", { name: "Send", exact: true }).click();
    await expect(staff.getByRole("list", { name: "Messages" }).getByText(thanks)).toBeVisible();
    await context.close();

    // The client reads the reply, then marks it unread.
    await page.reload();
    const reply = page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: thanks }).last();
    await expect(reply).toBeVisible();
    await reply.getByRole("button", { name: "Mark as unread" }).click();
    await expect(page.getByText("Marked as unread")).toBeVisible();
    // The reply is unread for the client again (opening the conversation reads it once more).
    const seen = () =>
      sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM message_seen s JOIN messages m ON m.id = s.message_id JOIN users u ON u.id = s.user_id
          WHERE u.email = $1 AND m.conversation_id = $2 AND m.text = $3`,
        [client, conversationId, thanks],
      );
    expect((await seen())[0]!.n).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await shot(page, `inbox-attachment-unread-${slug}-375`);
  });
}
