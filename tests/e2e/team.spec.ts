/**
 * A partner invites an advisor from Settings → Team; the advisor opens the emailed link, chooses a
 * password, gives the emailed code (staff always sign in with two steps) and is signed in, then
 * signs in again with the new password. Screenshots of the Team page in both demo firms, 1280 and
 * 375 px wide, under SHOTS_DIR (default tests/screenshots).
 */
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { codeIn, firmUrl, nextMessage, outboxMark, signIn, signOut } from "./support";

const SHOTS = process.env.SHOTS_DIR ?? "tests/screenshots";
mkdirSync(SHOTS, { recursive: true });
const NEW_PASSWORD = "Welcome-Team-2026!";

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a partner invites an advisor, who sets a password and a second factor and signs in", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.getByRole("link", { name: "Team", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite staff" });
  // Empty fields are caught in the browser, with the server's messages, before anything is posted.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/settings/team")) posts.push(request.url());
  });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expect(dialog.getByText("Last name is required")).toBeVisible();
  await expect(dialog.getByText("Email is required")).toBeVisible();
  expect(posts).toEqual([]);
  await dialog.getByLabel("First name").fill("Rosa");
  await dialog.getByLabel("Last name").fill("Lindqvist");
  await dialog.getByLabel("Email").fill("advisor@acme.test");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("This email already exists")).toBeVisible();

  const mark = await outboxMark("acme");
  await dialog.getByLabel("Email").fill("rosa.lindqvist@example.com");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: /Rosa Lindqvist/ });
  await expect(row.getByText("Invited")).toBeVisible();
  await expect(row.getByText("Advisor")).toBeVisible();
  await shots(page, "team-acme");

  // The invitee, in their own browser, opens the link from the email.
  const email = await nextMessage("acme", "rosa.lindqvist@example.com", mark, "email");
  const link = email.body.match(/https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.setViewportSize({ width: 1280, height: 900 });
  await invitee.goto(link!);
  await expect(invitee.getByRole("heading", { name: /Join Acme/ })).toBeVisible();
  await invitee.screenshot({ path: `${SHOTS}/invite-acme-1280.png`, fullPage: true });
  await invitee.getByLabel("New password").fill(NEW_PASSWORD);
  await invitee.getByLabel("Confirm password").fill(NEW_PASSWORD);
  const codeMark = await outboxMark("acme");
  await invitee.getByRole("button", { name: "Save password and continue" }).click();
  await expect(invitee.getByRole("heading", { name: "2-Factor Auth" })).toBeVisible();
  await invitee.getByRole("button", { name: /^Email a code to / }).click();
  const code = codeIn(await nextMessage("acme", "rosa.lindqvist@example.com", codeMark, "email"));
  await invitee.getByLabel("Verification code").fill(code);
  await invitee.getByRole("button", { name: "Verify" }).click();
  await expect(invitee.getByRole("button", { name: /^Account menu for / })).toBeVisible();

  // The link worked once.
  await invitee.goto(link!);
  await expect(invitee.getByRole("heading", { name: "This invitation has expired" })).toBeVisible();
  await invitee.screenshot({ path: `${SHOTS}/invite-expired-acme-1280.png`, fullPage: true });

  // Signed out, she signs in with her password and a code.
  await invitee.goto(firmUrl("acme", "/"));
  await signOut(invitee);
  await signIn(invitee, "acme", "rosa.lindqvist@example.com", NEW_PASSWORD);
  await expect(invitee.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await context.close();

  // The partner sees her active.
  await page.reload();
  await expect(page.getByRole("row", { name: /Rosa Lindqvist/ }).getByText("Active")).toBeVisible();
  await page.getByRole("link", { name: "Firm groups" }).click();
  await expect(page.getByRole("heading", { name: "Firm groups" })).toBeVisible();
  await shots(page, "groups-acme");
});

test("the Team page in summit (firm groups on)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/settings/team"));
  await expect(page.getByRole("columnheader", { name: "Firm group" })).toBeVisible();
  await shots(page, "team-summit");
  await page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite staff" });
  await expect(dialog.getByLabel("Firm group")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/team-summit-invite-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/team-summit-invite-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.goto(firmUrl("summit", "/settings/groups"));
  await shots(page, "groups-summit");
});
