/**
 * The notification bell: a client's message reaches the advisor's bell; the item leads to the
 * conversation and the number drops. Screenshots of the open panel (with items and empty) in both
 * demo firms at 1280 and 375 px, outside the repository.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

const SHOTS = "tests/screenshots/notifications";

async function unreadOfAdvisor(): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE u.firm_id = 'firm_acme' AND u.email = 'advisor@acme.test' AND n.dismissed_at IS NULL`,
  );
  return row!.n;
}

const bellLabel = (unread: number) => (unread > 0 ? `Notifications: ${unread} new` : "Notifications");

async function openBell(page: Page) {
  const bell = page.getByTestId("notification-bell");
  const panel = page.getByRole("heading", { name: "Notifications", level: 2 });
  await expect(async () => {
    if (!(await panel.isVisible())) await bell.click();
    await expect(panel).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test("a client's message shows on the advisor's bell; the item opens the conversation and the count drops", async ({ browser }) => {
  await sql(`UPDATE notifications SET dismissed_at = now() WHERE dismissed_at IS NULL`);
  const client = await browser.newPage();
  await signIn(client, "acme", "client@acme.test");
  const [rivera] = await sql<{ hash_id: string; conversation: string | null }>(
    `SELECT c.hash_id,
            (SELECT cc.conversation_id FROM conversation_companies cc JOIN conversation_participants p ON p.conversation_id = cc.conversation_id
               JOIN users u ON u.id = p.user_id AND u.email = 'client@acme.test'
              WHERE cc.company_id = c.id ORDER BY cc.conversation_id LIMIT 1) AS conversation
       FROM companies c WHERE c.firm_id = 'firm_acme' AND c.name = 'Jordan & Casey Rivera'`,
  );
  // The entity's conversation when it has one (other tests may have started it), else its new-message form.
  await client.goto(firmUrl("acme", `/inbox/${rivera!.hash_id}${rivera!.conversation ? `/${rivera!.conversation}` : ""}`));
  const text = `Bell check ${Date.now()}`;
  await client.getByRole("textbox").first().fill(text);
  await client.getByRole("button", { name: /^Send/ }).first().click();
  await expect(client.getByText(text).first()).toBeVisible();

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, "acme", "advisor@acme.test");
  await page.goto(firmUrl("acme", "/overview"));
  // The bell shows the advisor's unread count as stored (background jobs of other tests may add to it).
  const bell = page.getByTestId("notification-bell");
  await expect(async () => {
    const unread = await unreadOfAdvisor();
    expect(unread).toBeGreaterThan(0);
    await page.reload();
    await expect(bell).toHaveAccessibleName(bellLabel(unread), { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await openBell(page);
  const item = page.getByRole("link", { name: new RegExp(text) });
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/acme-staff-bell-open-1280.png` });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.screenshot({ path: `${SHOTS}/acme-staff-bell-open-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await item.click();
  await expect(page).toHaveURL(/\/messages\//);
  // The item is read, and the count drops with it.
  await expect
    .poll(
      async () =>
        (
          await sql<{ read: boolean }>(
            `SELECT n.dismissed_at IS NOT NULL AS read FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'advisor@acme.test' AND n.text LIKE $1`,
            [`%${text}%`],
          )
        )[0]?.read,
    )
    .toBe(true);
  await expect(async () => {
    await expect(bell).toHaveAccessibleName(bellLabel(await unreadOfAdvisor()), { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // Empty state and "Mark all as read" in the other firm, and the client's own bell.
  // Other tests may have told Summit's partner of something: the empty state needs an empty list.
  await sql(`DELETE FROM notifications WHERE firm_id = 'firm_summit' AND user_id IN (SELECT id FROM users WHERE email = 'partner@summit.test')`);
  const summit = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(summit, "summit", "partner@summit.test");
  await summit.goto(firmUrl("summit", "/overview"));
  await openBell(summit);
  await expect(summit.getByText("You have no notifications.")).toBeVisible();
  await summit.screenshot({ path: `${SHOTS}/summit-staff-bell-empty-1280.png` });
  await summit.setViewportSize({ width: 375, height: 760 });
  await summit.screenshot({ path: `${SHOTS}/summit-staff-bell-empty-375.png` });

  await client.setViewportSize({ width: 1280, height: 800 });
  await client.goto(firmUrl("acme", "/"));
  await openBell(client);
  await client.screenshot({ path: `${SHOTS}/acme-client-bell-open-1280.png` });
  await client.setViewportSize({ width: 375, height: 760 });
  await client.screenshot({ path: `${SHOTS}/acme-client-bell-open-375.png` });
});
