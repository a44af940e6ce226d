/**
 * Route matching without rebuilding the route list on every call.
 *
 * `@remix-run/router`'s matchRoutes flattens and ranks the whole route tree, then compiles a
 * regular expression for every route it tries, on each call; a page request calls it four times
 * (Remix's own match, the static handler's query, the initial manifest and the render). With this
 * app's routes that was about a fifth of a signed-in page's CPU. Loaded before anything requires
 * the router (the first import of server.ts), this puts into Node's module cache a copy of the
 * router's CommonJS build with two memos:
 *
 * - the flattened, ranked branches of a routes array, per array (a WeakMap; the router's only
 *   mutation of a route tree, patchRoutesImpl, starts a new one);
 * - each compiled path pattern, per (path, case sensitivity, end);
 * - the matches of a pathname, per routes array (up to 2,000 pathnames each; every caller gets
 *   its own copy of the match objects and their params).
 *
 * Both are pure functions of their keys, so the answers are the router's own. The patch checks
 * the exact source it replaces: on a router version it does not know it changes nothing, and
 * `routeMatchingCache()` says so (tests/unit/route-matching-cache.test.ts compares its answers
 * with the unpatched router's).
 *
 * Plain JavaScript: server.ts imports it first, under Node's own TypeScript support too.
 */
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

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
  let patched = source;
  for (const [from, to] of REPLACEMENTS) {
    if (patched.split(from).length !== 2) return null;
    patched = patched.replace(from, () => to);
  }
  return patched;
}

/** The path of the router's CommonJS build, as the app's packages resolve it. */
export function routerFilename() {
  return require.resolve("@remix-run/router");
}

let state = "not installed";

/** Installs the patched router in Node's module cache (once; before anything has required it). */
export function installRouteMatchingCache() {
  if (state !== "not installed") return state;
  const filename = routerFilename();
  if (require.cache[filename]) return (state = "skipped: the router was loaded before");
  const patched = patchRouterSource(readFileSync(filename, "utf8"));
  if (!patched) return (state = "skipped: an unknown version of @remix-run/router");
  const mod = new Module(filename);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  mod._compile(patched, filename);
  mod.loaded = true;
  require.cache[filename] = mod;
  return (state = "installed");
}

/** Whether the router in use has the memos ("installed"), or why not. */
export function routeMatchingCache() {
  return state;
}

installRouteMatchingCache();
