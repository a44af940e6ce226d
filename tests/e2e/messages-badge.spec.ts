/**
 * The unread badge beside Messages opens the conversation that holds the unread message, even
 * when it is on the client's second entity (not the inbox's first conversation, not another
 * entity's). Both demo firms, at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { screenshot, signIn, sql } from "./support";

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: the messages badge opens the conversation with the unread message, on the client's second entity`, async ({ page }) => {
    const firmId = `firm_${slug}`;
    const entities = await sql<{ id: string; hash_id: string; name: string; client: string }>(
      `SELECT c.id, c.hash_id, c.name, u.id AS client FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE u.email = $1 AND c.firm_id = $2 AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY (c.id = u.default_company_id) DESC, lower(c.name)`,
      [`client@${slug}.test`, firmId],
    );
    expect(entities.length).toBeGreaterThanOrEqual(2);
    // The one the inbox does not open first.
    const second = entities[1]!;
    const [staff] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1 AND firm_id = $2`, [`advisor@${slug}.test`, firmId]);
    const conversationId = `e2e-badge-${slug}-${Date.now()}`;
    const text = `Please send the ${slug} brokerage statement when you can.`;
    await sql(`INSERT INTO conversations (id, firm_id, last_message_at) VALUES ($1, $2, now())`, [conversationId, firmId]);
    await sql(`INSERT INTO conversation_companies (firm_id, conversation_id, company_id) VALUES ($1, $2, $3)`, [firmId, conversationId, second.id]);
    await sql(`INSERT INTO conversation_participants (firm_id, conversation_id, user_id, is_firm_user) VALUES ($1, $2, $3, false), ($1, $2, $4, true)`, [
      firmId,
      conversationId,
      second.client,
      staff!.id,
    ]);
    await sql(`INSERT INTO messages (id, firm_id, conversation_id, author_id, text, is_firm_user, updated_at) VALUES ($1, $2, $3, $4, $5, true, now())`, [
      `${conversationId}-m`,
      firmId,
      conversationId,
      staff!.id,
      text,
    ]);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, slug, `client@${slug}.test`);
      const nav = page.getByRole("navigation", { name: "Main" });
      const messages = nav.getByRole("link", { name: /Messages/ });
      await expect(messages).toBeVisible();
      await screenshot(page, `${slug}-messages-badge`);
      await messages.click();
      await expect(page).toHaveURL(new RegExp(`/inbox/${second.hash_id}/${conversationId}$`));
      await expect(page.getByRole("list", { name: "Messages" }).getByText(text)).toBeVisible();
      await screenshot(page, `${slug}-messages-badge-opened`);

      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await expect(page.getByRole("list", { name: "Messages" }).getByText(text)).toBeVisible();
      await screenshot(page, `${slug}-messages-badge-opened-375`);
    } finally {
      await sql(`DELETE FROM conversations WHERE id = $1`, [conversationId]);
    }
  });
}
