/**
 * A local Stripe-protocol server for `npm start` and the tests (no Stripe keys): the official SDK
 * is pointed at it (app/payments/stripe.server.ts). It answers the API calls the product makes,
 * serves pages a person clicks to finish what Stripe's hosted pages do (Connect onboarding,
 * Checkout), and then sends signed webhooks to the app, as Stripe does, from the connected
 * account (`event.account`).
 *
 *   const fake = await startStripeFake({ webhookSecret, webhook: { url: "http://127.0.0.1:3000/webhooks/stripe", host: "localhost:3000" } });
 *   fake.url                                  // STRIPE_FAKE_URL
 *   fake.route("POST", "/v1/identity/verification_sessions", handler);   // more API calls
 *   fake.page("/identity/:id", pageHandler);                               // more clickable pages
 *   await fake.send(accountId, "checkout.session.completed", session);     // a signed webhook
 *   fake.failWith(503);                        // the API answers errors until failWith(null)
 *
 * State is kept in memory. An account id it did not create itself (a demo firm's, or one stored
 * before a restart) is answered as fully onboarded.
 *
 * Runs outside the app (scripts/lib/boot.ts, tests/support): imports nothing from ~/.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { parseStripeForm } from "./form";
import type { FakeAnswer, FakeHandler, SentEvent, StripeFake, StripeFakeOptions } from "./types";

export type * from "./types";
import { registerConnect } from "./connect";
import { registerCheckout } from "./checkout";
import { registerIdentity } from "./identity";

interface Route {
  method: string;
  regex: RegExp;
  names: string[];
  handler: FakeHandler;
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([a-zA-Z_]+)/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { regex: new RegExp(`^${source}$`), names };
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const routes: Route[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const sent: SentEvent[] = [];
  const replays = new Map<string, Promise<FakeAnswer>>();
  let target = options.webhook ?? null;
  let failStatus: number | null = null;
  const signer = new Stripe("sk_test_local_fake");
  const log = options.log ?? (() => {});
  const delay = options.webhookDelayMs ?? 800;
  let url = "";

  const deliver = (event: Stripe.Event): Promise<SentEvent> => {
    const payload = JSON.stringify(event);
    const record: SentEvent = { event, status: null };
    sent.push(record);
    if (!target) return Promise.resolve({ ...record, error: "no webhook target" });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const to = new URL(target.url);
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          hostname: to.hostname,
          port: to.port,
          path: to.pathname + to.search,
          method: "POST",
          headers: {
            host: target?.host ?? to.host,
            "content-type": "application/json; charset=utf-8",
            "content-length": Buffer.byteLength(payload),
            "stripe-signature": signature,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            record.status = res.statusCode ?? null;
            if (record.status !== 200) log(`Stripe fake: webhook ${event.type} answered ${record.status}`);
            resolve(record);
          });
        },
      );
      req.on("error", (error) => {
        record.error = String(error);
        log(`Stripe fake: webhook ${event.type} not delivered: ${record.error}`);
        resolve(record);
      });
      req.end(payload);
    });
  };

  const fake: StripeFake = {
    get url() {
      return url;
    },
    objects,
    sent,
    route(method, pattern, handler) {
      routes.unshift({ method: method.toUpperCase(), ...compile(pattern), handler });
    },
    page(pattern, handler) {
      fake.route("GET", pattern, handler);
    },
    send(account, type, object) {
      const event = {
        id: fake.newId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        account,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      } as unknown as Stripe.Event;
      return deliver(event);
    },
    sendLater(account, type, object, ms = delay) {
      const snapshot = structuredClone(object);
      setTimeout(() => void fake.send(account, type, snapshot), ms).unref();
    },
    setWebhookTarget(next) {
      target = next;
    },
    failWith(status) {
      failStatus = status;
    },
    newId(prefix) {
      return `${prefix}_${randomBytes(12).toString("hex")}`;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const answer = (res: ServerResponse, result: FakeAnswer) => {
    if ("redirect" in result) {
      res.writeHead(303, { Location: result.redirect });
      res.end();
    } else if ("html" in result) {
      res.writeHead(result.status ?? 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(result.html);
    } else {
      res.writeHead(result.status ?? 200, { "Content-Type": "application/json", "Request-Id": fake.newId("req") });
      res.end(JSON.stringify(result.json));
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, text: string) => {
    const full = new URL(req.url ?? "/", "http://fake");
    const method = (req.method ?? "GET").toUpperCase();
    const isApi = full.pathname.startsWith("/v1/");
    if (isApi && failStatus !== null) {
      return answer(res, { status: failStatus, json: { error: { type: "api_error", message: "The local Stripe fake is failing on purpose." } } });
    }
    for (const route of routes) {
      if (route.method !== method) continue;
      const match = route.regex.exec(full.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const account = req.headers["stripe-account"];
      // Stripe's idempotency: the same key (per account) answers what it answered the first time.
      const idempotency = isApi && method === "POST" ? req.headers["idempotency-key"] : undefined;
      const replayKey = typeof idempotency === "string" ? `${String(account)}:${idempotency}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return answer(res, await replay);
      const result = Promise.resolve(
        route.handler({
          method,
          path: full.pathname,
          params,
          query: full.searchParams,
          body: parseStripeForm(text),
          account: Array.isArray(account) ? account[0] : account,
        }),
      );
      if (replayKey) replays.set(replayKey, result);
      return answer(res, await result);
    }
    answer(res, {
      status: 404,
      json: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${full.pathname}).` } },
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch((error: unknown) => {
        log(`Stripe fake: ${String(error)}`);
        if (!res.headersSent) answer(res, { status: 500, json: { error: { type: "api_error", message: String(error) } } });
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  registerConnect(fake);
  registerCheckout(fake);
  registerIdentity(fake);
  return fake;
}
