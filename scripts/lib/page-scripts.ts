/**
 * The JavaScript a page of the built app makes the browser load, read from the client build's
 * manifest (public/build/manifest-*.js, the one build/index.js names): the entry and its imports,
 * then each route of the page (root first) with its imports (what Remix modulepreloads), each once,
 * with the size the server sends (gzip at the compression middleware's default level).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}

export interface BuildManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageScript {
  file: string;
  bytes: number;
  gzip: number;
}

/** The client manifest of the build in `root` (run `npx remix build` first). */
export function readBuildManifest(root: string): BuildManifest {
  const server = readFileSync(path.join(root, "build/index.js"), "utf8");
  const url = server.match(/\/build\/manifest-[A-Za-z0-9]+\.js/)?.[0];
  if (!url) throw new Error("build/index.js names no client manifest: run `npx remix build`");
  const source = readFileSync(path.join(root, "public", url), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as BuildManifest;
}

/** The script URLs a page whose deepest route is `routeId` loads: the entry's, then root's down to it. */
export function pageScriptUrls(manifest: BuildManifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id;) {
    const route: (ManifestRoute & { parentId?: string }) | undefined = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the build`);
    chain.unshift(route);
    id = route.parentId;
  }
  const urls = [manifest.entry.module, ...manifest.entry.imports, ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])];
  return [...new Set(urls)];
}

/** Each script of the page with its size, raw and gzipped. */
export function pageScripts(root: string, manifest: BuildManifest, routeId: string): PageScript[] {
  return pageScriptUrls(manifest, routeId).map((file) => {
    const content = readFileSync(path.join(root, "public", file));
    return { file, bytes: content.length, gzip: gzipSync(content).length };
  });
}

/**
 * The bytes each package (or app module) puts into these scripts (URLs as `pageScriptUrls` gives
 * them), biggest first, from the build's esbuild metafile (build/metafile.js.json).
 */
export function packageSizes(root: string, scripts: string[]): [string, number][] {
  const meta = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const sizes = new Map<string, number>();
  for (const [output, { inputs }] of Object.entries(meta.outputs)) {
    if (!scripts.includes(`/${path.relative("public", output)}`)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? input;
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

/** The goal for the client dashboard's (and Collect's) JavaScript, gzipped. */
export const DASHBOARD_JS_TARGET_BYTES = 150 * 1024;
/**
 * The ceiling the build may not pass (tests/unit/js-size-budget.test.ts): 120 KB, what the
 * dashboard loads (111 KB) with some room, well under the target. Code only a few pages need stays
 * out of the dashboard's chunks: load it when shown (app/components/loaded-when-shown.ts: the staff
 * shell), when reached (app/components/ui/live-on-reach.ts: Headless UI's menus and popovers) or
 * give it a module of its own (the select field, the bell's count), and keep zod, date-fns and
 * route loaders' helpers out of modules the shell imports.
 */
export const DASHBOARD_JS_CEILING_BYTES = 120 * 1024;
