import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { env, outboxEnabled } from "~/env.server";
import { listOutboundMessages } from "./outbox.server";

export const DEV_OUTBOX_LIMIT = 100;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (Node's usual form for a local IPv4 client). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === "::1";
}

/** One message as the development outbox shows it (also its JSON form). */
export interface DevOutboxMessage {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: "queued" | "sending" | "sent" | "failed" | "withdrawn";
  providerMessageId: string | null;
  attempts: number;
  error: string | null;
  userId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

/**
 * The firm's latest outbound messages, for a developer reading magic links and codes. Only while
 * the outbox is all there is (`outboxEnabled()`: no email or SMS provider, a local APP_DOMAIN),
 * else 404; and only the current firm's messages (its scoped client).
 */
export async function loadDevOutbox(context: LoaderFunctionArgs["context"]) {
  if (!outboxEnabled()) throw new Response("Not Found", { status: 404 });
  const { firm, db, clientAddress } = requireFirmSite(context);
  // The server listens on every interface by default: someone on the local network sending
  // `Host: acme.localhost` must not read the codes. Only this machine (and never through a proxy's
  // X-Forwarded-For, which a client can write) sees the outbox.
  if (env().TRUST_PROXY || !isLoopbackAddress(clientAddress)) throw new Response("Not Found", { status: 404 });
  const messages = await listOutboundMessages(db, { limit: DEV_OUTBOX_LIMIT });
  return {
    firm: { name: firm.name, slug: firm.slug },
    limit: DEV_OUTBOX_LIMIT,
    messages: messages.map((m): DevOutboxMessage => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      html: m.html,
      status: m.status,
      providerMessageId: m.providerMessageId,
      attempts: m.attempts,
      error: m.error,
      userId: m.userId,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      nextAttemptAt: m.nextAttemptAt.toISOString(),
    })),
  };
}

/** The page's loader (app/routes/dev.outbox.tsx): `?format=json` goes to the JSON form. */
export async function devOutboxPageLoader({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">) {
  const outbox = await loadDevOutbox(context);
  if (new URL(request.url).searchParams.get("format") === "json") throw redirect("/dev/outbox.json");
  return outbox;
}

/** The JSON form (app/routes/dev.outbox[.json].tsx). */
export async function devOutboxJsonLoader({ context }: Pick<LoaderFunctionArgs, "context">) {
  return Response.json(await loadDevOutbox(context), { headers: { "Cache-Control": "no-store" } });
}
