/**
 * The HTTP host. Resolves the firm from the Host header (never from anything else the client
 * controls), answers unknown hosts itself, serves assets, and hands `{ portal, cspNonce }` to Remix.
 * Every answer gets its security headers here (app/security-headers.server.ts).
 *
 * Usage: tsx server.ts        (expects DATABASE_URL and S3 settings; `npm start` provides them)
 *        `npm start` runs it as its cluster's workers (scripts/lib/cluster.ts), under Node's own
 *        type stripping: keep this file to erasable TypeScript (types, `import type`, `as`).
 *
 * The app's code runs from the Remix server build only (build/index.js): the runtime (database
 * pool, firm cache, job queue) and every helper used here come from `build.entry.module`
 * (app/tenancy/runtime.server.ts), so a process has one copy of each. This file imports app
 * modules for their types only.
 */
// First: turbo-stream's flatten without an allocation per repeated value, the router with its
// route-matching memos, and React's renderer writing text, before anything requires them. The
// flatten comes first: installing the memos runs RemixServer's module, which requires turbo-stream.
import { pageDataFlatten } from "./scripts/lib/page-data-flatten.mjs";
import { routeMatchingCache } from "./scripts/lib/route-matching-cache.mjs";
import { pageRenderStrings } from "./scripts/lib/page-render-strings.mjs";
import { precompressedStatic } from "./scripts/lib/precompressed-build.mjs";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import http, { type Server } from "node:http";
import type { Socket } from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import compression from "compression";
import zlib from "node:zlib";
// The adapter's own request conversion and response writing: its createRequestHandler offers no
// step between Remix's answer and the socket, where the security headers are set.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { broadcastDevReady, createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import type { PortalLoadContext } from "~/context.server";
import type * as PortalAppModule from "~/tenancy/runtime.server";
import type { PortalRuntime, RuntimeOptions } from "~/tenancy/runtime.server";
import type { SecurityHeaderSettings } from "~/security-headers.server";

installGlobals({ nativeFetch: true });

const root = path.dirname(fileURLToPath(import.meta.url));

/** The module patches this process serves without, and why (none on the package versions they know). */
export function patchesSkipped(): string[] {
  const states = { "route-matching memos": routeMatchingCache(), "page render as text": pageRenderStrings(), "page data flatten": pageDataFlatten() };
  return Object.entries(states)
    .filter(([, state]) => state !== "installed")
    .map(([name, state]) => `${name} (${state})`);
}
const warnPatchesSkipped = () => {
  for (const skipped of patchesSkipped()) console.warn(`Serving without the ${skipped}.`);
};

/** The app's exports in the build (`build.entry.module`: app/tenancy/runtime.server.ts). */
export type PortalApp = typeof PortalAppModule;

/** The Remix server build and the app's exports in it. */
export interface LoadedApp {
  build: ServerBuild;
  app: PortalApp;
}

/**
 * Loads build/index.js (once per process: Node caches the module). `instance` loads another copy
 * with its own pools, caches and job queue: a second server in the same process, as the scale-out
 * test runs two servers on one database.
 */
export async function loadApp(instance?: string): Promise<LoadedApp> {
  const url = pathToFileURL(path.join(root, "build/index.js"));
  if (instance) url.searchParams.set("instance", instance);
  const build = (await import(url.href)) as ServerBuild;
  return { build, app: build.entry.module as unknown as PortalApp };
}

export interface PortalServer {
  url: string;
  port: number;
  runtime: PortalRuntime;
  close(): Promise<void>;
}

export interface ServerOptions extends RuntimeOptions {
  port?: number;
  host?: string;
  /** A separate copy of the app (see `loadApp`); default: the process's one. */
  instance?: string;
  /**
   * Serve the connections the cluster's primary hands this process (scripts/lib/cluster.ts)
   * instead of listening on the port: each comes as a `{ portal: "connection" }` message with its
   * socket, and each one's end is reported back (`{ portal: "closed" }`), so the primary knows
   * how many every server holds.
   */
  handedConnections?: boolean;
}

/**
 * The connections the cluster's primary hands this process, served by `server` as if it had
 * accepted them. The server listens on a socket no one connects to (abstract, Linux), so Node
 * sets up its tracking of connections: the headers and request timeouts apply to the handed
 * ones, and `closeIdleConnections` reaches them. `drain()` stops taking new ones and resolves
 * once every one has closed, closing each as soon as it is idle (its answer sent).
 */
async function serveHandedConnections(server: Server) {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: `\0portal-server-${process.pid}-${randomBytes(6).toString("hex")}`, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const held = new Set<Socket>();
  let draining = false;
  const take = (message: unknown, socket?: Socket) => {
    if (!socket || (message as { portal?: unknown } | null)?.portal !== "connection") return;
    held.add(socket);
    socket.once("close", () => {
      held.delete(socket);
      if (process.connected) process.send?.({ portal: "closed" });
    });
    server.emit("connection", socket);
  };
  process.on("message", take);
  return {
    async drain() {
      if (draining) return;
      draining = true;
      // One handed out as this process was told to stop is still served: the primary has
      // stopped handing any to it (it is stopping, or it sent the SIGTERM).
      while (held.size > 0) {
        server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.off("message", take);
    },
  };
}

export async function startServer(options: ServerOptions = {}): Promise<PortalServer> {
  const { build, app: portalApp } = await loadApp(options.instance);
  const { LOCKED_CSP, applyAppSecurityHeaders, baseSecurityHeaders, inlineScriptHashes, originAllowed, publicPage, unknownHostPage } = portalApp;
  const { endReadScope, withReadScope } = portalApp;
  const { formBodyWithoutNul, isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } = portalApp;

  /**
   * A form's body without NUL characters (app/nul.ts), before any action reads it: PostgreSQL
   * refuses them in text, and they mean nothing to a person. JSON bodies get the same in readJson.
   */
  const formWithoutNul = async (request: Request): Promise<Request> => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "")) return request;
    const body = formBodyWithoutNul(await request.text());
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
  };
  const config = portalApp.env();
  const runtime = await portalApp.createPortalRuntime({ jobs: options.jobs });

  const headerSettings: SecurityHeaderSettings = { https: config.APP_PROTOCOL === "https", storageOrigins: runtime.storageOrigins };
  const baseHeaders = baseSecurityHeaders(headerSettings);
  /** For what the host answers by itself: nothing may load or run, and it is never stored. */
  const hostAnswer = (res: express.Response) => res.set({ "Content-Security-Policy": LOCKED_CSP, "Cache-Control": "no-store" });

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", true);
  // Every answer, static files included, starts with the base headers; the app's answers get theirs below.
  app.use((_req, res, next) => {
    res.set(baseHeaders);
    next();
  });
  // Live event streams (app/realtime) are written event by event: never buffered for compression.
  // Static files, and the app's answers too big to compress in one piece (`sendWhole`).
  app.use(compression({ filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res) }));
  // The build's scripts and styles from their copies compressed once (`npm run build`), else as they are.
  app.use("/build", precompressedStatic(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // Only the folders `public/` holds: a page request never waits for a file lookup on disk.
  app.use("/pdfjs", express.static(path.join(root, "public/pdfjs"), { maxAge: "1h" }));
  app.get("/favicon.ico", (_req, res) => res.sendFile(path.join(root, "public/favicon.ico"), { maxAge: "1h" }));
  app.get("/healthz", (_req, res) => void res.type("text").send("ok"));

  app.use(async (req, res, next) => {
    try {
      // req.ip is the socket's address, or the load balancer's X-Forwarded-For with TRUST_PROXY.
      const portal = await runtime.contextFor(req.headers.host, req.ip ?? null);
      if (!portal) {
        hostAnswer(res)
          .status(404)
          .type("html")
          .send(unknownHostPage(`${config.APP_PROTOCOL}://${config.APP_DOMAIN}`));
        return;
      }
      // State-changing requests must come from this site's own pages (CSRF): a cross-site form
      // or script gets 403 here, before any action runs.
      const expectedOrigin = `${config.APP_PROTOCOL}://${req.headers.host}`;
      if (!originAllowed({ method: req.method, headers: { get: (name: string) => req.get(name) ?? null } as Headers }, expectedOrigin)) {
        hostAnswer(res).status(403).type("text").send("Forbidden: cross-origin request");
        return;
      }
      res.locals.portal = portal;
      next();
    } catch (error) {
      next(error);
    }
  });

  const handleRemix = createRequestHandler(portalApp.answerOutages(build), config.NODE_ENV === "production" ? "production" : build.mode);
  const remix: RequestHandler = async (req, res, next) => {
    try {
      const portal = res.locals.portal as PortalLoadContext;
      const requestCookie = req.get("cookie");
      const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      // A page a shared cache may keep (app/public-pages.server.ts) is rendered without a nonce:
      // its inline scripts are allowed by their hashes, taken from the page as sent, so every
      // copy a cache hands out stays valid. Every other answer gets a fresh nonce: the CSP allows
      // only inline scripts that carry it.
      const caching = publicPage({ site: portal.site, method: req.method, path: req.path, search, cookie: requestCookie });
      const cspNonce = caching ? undefined : randomBytes(16).toString("base64");
      // A page request's reads share one transaction, committed before rendering (entry.server.tsx)
      // or, for a data request, as soon as Remix has its answer.
      const answer = await withReadScope(req.method, async () => {
        const remixAnswer = await handleRemix(await formWithoutNul(createRemixRequest(req, res)), { portal, cspNonce });
        await endReadScope();
        return remixAnswer;
      });
      const headers = new Headers(answer.headers);
      let body: BodyInit | null = answer.body;
      if (cspNonce) {
        applyAppSecurityHeaders(headers, { settings: headerSettings, nonce: cspNonce, requestCookie });
      } else {
        const html = /^text\/html/i.test(headers.get("Content-Type") ?? "") ? await answer.text() : "";
        if (html) body = html;
        applyAppSecurityHeaders(headers, { settings: headerSettings, nonce: inlineScriptHashes(html), requestCookie });
        // A redirect, an error or an answer that sets a cookie keeps the usual caching.
        if (caching && answer.status === 200 && !headers.has("Set-Cookie")) {
          headers.set("Cache-Control", caching.cacheControl);
          headers.set("Vary", caching.vary);
        }
      }
      // A database outage (a page's error boundary, or a JSON route): the browser tries again later.
      if (answer.status === UNAVAILABLE_STATUS && !headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      // The adapter appends each header: drop the base values first so each header is sent once.
      for (const name of headers.keys()) res.removeHeader(name);
      if (body !== null && req.method !== "HEAD" && WHOLE_TYPES.test(headers.get("Content-Type") ?? "") && !headers.has("Content-Encoding")) {
        const read = typeof body === "string" ? { whole: Buffer.from(body), rest: null } : await readWhole(body as ReadableStream<Uint8Array>, WHOLE_LIMIT);
        if (read.whole) return sendWhole(req, res, answer, headers, read.whole);
        body = read.rest;
      }
      await sendRemixResponse(res, new Response(body, { status: answer.status, statusText: answer.statusText, headers }));
    } catch (error) {
      next(error);
    }
  };
  app.all("*", remix);

  // An error outside Remix (or before it answered): a plain 500 with the host's headers, or 503
  // with Retry-After while the database can't be reached (the firm could not be looked up).
  const onError: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      console.error(`Database unavailable: ${error instanceof Error ? error.message : String(error)}`);
      hostAnswer(res).status(UNAVAILABLE_STATUS).set("Retry-After", String(RETRY_AFTER_SECONDS)).type("text").send(UNAVAILABLE_MESSAGE);
      return;
    }
    console.error(error);
    hostAnswer(res).status(500).type("text").send("Internal Server Error");
  };
  app.use(onError);

  const port = options.port ?? config.PORT;
  let handed: Awaited<ReturnType<typeof serveHandedConnections>> | undefined;
  // A port already taken (EADDRINUSE) fails the start, with the runtime closed, instead of an uncaught error.
  const server: Server = await (async () => {
    if (options.handedConnections) {
      const s = http.createServer(app);
      handed = await serveHandedConnections(s);
      return s;
    }
    return new Promise<Server>((resolve, reject) => {
      const s = app.listen({ port, host: options.host ?? config.HOST }, () => {
        s.off("error", reject);
        resolve(s);
      });
      s.once("error", reject);
    });
  })().catch(async (error: unknown) => {
    await runtime.close().catch(() => {});
    throw error;
  });
  // Under `remix dev` (npm run dev), which restarts this process after each rebuild: the new build is served.
  if (build.mode === "development" && process.env.REMIX_DEV_ORIGIN) await broadcastDevReady(build);
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : Number(port);
  return {
    url: `${config.APP_PROTOCOL}://${config.APP_DOMAIN}`,
    port: actualPort,
    runtime,
    async close() {
      // Open live streams never end by themselves: end them, and their browsers reconnect elsewhere.
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      portalApp.closeAllStreams();
      await closing;
      await handed?.drain();
      server.closeAllConnections?.();
      await runtime.close();
    },
  };
}

/**
 * Pages, their data (client navigations) and JSON are sent in one piece with their length, and
 * compressed in one call for a browser that accepts it (`ENCODINGS`), instead of through the
 * `compression` middleware's stream (Brotli 4 in a stream per answer, through the thread pool):
 * scripts/bench/tenant-page.ts measured 2.97–2.99 ms of CPU per dashboard instead of 3.23–3.46 in
 * alternating runs. The app's answers are whole as soon as they are rendered (no deferred data);
 * one over WHOLE_LIMIT is streamed (and compressed) as before, from where it was read.
 */
const WHOLE_TYPES = /^(text\/html|text\/x-script|application\/json)\b/i;
const WHOLE_LIMIT = 1024 * 1024;
/** As `compression`: smaller answers are sent as they are. */
const COMPRESS_THRESHOLD = 1024;

/**
 * The encodings the app compresses its whole answers with, in the order it prefers them: zstd
 * level 3 (Chrome, Edge and Firefox ask for it; the dashboard's call takes ~0.22 ms in the server
 * against ~0.32 for Brotli 3, for the same size: 2.69–2.74 ms of CPU per dashboard instead of
 * 2.73–2.92 in alternating runs), Brotli quality 3 (Safari), then gzip level 3. zstd only where
 * Node has it (22.15 and later).
 */
const ENCODINGS: { name: string; compress: (whole: Buffer) => Buffer }[] = [
  ...(typeof zlib.zstdCompressSync === "function"
    ? [
        {
          name: "zstd",
          compress: (whole: Buffer) => zlib.zstdCompressSync(whole, { params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 }, pledgedSrcSize: whole.length }),
        },
      ]
    : []),
  {
    name: "br",
    compress: (whole) =>
      zlib.brotliCompressSync(whole, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: whole.length,
        },
      }),
  },
  { name: "gzip", compress: (whole) => zlib.gzipSync(whole, { level: 3 }) },
];

async function readWhole(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ whole: Buffer; rest: null } | { whole: null; rest: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { whole: Buffer.concat(chunks, size), rest: null };
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) break;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { whole: null, rest };
}

function sendWhole(req: express.Request, res: express.Response, answer: Response, headers: Headers, whole: Buffer) {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of headers.entries()) res.append(name, value);
  res.vary("Accept-Encoding");
  const encoding = whole.length < COMPRESS_THRESHOLD ? undefined : ENCODINGS.find(({ name }) => req.acceptsEncodings(name));
  const sent = encoding ? encoding.compress(whole) : whole;
  if (encoding) res.setHeader("Content-Encoding", encoding.name);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}

/**
 * One of `npm start`'s app server processes (scripts/lib/cluster.ts): serves, works the
 * background jobs (the first process reports the queue's start), and on SIGTERM/SIGINT, or when
 * the primary is gone, stops accepting, lets its requests and jobs finish, and exits.
 */
async function serveInCluster() {
  const first = cluster.worker?.id === 1;
  if (first) warnPatchesSkipped();
  // The primary hands each new connection to the server holding fewest (Linux, as in
  // scripts/lib/cluster.ts); elsewhere Node's cluster hands them out.
  const server = await startServer({
    handedConnections: process.platform === "linux",
    jobs: { log: first ? (message) => console.log(`\x1b[36m▸\x1b[0m Jobs: ${message}`) : () => {} },
  });
  // The primary counts its servers up, and hands connections only to those that said so (scripts/lib/cluster.ts).
  process.send?.({ portal: "listening", port: server.port });
  // Answered from the event loop: the primary hands new connections elsewhere while the answers
  // come late, and kills and starts again a server silent for SERVER_UNRESPONSIVE_SECONDS.
  process.on("message", (message: { portal?: unknown } | null) => {
    if (message?.portal === "ping" && process.connected) process.send?.({ portal: "alive" });
  });
  let closing: Promise<void> | undefined;
  const stop = () => {
    // No new connection for this one (when stopped by a signal of its own, not the primary's stop).
    if (process.connected) process.send?.({ portal: "stopping" });
    closing ??= server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!cluster.isWorker) warnPatchesSkipped();
  (cluster.isWorker ? serveInCluster() : startServer().then((s) => console.log(`Client portal listening on port ${s.port} (${s.url})`))).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
