import { expect, test } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { firmUrl, screenshot, signIn, sql } from "./support";

/** A small valid PNG (solid colour), built here so the test needs no fixture file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a partner uploads a logo straight to storage and changes the brand colour", async ({ page }) => {
  await signIn(page, "summit", "partner@summit.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("summit", "/firm"));
  await expect(page.getByRole("heading", { name: "Firm Settings" })).toBeVisible();

  // Logo: the browser posts the file to the presigned URL (not through the app), then the app confirms it.
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && !r.url().includes("summit.localhost")) uploads.push(r.url());
  });
  await page.getByLabel("Choose a logo file").setInputFiles({ name: "summit-logo.png", mimeType: "image/png", buffer: png(120, 40, [31, 58, 104]) });
  await expect(page.getByText("Upload successful").first()).toBeVisible();
  expect(uploads.some((u) => u.startsWith("http://127.0.0.1:"))).toBe(true);
  const logo = page.getByRole("img", { name: "Current logo" });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // A file that only claims to be an image is refused by the confirm step.
  await page.getByLabel("Choose a logo file").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /type|supported|upload/i })
      .first(),
  ).toBeVisible();

  // Brand colour: every screen picks it up at once (the firm cache is invalidated).
  await page.getByLabel("Brand colour", { exact: true }).fill("#b4236c");
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Saved!").first()).toBeVisible();
  await page.goto(firmUrl("summit", "/"));
  const brand = await page.locator("html").evaluate((el) => getComputedStyle(el).cssText + el.getAttribute("style"));
  expect(brand.toLowerCase()).toContain("#b4236c");
  await screenshot(page, "summit-after-branding");

  // The other firm is untouched.
  await page.goto(firmUrl("acme", "/"));
  expect(((await page.locator("html").getAttribute("style")) ?? "").toLowerCase()).not.toContain("#b4236c");
});

test("vocabulary changes the words on every screen", async ({ page }) => {
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  try {
    await page.goto(firmUrl("acme", "/firm"));
    await page.getByLabel("Word").fill("Entity");
    await page.getByLabel("Replace with").fill("Client file");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Entity → Client file")).toBeVisible();
    await page.goto(firmUrl("acme", "/"));
    // Collect's "Entity type" filter (its column is hidden by default).
    await expect(page.getByLabel("Client file type", { exact: true })).toBeVisible();
    await page.goto(firmUrl("acme", "/firm"));
    await page.getByRole("button", { name: "Remove Entity" }).click();
    await expect(page.getByText("Entity → Client file")).toHaveCount(0);
  } finally {
    // Whatever happened above, the other tests see Acme's own words.
    await sql(`DELETE FROM firm_vocabs WHERE firm_id = 'firm_acme' AND key_word = 'Entity'`);
  }
});
