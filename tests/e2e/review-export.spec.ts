/**
 * Review and export (Connect) in the browser: an Acme partner turns review and export on from the
 * Documents preferences page, Connect appears in the navigation, a submitted questionnaire's review
 * screen marks two items reviewed ('2 of N reviewed'), and 'Export reviewed' makes the file with a
 * Download link; the preference is turned off again at the end. Screens of both demo firms at
 * 1280 and 375 px (in /work/shots/review-export when /work/shots exists, else SHOTS_DIR).
 */
import { existsSync, mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn } from "./support";

const SHOTS = process.env.SHOTS_DIR ?? (existsSync("/work/shots") ? "/work/shots/review-export" : undefined);

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

async function setReviewAndExport(page: Page, on: boolean) {
  await page.goto(firmUrl("acme", "/firm/preferences/documents"));
  const toggle = page.getByRole("switch", { name: /Review and export \(Connect\)/ });
  if (on) await toggle.check();
  else await toggle.uncheck();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
}

test("acme: turn review and export on, review two items and export the reviewed set", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
  expect((await page.goto(firmUrl("acme", "/review-and-export")))?.status()).toBe(404);

  await setReviewAndExport(page, true);
  try {
    await page.goto(firmUrl("acme", "/"));
    await page.getByRole("link", { name: "Connect", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Review and export" })).toBeVisible();
    await shoot(page, "list-acme");

    await page.getByRole("region", { name: "Submitted questionnaires" }).getByRole("link").first().click();
    const status = page.getByRole("toolbar", { name: "Review" }).getByRole("status");
    await expect(status).toHaveText(/^0 of \d+ reviewed$/);
    const total = Number((await status.textContent())!.match(/of (\d+)/)![1]);
    const switches = page.getByRole("switch", { name: /^Reviewed: / });
    // The first mark's answer is held back a second: the second change waits for it (changes go to
    // the server in turn), so no answer can arrive after a later one and turn a switch back.
    const events: string[] = [];
    let marks = 0;
    await page.route("**/api/staff/review/**", async (route) => {
      const n = ++marks;
      events.push(`sent ${n}`);
      // The test's own requests reach the server by address (only the browser resolves *.localhost).
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = "127.0.0.1";
      const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
      if (n === 1) await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fulfill({ response });
      events.push(`answered ${n}`);
    });
    await switches.nth(0).check();
    await expect(status).toHaveText(`1 of ${total} reviewed`);
    await switches.nth(1).check();
    await expect(status).toHaveText(`2 of ${total} reviewed`);
    // A switch is disabled while its mark is being saved; once both are saved the count still says 2.
    await expect(switches.nth(0)).toBeEnabled();
    await expect(switches.nth(1)).toBeEnabled();
    await expect(status).toHaveText(`2 of ${total} reviewed`);
    await expect.poll(() => events).toEqual(["sent 1", "answered 1", "sent 2", "answered 2"]);
    await page.unroute("**/api/staff/review/**");
    // The marks are stored: a reload shows them.
    await page.reload();
    await expect(status).toHaveText(`2 of ${total} reviewed`);
    await expect(switches.nth(0)).toBeChecked();
    await shoot(page, "review-acme");

    await page.getByRole("button", { name: "Export reviewed" }).click();
    const dialog = page.getByRole("dialog", { name: /^Export (Organizer|Checklist|Questionnaire)\(s\)$/ });
    await expect(dialog.getByRole("textbox", { name: "File name" })).not.toHaveValue("");
    await dialog.getByRole("radio", { name: "Spreadsheet" }).check();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const progress = page.getByRole("dialog", { name: "Export in progress" });
    await expect(progress.getByRole("link", { name: "Download" })).toBeVisible({ timeout: 30_000 });
    await shoot(page, "export-reviewed-acme");
  } finally {
    await setReviewAndExport(page, false);
  }
  await page.goto(firmUrl("acme", "/"));
  await expect(page.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
});

test("summit: the list and a review screen (screens)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/review-and-export"));
  await expect(page.getByRole("heading", { level: 1, name: "Review and export" })).toBeVisible();
  await expectAccessible(page, "summit review and export list");
  await shoot(page, "list-summit");
  await page.getByRole("region", { name: "Submitted questionnaires" }).getByRole("link").first().click();
  await expect(page.getByRole("toolbar", { name: "Review" }).getByRole("status")).toHaveText(/ of \d+ reviewed$/);
  await expectAccessible(page, "summit review screen");
  await shoot(page, "review-summit");
});
