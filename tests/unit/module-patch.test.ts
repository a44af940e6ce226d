/**
 * The patch installer the server's module patches share (scripts/lib/module-patch.mjs): a patched
 * file is compiled into Node's module cache once, so the next require gets it; a file already
 * loaded, or whose source the patch does not know, is left as it is, and the state says which part
 * and why. And the server, loaded as `npm start` loads it, runs with every patch installed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { typeScriptFlags } from "../../scripts/lib/cluster";
import { patchInstaller, replaceExactlyOnce } from "../../scripts/lib/module-patch.mjs";

const require = createRequire(import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), "module-patch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CommonJS file answering `answer`, not yet required. */
function moduleFile(name: string, answer: string): string {
  const filename = path.join(dir, `${name}.cjs`);
  writeFileSync(filename, `exports.answer = () => "${answer}";\n`);
  return filename;
}
const toPatched = (source: string) => replaceExactlyOnce(source, [['"original"', '"patched"']]);

describe("patchInstaller", () => {
  it("compiles the patched source into the module cache once, and the next require gets it", () => {
    const filename = moduleFile("one", "original");
    let patches = 0;
    const installer = patchInstaller([["one", () => filename, (source: string) => (patches++, toPatched(source))]]);
    expect(installer.state()).toBe("not installed");
    expect(installer.install()).toBe("installed");
    expect(installer.install()).toBe("installed");
    expect(patches).toBe(1);
    expect(installer.state()).toBe("installed");
    expect((require(filename) as { answer: () => string }).answer()).toBe("patched");
  });

  it("leaves a source it does not know, and a module loaded before, as they are, and says so", () => {
    const unknown = moduleFile("unknown", "something else");
    const loaded = moduleFile("loaded", "original");
    require(loaded);
    const unknownOnly = patchInstaller([["unknown", () => unknown, toPatched]]);
    expect(unknownOnly.install()).toBe("skipped: an unknown version");
    expect((require(unknown) as { answer: () => string }).answer()).toBe("something else");

    const fine = moduleFile("fine", "original");
    const three = patchInstaller([
      ["fine", () => fine, toPatched],
      ["unknown", () => unknown, toPatched],
      ["loaded", () => loaded, toPatched],
    ]);
    expect(three.install()).toBe("fine installed, unknown skipped: loaded before, loaded skipped: loaded before");
    expect((require(loaded) as { answer: () => string }).answer()).toBe("original");
  });
});

describe("the server", () => {
  it("runs with every module patch installed when a fresh process loads it, as npm start's servers do", async () => {
    const serverUrl = pathToFileURL(path.resolve(import.meta.dirname, "../../server.ts")).href;
    const script = `const { patchesSkipped } = await import(${JSON.stringify(serverUrl)}); console.log(JSON.stringify(patchesSkipped()));`;
    const { stdout } = await promisify(execFile)(process.execPath, [...typeScriptFlags(), "--input-type=module", "-e", script]);
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual([]);
  }, 30_000);
});
