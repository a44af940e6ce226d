/** The local Stripe fake's shapes (./server.ts). */
import type Stripe from "stripe";
import type { StripeParams } from "./form";

export interface WebhookTarget {
  /** Where to POST, e.g. http://127.0.0.1:3000/webhooks/stripe. */
  url: string;
  /** The Host header to send (the app's root domain, e.g. localhost:3000); default: the URL's. */
  host?: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The form body (API calls: Stripe's bracketed encoding, parsed). */
  body: StripeParams;
  /** The Stripe-Account header: the connected account the call acts on. */
  account: string | undefined;
}

export type FakeAnswer = { status?: number; json: unknown } | { status?: number; html: string } | { redirect: string };

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface SentEvent {
  event: Stripe.Event;
  status: number | null;
  error?: string;
}

export interface StripeFake {
  /** Base URL (no trailing slash): STRIPE_FAKE_URL. */
  url: string;
  /** Objects by id (accounts, checkout sessions, and what extensions keep). */
  objects: Map<string, Record<string, unknown>>;
  /** Webhooks sent, oldest first. */
  sent: SentEvent[];
  /** Adds an API call or page; `:name` segments become params. Later routes win. */
  route(method: string, pattern: string, handler: FakeHandler): void;
  /** A clickable page (GET) and its form posts go through `route` too. */
  page(pattern: string, handler: FakeHandler): void;
  /** Builds a signed event from `account` and sends it to the webhook target; resolves when answered. */
  send(account: string, type: string, object: Record<string, unknown>): Promise<SentEvent>;
  /** Sends an event after `ms` (what Stripe does after its hosted page redirects). */
  sendLater(account: string, type: string, object: Record<string, unknown>, ms?: number): void;
  setWebhookTarget(target: WebhookTarget | null): void;
  /** Answer every API call with this status (a Stripe-shaped error) until null. */
  failWith(status: number | null): void;
  /** A new id with Stripe's prefix, e.g. `cs_test_…`. */
  newId(prefix: string): string;
  stop(): Promise<void>;
}

export interface StripeFakeOptions {
  port?: number;
  host?: string;
  webhookSecret: string;
  webhook?: WebhookTarget | null;
  /** Delay of webhooks sent after a hosted page (ms); default 800. */
  webhookDelayMs?: number;
  log?: (message: string) => void;
}
