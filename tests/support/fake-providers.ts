/**
 * A throwaway HTTP server (127.0.0.1, a free port) that answers like Resend and Twilio and
 * records every request, so tests drive the real SDKs and assert on what they sent.
 *
 *   let providers: FakeProviders;
 *   beforeAll(async () => { providers = await startFakeProviders(); });
 *   afterAll(() => providers?.stop());
 *
 *   process.env.RESEND_BASE_URL = providers.url;   // Resend: POST /emails → { id }
 *   process.env.TWILIO_BASE_URL = providers.url;   // Twilio: POST /2010-04-01/Accounts/{sid}/Messages.json → { sid, … }
 *   providers.failWith(500);                       // every later request fails until failWith(null)
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/emails`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as text. */
  text: string;
  /** The body parsed from JSON or form encoding (last value wins for repeated form keys). */
  body: Record<string, unknown>;
  /** What the server answered. */
  status: number;
  response: Record<string, unknown>;
}

export interface FakeProviders {
  /** Base URL, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  /** Requests to Resend's `POST /emails`. */
  emails(): RecordedRequest[];
  /** Requests to Twilio's `POST …/Messages.json`. */
  smsMessages(): RecordedRequest[];
  /** Answer every later request with this status (and a provider-shaped error), or normally with `null`. */
  failWith(status: number | null): void;
  /** Forget recorded requests and stop failing. */
  reset(): void;
  stop(): Promise<void>;
}

const TWILIO_MESSAGES = /^\/2010-04-01\/Accounts\/(AC[0-9a-zA-Z]+)\/Messages\.json$/;

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: RecordedRequest[] = [];
  let failStatus: number | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      const pathname = path.split("?")[0];
      const answer = (status: number, payload: Record<string, unknown>) => {
        requests.push({
          method: req.method ?? "GET",
          path,
          headers: req.headers,
          text,
          body: parseBody(req.headers["content-type"], text),
          status,
          response: payload,
        });
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };

      if (failStatus !== null) {
        // Resend's and Twilio's error shapes, close enough for their SDKs to report them.
        return TWILIO_MESSAGES.test(pathname)
          ? answer(failStatus, { code: 20500, message: "Internal Server Error (fake)", more_info: "", status: failStatus })
          : answer(failStatus, { statusCode: failStatus, name: "internal_server_error", message: "Internal Server Error (fake)" });
      }

      if (req.method === "POST" && pathname === "/emails") {
        return answer(200, { id: randomUUID() });
      }

      const twilio = TWILIO_MESSAGES.exec(pathname);
      if (req.method === "POST" && twilio) {
        const form = new URLSearchParams(text);
        const now = new Date().toUTCString();
        const sid = `SM${randomUUID().replace(/-/g, "")}`;
        return answer(201, {
          sid,
          account_sid: twilio[1],
          to: form.get("To"),
          from: form.get("From"),
          body: form.get("Body"),
          status: "queued",
          num_segments: "1",
          direction: "outbound-api",
          api_version: "2010-04-01",
          date_created: now,
          date_updated: now,
          date_sent: null,
          error_code: null,
          error_message: null,
          price: null,
          price_unit: "USD",
          uri: `/2010-04-01/Accounts/${twilio[1]}/Messages/${sid}.json`,
          subresource_uris: {},
        });
      }

      answer(404, { message: `No fake for ${req.method} ${pathname}` });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    emails: () => requests.filter((r) => r.method === "POST" && r.path.split("?")[0] === "/emails"),
    smsMessages: () => requests.filter((r) => r.method === "POST" && TWILIO_MESSAGES.test(r.path.split("?")[0])),
    failWith(status) {
      failStatus = status;
    },
    reset() {
      requests.length = 0;
      failStatus = null;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function parseBody(contentType: string | undefined, text: string): Record<string, unknown> {
  if (!text) return {};
  if (contentType?.includes("application/json")) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return {};
}
