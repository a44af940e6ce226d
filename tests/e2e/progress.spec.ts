/**
 * One questionnaire's progress as shown on the client's dashboard card, in the questionnaire's
 * section navigation (with its status legend) and in Collect: the same sections done, the same total
 * and the same percentage, on both demo firms at 1280 and 375 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn } from "./support";

interface Shown {
  percent: number;
  done: number;
  total: number;
}

/** '43% · 3 of 7 sections' → numbers. */
function parseSummary(text: string | null): Shown {
  const m = /^(\d+)% · (\d+) of (\d+) sections?$/.exec(text?.trim() ?? "");
  expect(m, `progress summary: ${text}`).not.toBeNull();
  return { percent: Number(m![1]), done: Number(m![2]), total: Number(m![3]) };
}

async function readNav(page: Page): Promise<Shown> {
  const nav = page.getByRole("navigation", { name: "Sections" });
  const count = (await nav.getByText(/^\d+ \/ \d+ sections completed$/).textContent()) ?? "";
  const [, done, total] = /^(\d+) \/ (\d+)/.exec(count)!;
  const percent = Number(await nav.getByRole("progressbar", { name: "Progress" }).getAttribute("aria-valuenow"));
  return { percent, done: Number(done), total: Number(total) };
}

for (const { slug, client, staff } of [
  { slug: "acme", client: "client@acme.test", staff: "partner@acme.test" },
  { slug: "summit", client: "client@summit.test", staff: "partner@summit.test" },
]) {
  test(`${slug}: the dashboard card, the questionnaire's navigation and Collect show the same progress`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, client);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: "Continue" }) })
      .first();
    await expect(card).toBeVisible();
    const name = (await card.getByRole("heading").textContent())!.trim();
    const entity = (await page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p").textContent())!.trim();

    // Opening the questionnaire records the client's place (and completes a custom section): let it settle.
    await card.getByRole("link", { name: "Continue" }).click();
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.reload();
    const nav = await readNav(page);
    const legend = page.getByRole("list", { name: "Status icons" });
    await expect(legend.getByRole("listitem")).toHaveText(["Completed", "Pending", "Incomplete", "Needs attention"]);
    await screenshot(page, `progress-${slug}-questionnaire-1280`);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, `progress-${slug}-questionnaire-375`);

    await page.goto(firmUrl(slug, "/"));
    const again = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
    const dashboard = parseSummary(await again.getByText(/^\d+% · \d+ of \d+ sections?$/).textContent());
    await screenshot(page, `progress-${slug}-dashboard-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `progress-${slug}-dashboard-1280`);

    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, slug, staff);
    await staffPage.goto(firmUrl(slug, `/?${new URLSearchParams({ q: entity })}`));
    const row = staffPage.locator("tbody tr").filter({ hasText: name }).filter({ hasText: entity });
    await expect(row).toHaveCount(1);
    const collect = parseSummary(await row.getByTestId("collect-progress").textContent());
    await screenshot(staffPage, `progress-${slug}-collect-1280`);
    await staffPage.setViewportSize({ width: 375, height: 812 });
    await screenshot(staffPage, `progress-${slug}-collect-375`);
    await staffContext.close();

    expect(dashboard, "dashboard card").toEqual(nav);
    expect(collect, "Collect").toEqual(nav);
  });
}
