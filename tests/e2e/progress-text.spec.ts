/**
 * The client dashboard's progress text ('17% · 1 of 6 sections') reaches the browser intact: in
 * the server-rendered page, whatever the compression, and in what the progress bar tells a
 * screen reader after hydration (no U+FFFD from a character cut between two chunks).
 */
import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { firmUrl, PORT, signIn } from "./support";

/** The dashboard's bytes as the server sends them with `encoding`, decompressed, and its content type. */
function dashboardBytes(cookie: string, encoding: string): Promise<{ type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: PORT, path: "/", headers: { host: `acme.localhost:${PORT}`, cookie, "accept-encoding": encoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = response.headers["content-encoding"];
          const body =
            coding === "gzip"
              ? zlib.gunzipSync(raw)
              : coding === "br"
                ? zlib.brotliDecompressSync(raw)
                : coding === "zstd"
                  ? zlib.zstdDecompressSync(raw)
                  : raw;
          resolve({ type: String(response.headers["content-type"]), body });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const SUMMARY = /^\d+% · \d+ of \d+ sections?$/;

test("the dashboard's progress text is intact in the page's bytes and after hydration", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  const cookie = (await page.context().cookies(firmUrl("acme", "/"))).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const encoding of ["identity", "gzip", "br", "zstd"]) {
    const { type, body } = await dashboardBytes(cookie, encoding);
    expect(type).toBe("text/html; charset=utf-8");
    const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
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
