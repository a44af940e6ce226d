/**
 * The client dashboard's progress text ('17% · 1 of 6 sections') reaches the browser intact: in
 * the server-rendered page, whatever the compression, and in what the progress bar tells a
 * screen reader after hydration (no U+FFFD from a character cut between two chunks).
 */
import { expect, test } from "@playwright/test";
import { firmUrl, signIn } from "./support";

const SUMMARY = /^\d+% · \d+ of \d+ sections?$/;

test("the dashboard's progress text is intact in the page's bytes and after hydration", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  for (const encoding of ["identity", "gzip", "br"]) {
    const response = await page.request.get(firmUrl("acme", "/"), { headers: { "accept-encoding": encoding } });
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await response.body());
    expect(text, encoding).toMatch(/aria-valuetext="\d+% · \d+ of \d+ sections?"/);
    expect(text, encoding).not.toContain("\uFFFD");
  }

  await page.goto(firmUrl("acme", "/"));
  const bar = page.getByRole("progressbar", { name: "Progress" }).first();
  await expect(bar).toHaveAttribute("aria-valuetext", SUMMARY);
  // After hydration (the account menu answers clicks), the same text, and the visible label too.
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const texts = await page.getByRole("progressbar").evaluateAll((bars) => bars.map((b) => b.getAttribute("aria-valuetext") ?? ""));
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(SUMMARY);
  await expect(page.getByText(SUMMARY).first()).toBeVisible();
});
