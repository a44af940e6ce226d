/**
 * The Content-Security-Policy in a real browser: a client signs in, opens the dashboard, uploads a
 * file to the store (a presigned POST to another origin), and reads a PDF in the viewer (pdf.js
 * imported by URL from /pdfjs/, its worker, the PDF from a presigned URL) — with no CSP violation
 * reported anywhere, and the pages hydrated (clicks work).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, forgetSession, rootUrl, signIn, sql } from "./support";

const PDF = Buffer.from("%PDF-1.4\n% e2e\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Every CSP violation the pages report (the DOM event and the console), across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to (load|execute|apply|connect|create|evaluate|frame)/i.test(message.text()))
      violations.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

async function reviewPage(): Promise<string> {
  const rows = await sql<{ id: string; hash_id: string }>(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND u.email = 'client@acme.test' AND q.name = '2025 Return Review and Signature'`,
  );
  const sections = await sql<{ id: string }>(`SELECT id FROM sections WHERE questionnaire_id = $1 AND section_key = 'draft_return_review'`, [rows[0].id]);
  return `/questionnaire/${rows[0].hash_id}?questionnaireId=${rows[0].id}&sectionId=${sections[0].id}`;
}

test("a client's pages, an upload and the PDF viewer run under the CSP without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The sign-in flow is client-side (its steps need hydration).
  await signIn(page, "acme", "client@acme.test");
  const response = await page.goto(firmUrl("acme", "/"));
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");

  // The dashboard is hydrated: the account menu opens.
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" }))).toBeVisible();
  await page.keyboard.press("Escape");

  // An upload: a presigned POST from the page to the store's origin.
  await page.goto(firmUrl("acme", "/documents"));
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
  const folder = `Policy check ${Date.now()}`;
  await page.getByRole("button", { name: "Add Folder" }).click();
  await page.getByLabel("Folder name").fill(folder);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name: folder }).click();
  await expect(page.getByText("There are no files in this folder.")).toBeVisible();
  await page.getByTestId("document-file-input").setInputFiles([{ name: "Policy check.pdf", mimeType: "application/pdf", buffer: PDF }]);
  const uploads = page.getByRole("region", { name: "Uploads" });
  await expect(uploads.locator("[data-upload-status='done']")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Documents" }).getByText("Policy check.pdf", { exact: true })).toBeVisible();

  // The PDF viewer: pdf.js from /pdfjs/ and its worker, the PDF from a presigned URL; it renders and pages.
  await page.goto(firmUrl("acme", await reviewPage()));
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(viewer).toHaveAttribute("data-page", "1");
  const ink = await viewer.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 1] < 128 && data[i + 2] < 160) dark++;
    return dark;
  });
  expect(ink, "the page is drawn").toBeGreaterThan(150);
  await viewer.getByRole("button", { name: "Next page" }).click();
  await expect(viewer).toHaveAttribute("data-page", "2");
  await expect(viewer).toHaveAttribute("data-state", "ready");

  expect(violations).toEqual([]);
});

test("staff pages run under the CSP without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  for (const path of ["/design", "/", "/messages", "/templates", "/activities", "/firm", "/admin-profile", "/clients"]) {
    const response = await page.goto(firmUrl("acme", path));
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
  }
  // Hydrated: the account menu opens.
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" }))).toBeVisible();
  expect(violations).toEqual([]);
});

test("the public pages (a firm's sign-in page, the root domain's home) run their scripts by hash, with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto(firmUrl("acme", "/signin"));
  expect(response?.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=300");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'sha256-[^']+'( 'sha256-[^']+')* 'strict-dynamic'/);
  // Hydrated: the sign-in card's client-side step runs (the email step moves to the password step).
  await signIn(page, "acme", "client@acme.test");
  await forgetSession(page);
  const home = await page.goto(rootUrl("/"));
  expect(home?.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=300");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
