import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { endReadScope } from "~/db.server";
import { NonceProvider } from "~/nonce";

// server.ts and the scripts take the app's runtime (database pool, firm cache, job queue) and
// boot steps from here (`build.entry.module`), so that they exist once, in the routes' module graph.
export * from "~/tenancy/runtime.server";

const ABORT_DELAY = 5_000;

/**
 * The page's bytes in as few writes as React's bursts allow: React hands over its HTML in
 * chunks of about 2 KB, and each became a write to the socket (a fifth of a page's CPU was spent
 * in them). Chunks written in one go are sent together once that burst ends; a later Suspense
 * boundary or data chunk still goes out as soon as it is rendered.
 */
class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    done();
  }

  private release() {
    this.scheduled = false;
    if (!this.pending.length) return;
    const chunks = this.pending;
    this.pending = [];
    this.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The loaders are done: their shared read transaction is committed before rendering starts.
  await endReadScope();
  // The response's CSP nonce (server.ts): on React's and Remix's inline scripts, and on root's.
  const { cspNonce } = loadContext;
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Rendering stops after ABORT_DELAY; a page done before then lets go of its timer (and of the
    // render it holds) at once.
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={cspNonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={cspNonce} />
      </NonceProvider>,
      {
        nonce: cspNonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new CoalescingStream();
          body.on("close", () => clearTimeout(timer));
          const stream = createReadableStreamFromReadable(body);
          // Security headers (CSP, nosniff, caching of signed-in pages…) are set by server.ts for every answer.
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
