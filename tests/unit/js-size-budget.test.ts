/**
 * The client dashboard's JavaScript (`/`: the entry, root and routes/_index with every chunk
 * they modulepreload), gzipped, stays under its ceiling; the goal is 150 KB
 * (scripts/bench/js-size.ts prints the files). Reads the build: run `npx remix build` first.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DASHBOARD_JS_CEILING_BYTES, pageScriptUrls, pageScripts, readBuildManifest, type BuildManifest } from "../../scripts/lib/page-scripts";

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
});
