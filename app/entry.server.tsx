import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { endReadScope } from "~/db.server";
import { NonceProvider } from "~/nonce";
import { pageBody } from "~/page-body.server";
import { takeReadyPageData } from "~/page-data.server";

// server.ts and the scripts take the app's runtime (database pool, firm cache, job queue) and
// boot steps from here (`build.entry.module`), so that they exist once, in the routes' module graph.
export * from "~/tenancy/runtime.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The loaders are done: their shared read transaction is committed before rendering starts.
  await endReadScope();
  // The page's data rendered in the same pass as the page, where it is ready (page-data.server).
  await takeReadyPageData(remixContext);
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
          const { body, destination } = pageBody((cancelled) => {
            clearTimeout(timer);
            if (cancelled) abort();
          });
          // Security headers (CSP, nosniff, caching of signed-in pages…) are set by server.ts for every answer.
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          pipe(destination);
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
