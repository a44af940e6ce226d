/**
 * Live updates: a client and a partner, each in their own browser, see each other's messages
 * appear without reloading, and the client's bell counts the firm's answer as it comes. Both pages'
 * clocks are stopped once they are open, so no polling timer can fire: what appears came by the
 * live event stream.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, gotoReady, signIn, sql } from "./support";

async function stopClock(page: Page) {
  await expect(page.locator("html[data-live=open]")).toHaveCount(1);
  await page.clock.pauseAt(Date.now() + 1000);
}

const FIRMS = [
  { slug: "summit", client: "client@summit.test", partner: "partner@summit.test" },
  { slug: "acme", client: "client@acme.test", partner: "partner@acme.test" },
];

for (const { slug, client: clientEmail, partner } of FIRMS)
  test(`${slug}: client and staff see each other's messages, and the bell counts, without reloading`, async ({ browser }) => {
    const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const client = await clientContext.newPage();
    const staff = await staffContext.newPage();
    await client.clock.install();
    await staff.clock.install();

    // Messages on for the client on every entity with saved settings (another test turns them off).
    await sql(
      `INSERT INTO owner_notification_subscriptions (firm_id, company_id, user_id, notification_type_id)
       SELECT DISTINCT co.firm_id, co.company_id, co.user_id, 1 FROM company_owners co JOIN users u ON u.id = co.user_id
        WHERE u.email = $1 AND EXISTS (SELECT 1 FROM owner_notification_subscriptions s WHERE s.company_id = co.company_id)
       ON CONFLICT DO NOTHING`,
      [clientEmail],
    );
    await signIn(client, slug, clientEmail);
    await gotoReady(client, firmUrl(slug, "/inbox"));
    const composer = client.getByRole("textbox", { name: /^Message( to your firm)?$/ });
    // An entity that already has conversations shows them first: start a new one.
    if (!(await composer.isVisible())) await client.getByRole("link", { name: "New message" }).click();
    await composer.fill("Is the extension filed?");
    await client.getByRole("button", { name: "Send", exact: true }).click();
    const clientMessages = client.getByRole("list", { name: "Messages" });
    await expect(clientMessages.getByText("Is the extension filed?")).toBeVisible();
    const [row] = await sql<{ conversation_id: string }>(
      "SELECT conversation_id FROM messages WHERE firm_id = $1 AND text = 'Is the extension filed?' ORDER BY created_at DESC LIMIT 1",
      [`firm_${slug}`],
    );

    await signIn(staff, slug, partner);
    await staff.goto(firmUrl(slug, `/messages/${row!.conversation_id}`));
    const staffMessages = staff.getByRole("list", { name: "Messages" });
    await expect(staffMessages.getByText("Is the extension filed?")).toBeVisible();

    await stopClock(client);
    await stopClock(staff);
    const bell = client.getByTestId("notification-bell");
    const before = (await bell.getAttribute("aria-label")) ?? "";

    // The client writes again while the partner is typing: it appears on the partner's open page,
    // and the partner's half-written answer keeps its text and the focus.
    const staffComposer = staff.getByRole("textbox", { name: "Message", exact: true });
    await staffComposer.fill("Filed on Monday;");
    await composer.fill("Also, my address changed.");
    await client.getByRole("button", { name: "Send", exact: true }).click();
    await expect(staffMessages.getByText("Also, my address changed.")).toBeVisible();
    await expect(staffComposer).toBeFocused();
    await expect(staffComposer).toHaveValue("Filed on Monday;");

    // The partner answers: it appears on the client's open page, and the bell counts it.
    await staffComposer.fill("Filed on Monday; we updated your address.");
    await staff.getByRole("button", { name: "Send", exact: true }).click();
    await expect(clientMessages.getByText("Filed on Monday; we updated your address.")).toBeVisible();
    await expect(bell).not.toHaveAttribute("aria-label", before);
    await expect(bell).toHaveAttribute("aria-label", /^Notifications: \d+ new$/);

    // The screens as people see them: the clocks run again (transitions finish).
    await client.clock.resume();
    await staff.clock.resume();
    for (const width of [1280, 375]) {
      for (const [who, page] of [
        ["client", client],
        ["staff", staff],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `/work/shots/realtime/${slug}-${who}-inbox-${width}.png` });
      }
    }

    await clientContext.close();
    await staffContext.close();
  });
