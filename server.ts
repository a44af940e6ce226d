/**
 * The HTTP host. Resolves the firm from the Host header (never from anything else the client
 * controls), answers unknown hosts itself, serves assets, and hands `{ portal }` to Remix.
 *
 * Usage: tsx server.ts        (expects DATABASE_URL and S3 settings; `npm start` provides them)
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Server } from "node:http";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { env } from "~/env.server";
import type { PortalLoadContext } from "~/context.server";
import type { PortalRuntime } from "~/tenancy/runtime.server";
import { unknownHostPage } from "~/tenancy/unknown-host-page";
import { originAllowed } from "~/auth/origin";

installGlobals({ nativeFetch: true });

const root = path.dirname(fileURLToPath(import.meta.url));

export interface PortalServer {
  url: string;
  port: number;
  runtime: PortalRuntime;
  close(): Promise<void>;
}

export async function startServer(options: { port?: number; host?: string } = {}): Promise<PortalServer> {
  const config = env();
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const entry = build.entry.module as unknown as { createPortalRuntime: () => Promise<PortalRuntime> };
  const runtime = await entry.createPortalRuntime();

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", true);
  app.use(compression());
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  app.get("/healthz", (_req, res) => void res.type("text").send("ok"));

  app.use(async (req, res, next) => {
    try {
      // req.ip is the socket's address, or the load balancer's X-Forwarded-For with TRUST_PROXY.
      const portal = await runtime.contextFor(req.headers.host, req.ip ?? null);
      if (!portal) {
        res.status(404).type("html").set("Cache-Control", "no-store").send(unknownHostPage(`${config.APP_PROTOCOL}://${config.APP_DOMAIN}`));
        return;
      }
      // State-changing requests must come from this site's own pages (CSRF): a cross-site form
      // or script gets 403 here, before any action runs.
      const expectedOrigin = `${config.APP_PROTOCOL}://${req.headers.host}`;
      if (!originAllowed({ method: req.method, headers: { get: (name: string) => req.get(name) ?? null } as Headers }, expectedOrigin)) {
        res.status(403).type("text").set("Cache-Control", "no-store").send("Forbidden: cross-origin request");
        return;
      }
      res.locals.portal = portal;
      next();
    } catch (error) {
      next(error);
    }
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.NODE_ENV === "production" ? "production" : build.mode,
      getLoadContext: (_req, res) => ({ portal: res.locals.portal as PortalLoadContext }),
    }),
  );

  const port = options.port ?? config.PORT;
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, options.host ?? config.HOST, () => resolve(s));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `${config.APP_PROTOCOL}://${config.APP_DOMAIN}`,
    port: actualPort,
    runtime,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await runtime.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  startServer()
    .then((s) => console.log(`Client portal listening on port ${s.port} (${s.url})`))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
