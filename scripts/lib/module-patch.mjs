/**
 * Installing a patched copy of a package's CommonJS file in Node's module cache, before anything
 * requires it: the patch is a list of exact replacements, and on a version whose source does not
 * contain each of them exactly once nothing is changed (the caller says so). Used by
 * route-matching-cache.mjs, page-render-strings.mjs and page-data-flatten.mjs. Plain JavaScript, as they are.
 */
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** `source` with `replacements` ([from, to] pairs) made, or null when one of them does not occur exactly once. */
export function replaceExactlyOnce(source, replacements) {
  let patched = source;
  for (const [from, to] of replacements) {
    if (patched.split(from).length !== 2) return null;
    patched = patched.replace(from, () => to);
  }
  return patched;
}

/** A CommonJS module compiled from `source` as if it were `filename` (its requires resolve from there); not cached. */
export function compileModule(filename, source) {
  const mod = new Module(filename);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  mod._compile(source, filename);
  mod.loaded = true;
  return mod;
}

/** Compiles `patch(source)` of `filename` into Node's module cache; says what it did. */
export function installPatched(filename, patch) {
  if (require.cache[filename]) return "skipped: loaded before";
  const patched = patch(readFileSync(filename, "utf8"));
  if (!patched) return "skipped: an unknown version";
  require.cache[filename] = compileModule(filename, patched);
  return "installed";
}

/**
 * A patch's install-once and what it did: `parts` are [name, filename(), patch] in the order they
 * must be compiled (a module before the one that requires it). `state()` is "not installed" before
 * `install()`, then "installed" when every part was, or which were not and why.
 */
export function patchInstaller(parts) {
  let state = "not installed";
  const install = () => {
    if (state !== "not installed") return state;
    const results = parts.map(([name, filename, patch]) => [name, installPatched(filename(), patch)]);
    if (results.every(([, result]) => result === "installed")) state = "installed";
    else if (results.length === 1) state = results[0][1];
    else state = results.map(([name, result]) => `${name} ${result}`).join(", ");
    return state;
  };
  return { install, state: () => state };
}
