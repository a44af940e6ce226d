/**
 * turbo-stream's flatten without an allocation per repeated value (scripts/lib/page-data-flatten.mjs)
 * writes the same text as turbo-stream itself: for data with every kind of value it encodes
 * (repeated strings, numbers and objects, a reference back to the top value, the special numbers,
 * dates, URLs, expressions, sets, maps, promises, errors, objects without a prototype, class
 * instances, holes), through Remix's own plugins, and for a whole encoded stream with a promise
 * that resolves later; and the patch applies to the installed turbo-stream (on another version it
 * would change nothing).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileModule } from "../../scripts/lib/module-patch.mjs";
import { flattenFilename, patchFlattenSource } from "../../scripts/lib/page-data-flatten.mjs";

type Flatten = (this: Encoder, input: unknown) => number | [number];
interface Encoder {
  deferred: Record<number, unknown>;
  index: number;
  indices: Map<unknown, number>;
  stringified: string[];
  plugins?: ((value: unknown) => unknown[] | undefined)[];
  postPlugins?: ((value: unknown) => unknown[] | undefined)[];
}

const source = readFileSync(flattenFilename(), "utf8");
const patchedSource = patchFlattenSource(source);
const original = compileModule(flattenFilename(), source).exports.flatten as Flatten;
const patched = compileModule(flattenFilename(), patchedSource ?? source).exports.flatten as Flatten;

const redirect = Symbol("redirect");
/** Remix's single-fetch plugins (server-runtime's encodeViaTurboStream), as far as they act on these values. */
const plugins = [
  (value: unknown) => {
    if (value instanceof Error) return ["SanitizedError", value.name, value.message, undefined];
    if (value && typeof value === "object" && redirect in value) return ["SingleFetchRedirect", (value as Record<symbol, unknown>)[redirect]];
    return undefined;
  },
];
const postPlugins = [
  (value: unknown) => {
    if (!value || typeof value !== "object") return undefined;
    return ["SingleFetchClassInstance", Object.fromEntries(Object.entries(value))];
  },
  () => ["SingleFetchFallback"],
];

function flattenWith(flatten: Flatten, input: unknown) {
  const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins, postPlugins };
  const id = flatten.call(encoder, input);
  return { id, text: `[${encoder.stringified.join(",")}]`, index: encoder.index, deferred: Object.keys(encoder.deferred) };
}

class Money {
  constructor(
    public cents: number,
    public currency: string,
  ) {}
}

function everyKindOfValue() {
  const section = { id: "sec_1", name: "Income", status: "completed" };
  const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { kind: "null-proto", status: "completed" });
  const sparse = [1, 2, 3];
  delete sparse[1]; // a hole
  const top: Record<string, unknown> = {
    site: "firm",
    user: { id: "usr_1", kind: "client", name: "Jordan", fullName: "Jordan Rivera", isAdvisor: false, readonlyAccess: false },
    sections: [section, section, { ...section, id: "sec_2" }],
    statuses: ["completed", "pending", "completed", "incomplete", "completed"],
    numbers: [0, 1, 1, 2.5, -0, NaN, Infinity, -Infinity, 0, 42, 42],
    flags: [true, false, true, null, undefined, null],
    text: ['Say "hi" <now> & \\ back', "Déjà vu — 中文 😀", "line\nbreak\ttab", "\u2028\u2029", "\ud800 lone", ""],
    dates: [new Date(Date.UTC(2026, 11, 7)), new Date(Date.UTC(2026, 11, 7))],
    url: new URL("https://acme.example.com/documents?path=%2F"),
    regexp: /^qnr_[a-z0-9]+$/gi,
    set: new Set(["a", "b", "a-again", section]),
    emptySet: new Set(),
    map: new Map<unknown, unknown>([
      ["sec_1", section],
      [section, "by object"],
    ]),
    emptyMap: new Map(),
    bigint: 12345678901234567890n,
    symbol: Symbol.for("portal"),
    error: new TypeError("Something failed"),
    redirect: { [redirect]: { redirect: "/signin", status: 302 } },
    nullProto,
    instance: new Money(1999, "USD"),
    sparse,
    nested: { deeper: { deepest: { sections: [section], status: "completed", site: "firm" } } },
  };
  top.self = top; // a reference back to the top value (index 0)
  top.again = top.user;
  return top;
}

describe("turbo-stream's flatten without an allocation per repeated value", () => {
  it("applies to the installed turbo-stream, and not twice", () => {
    expect(patchedSource).not.toBeNull();
    expect(patchedSource).not.toBe(source);
    expect(patchFlattenSource(patchedSource!)).toBeNull();
    expect(patchFlattenSource(source.replace("flatten.call(this, ", "flatten.call(this,"))).toBeNull();
  });

  it("writes the same text, indices and deferred values as turbo-stream for every kind of value", () => {
    const data = everyKindOfValue();
    const promise = Promise.resolve("later");
    const inputs: unknown[] = [
      data,
      { ...data, promise, again: promise },
      [data, data, "completed", 0, -0],
      "completed",
      42,
      0,
      -0,
      NaN,
      null,
      undefined,
      true,
      [],
      {},
      new Date(0),
    ];
    for (const input of inputs) {
      const theirs = flattenWith(original, input);
      const ours = flattenWith(patched, input);
      expect(ours).toEqual(theirs);
    }
    // The data above does reach the paths that matter: repeated values, plugins and special numbers.
    const { text } = flattenWith(patched, data);
    expect(text).toContain('"SanitizedError"');
    expect(text).toContain('"SingleFetchRedirect"');
    expect(text).toContain('"SingleFetchClassInstance"');
    expect(text).toContain('["N",{');
    expect(text.match(/"completed"/g)).toHaveLength(1);
  });

  it("answers [index] to a value seen before, as turbo-stream's encoder expects of its own calls", () => {
    const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins, postPlugins };
    const value = { status: "completed" };
    expect(patched.call(encoder, { first: value })).toBe(0);
    const again = patched.call(encoder, value);
    expect(Array.isArray(again)).toBe(true);
    expect(again).toEqual(original.call({ ...encoder, indices: new Map(encoder.indices), stringified: [...encoder.stringified] }, value));
  });

  it("goes through the encoder's steps the same: the top value, a promise resolved later, a value sent before", async () => {
    const run = async (flatten: Flatten) => {
      // The encoder's own steps: the top value, then each promise's value as it resolves.
      const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins, postPlugins };
      const shared = { status: "completed", id: "sec_1" };
      let resolve!: (value: unknown) => void;
      const later = new Promise((r) => (resolve = r));
      const lines: string[] = [];
      const id = flatten.call(encoder, { shared, later, list: [shared, "completed"] });
      lines.push(`${String(id)}:[${encoder.stringified.join(",")}]`);
      const sent = encoder.stringified.length;
      resolve({ shared, status: "completed", fresh: { name: "New" } });
      const value = await later;
      const next = flatten.call(encoder, value);
      lines.push(`${JSON.stringify(next)}:[${encoder.stringified.slice(sent).join(",")}]`);
      const previous = flatten.call(encoder, shared);
      lines.push(JSON.stringify(previous));
      return lines;
    };
    expect(await run(patched)).toEqual(await run(original));
  });
});
