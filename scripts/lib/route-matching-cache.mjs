/**
 * Route matching without rebuilding the route list on every call.
 *
 * `@remix-run/router`'s matchRoutes flattens and ranks the whole route tree, then compiles a
 * regular expression for every route it tries, on each call; a page request calls it four times
 * (Remix's own match, the static handler's query, the initial manifest and the render). With this
 * app's routes that was about a fifth of a signed-in page's CPU. Loaded before anything requires
 * the router (the first import of server.ts), this puts into Node's module cache a copy of the
 * router's CommonJS build with three memos:
 *
 * - the flattened, ranked branches of a routes array, per array (a WeakMap; the router's only
 *   mutation of a route tree, patchRoutesImpl, starts a new one);
 * - each compiled path pattern, per (path, case sensitivity, end);
 * - the matches of a pathname, per routes array (up to 2,000 pathnames each; every caller gets
 *   its own copy of the match objects and their params).
 *
 * Each is a pure function of its keys, so the answers are the router's own. The same is done for
 * the route lists a page render builds (see REMIX_SERVER_REPLACEMENTS below). The patch checks
 * the exact source it replaces: on a router version it does not know it changes nothing, and
 * `routeMatchingCache()` says so (tests/unit/route-matching-cache.test.ts compares its answers
 * with the unpatched router's).
 *
 * Plain JavaScript: server.ts imports it first, under Node's own TypeScript support too.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { patchInstaller, replaceExactlyOnce } from "./module-patch.mjs";

const require = createRequire(import.meta.url);

/** [what the router's source must contain exactly, what replaces it]. */
const REPLACEMENTS = [
  ["  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n", "  let branches = rankedBranches(routes);\n"],
  [
    "  let matches = null;\n  let decoded = decodePath(pathname);\n",
    `  let decoded = decodePath(pathname);
  let answers = matchesCache.get(routes);
  if (!answers) {
    answers = new Map();
    matchesCache.set(routes, answers);
  }
  let key = (allowPartial ? "p" : "e") + decoded;
  if (!answers.has(key)) {
    if (answers.size >= 2000) answers.clear();
    answers.set(key, firstMatchingBranch(branches, decoded, allowPartial));
  }
  return copyMatches(answers.get(key));
}
function copyMatches(matches) {
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function firstMatchingBranch(branches, decoded, allowPartial) {
  let matches = null;
`,
  ],
  [
    "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
    `let matchesCache = new WeakMap();
let rankedBranchesCache = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesCache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesCache.set(routes, branches);
  }
  return branches;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
  ],
  [
    "function compilePath(path, caseSensitive, end) {",
    `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive === true ? "i" : "-") + (end === false ? "p" : "e") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size < 5000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
  ],
  [
    "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {",
    "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  rankedBranchesCache = new WeakMap();\n  matchesCache = new WeakMap();",
  ],
  ["exports.matchRoutes = matchRoutes;", "exports.matchRoutes = matchRoutes;\nexports.UNSAFE_routeMatchingCache = true;"],
];

/** The router's source with the memos, or null when it is not the source these replacements know. */
export function patchRouterSource(source) {
  return replaceExactlyOnce(source, REPLACEMENTS);
}

/** The path of the router's CommonJS build, as the app's packages resolve it. */
export function routerFilename() {
  return require.resolve("@remix-run/router");
}

/**
 * The page render's route lists, built once per build rather than on every request: Remix's
 * RemixServer turns the manifest into server routes, and the static router turns those into data
 * routes, on each render. Both are pure functions of the build (its manifest, its route modules),
 * so the same lists serve every request, and the matching memos above keep their answers.
 */
const REMIX_SERVER_REPLACEMENTS = [
  [
    "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
    "  let routes$1 = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
  ],
  [
    "function RemixServer({",
    `let serverRoutesCache = new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let ids = Object.keys(manifestRoutes);
  let cached = serverRoutesCache.get(manifestRoutes);
  if (!cached || cached.future !== future || cached.isSpaMode !== isSpaMode || ids.some((id, i) => routeModules[id] !== cached.modules[i])) {
    cached = { future, isSpaMode, modules: ids.map((id) => routeModules[id]), routes: routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) };
    serverRoutesCache.set(manifestRoutes, cached);
  }
  return cached.routes;
}
function RemixServer({`,
  ],
];
const STATIC_ROUTER_REPLACEMENTS = [
  [
    "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
    `  let converted = dataRoutesCache.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    dataRoutesCache.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;
`,
  ],
  [
    "function createStaticRouter(routes, context, opts = {}) {",
    "const dataRoutesCache = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {",
  ],
];

/** RemixServer's source with its route list built once per build, or null on an unknown version. */
export function patchRemixServerSource(source) {
  return replaceExactlyOnce(source, REMIX_SERVER_REPLACEMENTS);
}

/** The static router's source with its data routes converted once per route list, or null on an unknown version. */
export function patchStaticRouterSource(source) {
  return replaceExactlyOnce(source, STATIC_ROUTER_REPLACEMENTS);
}

export const remixServerFilename = () => path.join(path.dirname(require.resolve("@remix-run/react")), "server.js");
export const staticRouterFilename = () => require.resolve("react-router-dom/server");

const installer = patchInstaller([
  ["router", routerFilename, patchRouterSource],
  // The static router before RemixServer, which requires it.
  ["static router", staticRouterFilename, patchStaticRouterSource],
  ["server routes", remixServerFilename, patchRemixServerSource],
]);

/** Installs the patched modules in Node's module cache (once; before anything has required them). */
export const installRouteMatchingCache = installer.install;

/** Whether the modules in use have the memos ("installed"), or which did not and why. */
export const routeMatchingCache = installer.state;

installRouteMatchingCache();
