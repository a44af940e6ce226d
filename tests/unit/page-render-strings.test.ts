/**
 * React's streaming renderer writing text (scripts/lib/page-render-strings.mjs) writes the same
 * HTML, byte for byte, as React itself: a page with every kind of piece (escaped and non-ASCII
 * text, attributes, styles, inline scripts, form fields, SVG), a page longer than its text
 * buffer, and a page whose Suspense boundary completes later; and the patch applies to the
 * installed React (on another version it would change nothing).
 */
import { readFileSync } from "node:fs";
import { createElement as h, Fragment, Suspense, type ReactNode } from "react";
import type * as ReactDOMServer from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compileModule } from "../../scripts/lib/module-patch.mjs";
import { patchStreamingRendererSource, streamingRendererFilename } from "../../scripts/lib/page-render-strings.mjs";

type Renderer = Pick<typeof ReactDOMServer, "renderToPipeableStream">;

function compile(source: string): Renderer {
  return compileModule(streamingRendererFilename(), source).exports as Renderer;
}

const source = readFileSync(streamingRendererFilename(), "utf8");
const patchedSource = patchStreamingRendererSource(source);
const react = compile(source);
const patched = compile(patchedSource ?? source);

/** Renders `element` as a page does (the shell, then whatever completes later): the bytes and the writes. */
function render(renderer: Renderer, element: ReactNode) {
  return new Promise<{ html: Buffer; writes: (string | Uint8Array)[] }>((resolve, reject) => {
    const writes: (string | Uint8Array)[] = [];
    const destination = {
      write(chunk: string | Uint8Array) {
        writes.push(chunk);
        return true;
      },
      end() {
        resolve({ html: Buffer.concat(writes.map((chunk) => Buffer.from(chunk))), writes });
      },
      destroy: reject,
      on: () => destination,
    };
    const stream = renderer.renderToPipeableStream(element, {
      onShellReady: () => stream.pipe(destination as unknown as NodeJS.WritableStream),
      onShellError: reject,
    });
  });
}

function everyKindOfPiece() {
  return h(
    "html",
    { lang: "en", style: { "--brand": "#0E7C86" } as Record<string, string> },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("title", null, "Acme Tax & Advisory · Portal"),
      h("script", { nonce: "abc", dangerouslySetInnerHTML: { __html: 'window.x = "</b>";' } }),
    ),
    h(
      "body",
      { className: "page main" },
      h("p", { "data-id": "1", title: 'Say "hi" <now>' }, "Déjà vu — 中文 😀 & <tags> 'quotes'"),
      h("input", { name: "email", defaultValue: "client@acme.test", required: true, disabled: false, "aria-label": "Email" }),
      h("select", { name: "year", defaultValue: "2025" }, h("option", { value: "2024" }, "2024"), h("option", { value: "2025" }, "2025")),
      h("textarea", { name: "note", defaultValue: "Line one\nLine two é" }),
      h("svg", { viewBox: "0 0 24 24", "aria-hidden": true }, h("path", { d: "M12 2L2 22h20z", strokeWidth: 2 })),
      h(Fragment, null, "text", 42, null, false, "more text"),
    ),
  );
}

function longPage() {
  return h(
    "ul",
    null,
    Array.from({ length: 3000 }, (_, i) => h("li", { key: i, className: `row row-${i}` }, `Document ${i} — reçu`)),
  );
}

/** A Suspense boundary whose content is ready only after the shell has been written. */
function lateBoundary() {
  let ready = false;
  const wait = new Promise<void>((resolve) => setTimeout(() => ((ready = true), resolve()), 20));
  function Late() {
    if (!ready) throw wait;
    return h("section", null, "Arrived later — ünïcödé");
  }
  return h("main", null, h("h1", null, "Shell"), h(Suspense, { fallback: h("p", null, "Loading…") }, h(Late)));
}

describe("React's streaming renderer writing text", () => {
  it("applies to the installed React", () => {
    expect(patchedSource === null).toBe(false);
    // Patched twice, or another version: no change.
    expect(patchStreamingRendererSource(patchedSource!) === null).toBe(true);
    const another = source.replace("function x(a){return u.encode(a)}", "function x(a){return u.encode(String(a))}");
    expect(another === source).toBe(false);
    expect(patchStreamingRendererSource(another) === null).toBe(true);
  });

  it.each([
    ["every kind of piece", everyKindOfPiece],
    ["a page longer than the text buffer", longPage],
    ["a boundary completing later", lateBoundary],
  ])("writes the same bytes as React for %s", async (_name, page) => {
    const before = await render(react, page());
    const after = await render(patched, page());
    // React's bytes, but for the NULs React 18 leaves where a character straddles its 2 KB buffer.
    const expected = Buffer.from(before.html.filter((byte) => byte !== 0));
    expect(after.html.toString("utf8")).toBe(expected.toString("utf8"));
    expect(after.html.equals(expected)).toBe(true);
    // As text, in no more writes than React's own bytes.
    expect(after.writes.every((chunk) => typeof chunk === "string")).toBe(true);
    expect(after.writes.length).toBeLessThanOrEqual(before.writes.length);
  });

  it("writes no NUL where React's own bytes have one (a character across its buffer's end)", async () => {
    const before = await render(react, longPage());
    const after = await render(patched, longPage());
    expect(before.html.includes(0)).toBe(true);
    expect(after.html.includes(0)).toBe(false);
    expect(after.html.toString("utf8")).toContain("Document 164 — reçu");
  });
});
