/**
 * The client dashboard's JavaScript (`/`: the entry, root and routes/_index with every chunk
 * they modulepreload), gzipped, stays under its ceiling; the goal is 150 KB
 * (scripts/bench/js-size.ts prints the files). Headless UI (and what it brings: react-aria,
 * floating-ui) is not part of it: its menus and popovers come when the reader reaches them. Reads the build: run `npx remix build` first.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DASHBOARD_JS_CEILING_BYTES, packageSizes, pageScriptUrls, pageScripts, readBuildManifest, type BuildManifest } from "../../scripts/lib/page-scripts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("the pages' scripts, from the build's manifest", () => {
  it("are the entry's, then each route's from root down, each once", () => {
    const manifest: BuildManifest = {
      entry: { module: "/build/entry.js", imports: ["/build/react.js"] },
      routes: {
        root: { id: "root", module: "/build/root.js", imports: ["/build/react.js", "/build/shell.js"] },
        "routes/_index": { id: "routes/_index", parentId: "root", module: "/build/index.js", imports: ["/build/shell.js", "/build/table.js"] } as never,
      },
    };
    expect(pageScriptUrls(manifest, "routes/_index")).toEqual([
      "/build/entry.js",
      "/build/react.js",
      "/build/root.js",
      "/build/shell.js",
      "/build/index.js",
      "/build/table.js",
    ]);
  });

  it("the client dashboard's stay under the ceiling, gzipped", () => {
    const scripts = pageScripts(root, readBuildManifest(root), "routes/_index");
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    expect(scripts.length).toBeGreaterThan(2);
    expect(total, `the dashboard loads ${(total / 1024).toFixed(1)} KB of JavaScript, gzipped`).toBeLessThanOrEqual(DASHBOARD_JS_CEILING_BYTES);
  });

  it("the client dashboard's carry no Headless UI: the header's menus load theirs when reached", () => {
    const scripts = pageScripts(root, readBuildManifest(root), "routes/_index").map((s) => s.file);
    const packages = packageSizes(root, scripts).map(([name]) => name);
    expect(packages).toContain("react-dom");
    expect(packages).not.toContain("@headlessui/react");
    expect(packages).not.toContain("@floating-ui/react");
    // A questionnaire's Actions menus too: their buttons are the page's, their menus are not.
    const questionnaire = packageSizes(
      root,
      pageScripts(root, readBuildManifest(root), "routes/questionnaire.$companyHash").map((s) => s.file),
    );
    expect(questionnaire.map(([name]) => name)).toContain("app/questionnaires/page/question-actions.tsx");
    expect(questionnaire.map(([name]) => name)).not.toContain("app/questionnaires/page/question-actions-menu.tsx");
  });
});
