/**
 * The loaders' data read before the page renders (app/page-data.server.ts), rendered by Remix's
 * own StreamTransfer as a page does: the same scripts as without it, in the page's first pass when
 * the data is all there; data that comes later still comes, after what was ready; a failed stream
 * still fails the render.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { EntryContext } from "@remix-run/node";
import { StreamTransfer } from "@remix-run/react/dist/single-fetch.js";
import { createElement, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { takeReadyPageData } from "../../app/page-data.server";

type Context = Pick<EntryContext, "serverHandoffStream" | "renderMeta">;

/** A data stream: each part is a chunk, a number a pause of that many ms, an Error a failure. */
function dataStream(parts: (string | number | Error)[]) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        if (typeof part === "number") await sleep(part);
        else if (part instanceof Error) return controller.error(part);
        else controller.enqueue(new TextEncoder().encode(part));
      }
      controller.close();
    },
  });
}

/**
 * Renders the data as RemixServer does (StreamTransfer in a Suspense boundary, after <Scripts> said
 * it rendered): the whole HTML, and what of it was written in the first pass.
 */
function render(context: Context) {
  return new Promise<{ html: string; firstPass: string; errors: unknown[] }>((resolve, reject) => {
    const errors: unknown[] = [];
    let html = "";
    let firstPass: string | null = null;
    const destination = {
      write(chunk: Uint8Array | string) {
        html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
        return true;
      },
      end() {
        resolve({ html, firstPass: firstPass ?? html, errors });
      },
      destroy: (error: Error) => reject(error),
      on: () => destination,
    };
    const element = createElement(
      Suspense,
      null,
      createElement(StreamTransfer, {
        context: context as EntryContext,
        identifier: 0,
        reader: context.serverHandoffStream!.getReader(),
        textDecoder: new TextDecoder(),
      }),
    );
    const stream = renderToPipeableStream(element, {
      onShellReady() {
        stream.pipe(destination as unknown as NodeJS.WritableStream);
        firstPass = html;
      },
      onShellError: reject,
      onError: (error) => {
        errors.push(error);
      },
    });
  });
}

const context = (parts: (string | number | Error)[]): Context => ({
  serverHandoffStream: dataStream(parts),
  renderMeta: { didRenderScripts: true },
});
/** The scripts that hand the data to the browser (not React's own, which complete a boundary). */
const scripts = (html: string) =>
  [...html.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]).filter((script) => script!.includes("__remixContext"));

describe("takeReadyPageData", () => {
  it("renders data that is all there in the page's first pass, as the same scripts", async () => {
    const parts = ['[{"_1":2},"loaderData"]\n', '{"root":3}\n'];
    const plain = await render(context(parts));
    const ready = context(parts);
    await takeReadyPageData(ready);
    const primed = await render(ready);

    expect(scripts(primed.html)).toEqual([
      String.raw`window.__remixContext.streamController.enqueue("[{\"_1\":2},\"loaderData\"]\n{\"root\":3}\n");`,
      "window.__remixContext.streamController.close();",
    ]);
    // Without it, the data and the stream's end each wait for another pass of React.
    expect(scripts(plain.firstPass)).toEqual([]);
    expect(scripts(primed.firstPass)).toEqual(scripts(primed.html));
    // The browser gets the same text either way (in one call instead of two).
    const enqueued = (html: string) =>
      scripts(html)
        .filter((script) => script!.includes("enqueue"))
        .map((script) => JSON.parse(script!.slice(script!.indexOf("(") + 1, script!.lastIndexOf(")"))) as string)
        .join("");
    expect(enqueued(primed.html)).toBe(enqueued(plain.html));
  });

  it("leaves data still to come to the stream, after what was ready", async () => {
    const later = context(['["ready"]\n', 30, '["later"]\n']);
    await takeReadyPageData(later);
    const { html, firstPass } = await render(later);
    const texts = scripts(html);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('enqueue("[\\"ready\\"]\\n")');
    expect(texts[1]).toContain('enqueue("[\\"later\\"]\\n")');
    expect(texts[2]).toBe("window.__remixContext.streamController.close();");
    expect(scripts(firstPass)).toEqual([texts[0]]);
  });

  it("fails the data's part of the render, as StreamTransfer does, when the data stream fails", async () => {
    const plain = await render(context([new Error("aborted")]));
    const failed = context([new Error("aborted")]);
    await takeReadyPageData(failed);
    const primed = await render(failed);
    expect(primed.errors.map(String)).toEqual(["Error: aborted"]);
    expect(primed.errors.map(String)).toEqual(plain.errors.map(String));
    expect(scripts(primed.html)).toEqual([]);
  });

  it("leaves a page without data alone", async () => {
    const none: Context = { renderMeta: {} };
    await takeReadyPageData(none);
    expect(none.renderMeta).toEqual({});
  });
});
