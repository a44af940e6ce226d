/**
 * pdf.js stays out of the bundles, and the viewer is only in the pages that show PDFs: checked on
 * the built app (`npx remix build` first, as for the HTTP tests). pdf.js is served from
 * public/pdfjs/, copied there by every build (scripts/copy-pdfjs.mjs via remix.config.js).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const buildDir = path.join(root, "public/build");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

function manifest(): { routes: Record<string, { module: string; imports?: string[] }> } {
  const file = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No build: run `npx remix build` first");
  const text = readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

describe("pdf.js in the build", () => {
  it("copies pdf.js and its worker into public/pdfjs", () => {
    for (const f of ["pdf.min.mjs", "pdf.worker.min.mjs", "standard_fonts", "cmaps"]) expect(existsSync(path.join(root, "public/pdfjs", f)), f).toBe(true);
  });

  it("bundles no pdf.js code", () => {
    const js = files(buildDir).filter((f) => f.endsWith(".js"));
    expect(js.length).toBeGreaterThan(10);
    // Class names only pdf.js itself defines (the viewer refers to other ones).
    const bundled = js.filter((f) => /InvalidPDFException|DocException/.test(readFileSync(f, "utf8")));
    expect(bundled).toEqual([]);
  });

  it("puts the viewer only in the pages that show PDFs", () => {
    const { routes } = manifest();
    const viewerFiles = files(buildDir)
      .filter((f) => f.endsWith(".js") && readFileSync(f, "utf8").includes("pdf.worker.min.mjs"))
      .map((f) => `/build/${path.relative(buildDir, f)}`);
    expect(viewerFiles.length).toBeGreaterThan(0);
    const withViewer = Object.values(routes)
      .filter((r) => [r.module, ...(r.imports ?? [])].some((m) => viewerFiles.includes(m)))
      .map((r) => r.module.replace(/^\/build\//, "").replace(/-[A-Z0-9]+\.js$/, ""))
      .sort();
    expect(withViewer).toEqual([
      "routes/admin.$companyHash.documents",
      "routes/documents.$companyHash",
      "routes/preview.$companyId.questionnaire.$questionnaireId",
      "routes/preview.template.$templateId",
      "routes/questionnaire.$companyHash",
      "routes/review-signature-request.$signatureRequestId",
      "routes/tax-return-delivery-admin-view.$taxReturnId",
      "routes/tax-return-delivery.$taxReturnId",
    ]);
    expect(withViewer).not.toContain("root");
  });
});
