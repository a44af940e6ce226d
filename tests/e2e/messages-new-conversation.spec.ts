/**
 * Starting a conversation with a file: a client writes a first message about an entity that has
 * no conversation yet and attaches a PDF; staff see the file. Staff start an entity's first
 * conversation with a file too. Screens of both demo firms at desktop and phone width go to
 * /work/shots/msgs3.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { ianaZone } from "../../app/time-zones";
import { firmUrl, signIn, sql } from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function shot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    await page.screenshot({ path: `/work/shots/msgs3/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * An active entity of this firm with active owners and no conversation; with `client`, one owned
 * by a client who signs in with a password (the signed-in client's own entity when they have one).
 */
async function entityWithoutConversation(slug: string, client?: string): Promise<{ hash: string; name: string; owner: string }> {
  const [row] = await sql<{ hash: string; name: string; owner: string }>(
    `SELECT c.hash_id AS hash, c.name, u.email AS owner FROM companies c JOIN firms f ON f.id = c.firm_id
       JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE f.slug = $1 AND c.deleted_at IS NULL AND NOT c.inactive AND c.entity_type <> 'unassigned'
        AND u.paying AND u.deleted_at IS NULL AND u.kind = 'client' AND u.password_hash IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM conversation_companies cc WHERE cc.company_id = c.id)
      ORDER BY (u.email = $2) DESC, c.name LIMIT 1`,
    [slug, client ?? ""],
  );
  expect(row, `an entity of ${slug} without a conversation`).toBeTruthy();
  return row!;
}

async function attach(page: Page, name: string) {
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await page.getByLabel("Attach files").setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  const chip = page.getByRole("list", { name: "Files to send" }).getByRole("listitem");
  await expect(chip).toHaveAttribute("data-status", "done");
  await expect(chip.getByText(name)).toBeVisible();
}

for (const [slug, client, partner] of [
  ["acme", "client@acme.test", "partner@acme.test"],
  ["summit", "client@summit.test", "partner@summit.test"],
] as const) {
  test(`${slug}: a client starts a conversation with a file, and staff see the file`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const entity = await entityWithoutConversation(slug, client);
    await signIn(page, slug, entity.owner);
    await page.goto(firmUrl(slug, `/inbox/${entity.hash}`));
    await expect(page.getByRole("textbox", { name: "Message to your firm" })).toBeVisible();
    const name = `${slug}-first-${Date.now()}.pdf`;
    await attach(page, name);
    await shot(page, `inbox-new-conversation-attach-${slug}`);
    await page.getByRole("textbox", { name: "Message to your firm" }).fill("My first question, with my W-2.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/\/inbox\/[^/]+\/[^/?]+/);
    await expect(page.getByRole("list", { name: "Attachments" }).getByRole("button", { name: new RegExp(name) })).toBeVisible();
    const conversationId = new URL(page.url()).pathname.split("/")[3]!;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await context.newPage();
    await signIn(staff, slug, partner);
    await staff.goto(firmUrl(slug, `/messages/${conversationId}`));
    await expect(staff.getByRole("list", { name: "Attachments" }).getByRole("button", { name: new RegExp(name) })).toBeVisible();
    await context.close();
  });

  test(`${slug}: staff start an entity's first conversation with a file`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const entity = await entityWithoutConversation(slug);
    await signIn(page, slug, partner);
    await page.goto(firmUrl(slug, `/admin/${entity.hash}/messages`));
    const box = page.getByRole("textbox", { name: `Message to ${entity.name}` });
    await expect(box).toBeVisible();
    const name = `${slug}-engagement-${Date.now()}.pdf`;
    await attach(page, name);
    await shot(page, `staff-new-conversation-attach-${slug}`);
    await box.fill("Here is your engagement letter.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/\/messages\/[^/?]+$/);
    await expect(page.getByRole("list", { name: "Attachments" }).getByRole("button", { name: new RegExp(name) })).toBeVisible();
  });
}

// The browser is in Tokyo, the partner's profile in another zone: times are read in the profile's.
test.describe("in a browser in another time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });
  for (const [slug, partner] of [
    ["acme", "partner@acme.test"],
    ["summit", "partner@summit.test"],
  ] as const)
    changeTime(slug, partner);
});

function changeTime(slug: string, partner: string) {
  test(`${slug}: staff change the time of a scheduled message`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const [me] = await sql<{ zone: string }>(`SELECT time_zone AS zone FROM users WHERE email = $1`, [partner]);
    const zone = ianaZone(me!.zone);
    expect(zone).not.toBe("Asia/Tokyo");
    const localInput = (at: Date) => formatInTimeZone(at, zone, "yyyy-MM-dd'T'HH:mm");
    await signIn(page, slug, partner);
    await page.goto(firmUrl(slug, "/messages"));
    await page.getByRole("navigation", { name: "Conversations" }).getByRole("list").getByRole("link").first().click();
    await page.waitForURL(/\/messages\/[^/?]+/);
    const text = `See you on Friday (${Date.now()}).`;
    await page.getByRole("textbox", { name: /^Message$/ }).fill(text);
    await page.getByRole("checkbox", { name: "Schedule" }).check();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const item = page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: text }).last();
    // Tomorrow at 09:00 by default, in the partner's zone (not the browser's).
    await expect(item.getByText(/Scheduled for .* 9:00 AM [A-Z]{3,4}$/)).toBeVisible();
    // The composer starts over: the next message goes now unless scheduled again.
    await expect(page.getByRole("checkbox", { name: "Schedule" })).not.toBeChecked();
    await expect(page.getByLabel("Send at")).toHaveCount(0);

    await item.getByRole("button", { name: "Change time" }).click();
    const field = item.getByLabel("New send time");
    await field.fill(localInput(new Date(Date.now() - 3_600_000)));
    await expect(item.getByText("Please select a date in the future")).toBeVisible();
    await shot(page, `staff-change-time-error-${slug}`);
    await expect(item.getByText(/^In your time zone \([A-Z]{3,4}\)$/)).toBeVisible();
    const next = fromZonedTime(`${formatInTimeZone(Date.now() + 3 * 86_400_000, zone, "yyyy-MM-dd")}T10:30`, zone);
    await field.fill(localInput(next));
    await item.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Schedule time updated")).toBeVisible();
    await expect(item.getByText(/Scheduled for .* 10:30 AM [A-Z]{3,4}$/)).toBeVisible();
    const [row] = await sql<{ at: Date }>(`SELECT scheduled_at AS at FROM messages WHERE text = $1`, [text]);
    expect(new Date(row!.at).getTime()).toBe(next.getTime());
    await shot(page, `staff-change-time-${slug}`);
  });
}
