/**
 * The questionnaire page's sections in the browser: each section has its own URL (?sectionId=), so
 * Back and Forward move between sections, a reload stays and a pasted link opens one; an answer
 * typed just before leaving is still saved. Then the looks of the questions at 1280 and 375 px on
 * both demo firms: the per-question Actions menu, entries as a grid, radios and checkboxes, the
 * engagement letter.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

async function organizer(email: string) {
  const rows = await sql<{ id: string; hash_id: string }>(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND q.name = '2025 Individual Tax Organizer' LIMIT 1`,
    [email],
  );
  return rows[0]!;
}

async function sectionId(questionnaireId: string, name: string) {
  return (await sql<{ id: string }>(`SELECT id FROM sections WHERE questionnaire_id = $1 AND name = $2`, [questionnaireId, name]))[0]!.id;
}

const title = (page: Page) => page.locator("#section-title");

test("each section has its own URL: Back, Forward, reload and a pasted link", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const q = await organizer("client@acme.test");
  await signIn(page, "acme", "client@acme.test");
  const base = `/questionnaire/${q.hash_id}?questionnaireId=${q.id}`;
  const nav = page.getByRole("navigation", { name: "Sections" }).getByRole("button");
  const names = (
    await (async () => {
      await page.goto(firmUrl("acme", base));
      await expect(nav.first()).toBeVisible();
      return nav.allInnerTexts();
    })()
  ).map((n) => n.trim());
  expect(names.length).toBeGreaterThanOrEqual(3);

  // Section 1, then Next twice: sections 2 and 3, each in the URL.
  await nav.first().click();
  await expect(title(page)).toHaveText(names[0]!);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(title(page)).toHaveText(names[1]!);
  // A section change moves focus to the new section's heading.
  await expect(title(page)).toBeFocused();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(title(page)).toHaveText(names[2]!);
  const third = await sectionId(q.id, names[2]!);
  await expect(page).toHaveURL(new RegExp(`sectionId=${third}`));
  expect(new URL(page.url()).searchParams.get("questionnaireId")).toBe(q.id);

  await page.goBack();
  await expect(title(page)).toHaveText(names[1]!);
  await expect(title(page)).toBeFocused();
  await page.goForward();
  await expect(title(page)).toHaveText(names[2]!);
  await page.reload();
  await expect(title(page)).toHaveText(names[2]!);
  // Not on the page's first load.
  await expect(title(page)).not.toBeFocused();

  // A pasted link opens its section.
  const pasted = await context.newPage();
  await pasted.goto(firmUrl("acme", `${base}&sectionId=${await sectionId(q.id, names[1]!)}`));
  await expect(title(pasted)).toHaveText(names[1]!);
  await pasted.close();

  // The address without a section still opens the questionnaire.
  await page.goto(firmUrl("acme", base));
  await expect(title(page)).toBeVisible();
});

test("an answer typed just before leaving the page is saved", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const q = await organizer("client@acme.test");
  await signIn(page, "acme", "client@acme.test");
  const income = await sectionId(q.id, "Income");
  await page.goto(firmUrl("acme", `/questionnaire/${q.hash_id}?questionnaireId=${q.id}&sectionId=${income}`));
  const other = page.locator("section[data-status]").filter({ hasText: "Describe any other income" }).locator("textarea");
  const typed = `Jury duty ${Date.now()}`;
  await other.fill(typed);
  // Reloading before the pause in typing is over: the answer still reaches the server.
  await page.reload();
  await expect
    .poll(
      async () =>
        (await sql<{ answer: string | null }>(`SELECT answer FROM questions WHERE questionnaire_id = $1 AND text LIKE 'Describe any other income%'`, [q.id]))[0]
          ?.answer,
    )
    .toBe(typed);

  // And typing then Back, straight away: saved too.
  const again = `${typed} and prizes`;
  await page.locator("section[data-status]").filter({ hasText: "Describe any other income" }).locator("textarea").fill(again);
  await page.goBack();
  await expect
    .poll(
      async () =>
        (await sql<{ answer: string | null }>(`SELECT answer FROM questions WHERE questionnaire_id = $1 AND text LIKE 'Describe any other income%'`, [q.id]))[0]
          ?.answer,
    )
    .toBe(again);
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: the Actions menu, entries, radios and checkboxes, and the engagement letter at 1280 and 375 px`, async ({ page }) => {
    const email = `client@${slug}.test`;
    const q = await organizer(email);
    await signIn(page, slug, email);
    const at = async (name: string) => {
      await page.goto(firmUrl(slug, `/questionnaire/${q.hash_id}?questionnaireId=${q.id}&sectionId=${await sectionId(q.id, name)}`));
      await expect(title(page)).toHaveText(name);
    };
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      const phone = width < 400;
      const suffix = phone ? "375" : "1280";

      // Personal information: Yes/No radios, a single choice, entries.
      await at("Personal Information");
      const radio = page.getByRole("radio").first();
      await expect(radio).toBeVisible();
      const dependents = page.locator("section[data-status]").filter({ hasText: "List the dependents" });
      await expect(dependents.getByRole("group", { name: "Entry 1" })).toBeVisible();
      await expect(dependents.getByRole("group", { name: "Entry 1" }).getByLabel("First name")).toHaveValue("Maya");
      if (phone) {
        // A 44 px target for each choice and for the menu button.
        const choice = page.getByRole("radiogroup").first().locator("label").first();
        expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        expect(
          (await page
            .getByRole("button", { name: /^Actions for question/ })
            .first()
            .boundingBox())!.height,
        ).toBeGreaterThanOrEqual(44);
      } else {
        // One row per entry: the fields side by side.
        const first = await dependents.getByRole("group", { name: "Entry 1" }).getByLabel("First name").boundingBox();
        const last = await dependents.getByRole("group", { name: "Entry 1" }).getByLabel("Last name").boundingBox();
        expect(Math.abs(first!.y - last!.y)).toBeLessThan(2);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await dependents.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/screenshots/qpage-${slug}-entries-${suffix}.png` });
      await page.getByRole("radiogroup").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/screenshots/qpage-${slug}-radios-${suffix}.png` });

      // The Actions menu, by keyboard: Enter opens it, arrows move, Escape closes it.
      const menuButton = page.getByRole("button", { name: /^Actions for question/ }).first();
      await menuButton.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Add Note" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Answer Later" })).toBeVisible();
      await page.waitForTimeout(300); // the menu's entrance
      await page.screenshot({ path: `tests/screenshots/qpage-${slug}-menu-${suffix}.png` });
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();

      // Income: checkboxes.
      await at("Income");
      await expect(page.getByRole("checkbox", { name: "Interest" })).toBeChecked();
      await page
        .getByRole("group")
        .filter({ has: page.getByRole("checkbox") })
        .first()
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/screenshots/qpage-${slug}-checkboxes-${suffix}.png` });

      // The engagement letter: paragraphs at body size, not one muted block.
      await at("Engagement Letter");
      const letter = page.getByRole("main").getByRole("article", { name: "Engagement letter" });
      expect(await letter.locator("p").count()).toBeGreaterThanOrEqual(4);
      const fontSize = await letter
        .locator("p")
        .first()
        .evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(15);
      await screenshot(page, `qpage-${slug}-letter-${suffix}`);
    }
  });
}
