/**
 * Live events over HTTP (built app, real PostgreSQL, two app servers on one database):
 * - GET /api/events answers 401 without a session (or with a forged one), else an event stream;
 * - a stream carries only what its viewer may see: never another firm's events, never a
 *   conversation the client does not take part in, never one of another firm group's entities
 *   for group-access staff; notifications only to the person notified;
 * - a message written through one server reaches a stream held on the other (NOTIFY);
 * - a stream resumed with Last-Event-ID is told to resync, with a later id;
 * - a dropped LISTEN connection is made again, its streams told to resync;
 * - signing out elsewhere closes the stream.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortalServer } from "../../server";
import { bootApp, type Browser, type TestApp } from "../support/app";

interface SseEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/** A stream as a browser's EventSource would hold it: the parsed events, in order. */
interface HeldStream {
  status: number;
  contentType: string;
  events: SseEvent[];
  ended: Promise<void>;
  next(what: string, match: (e: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
}

let app: TestApp;
let second: PortalServer;

function openStream(options: { port?: number; slug: string; cookie?: string; lastEventId?: string }): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: options.port ?? app.port,
      path: "/api/events",
      headers: {
        host: app.host(options.slug),
        accept: "text/event-stream",
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const events: SseEvent[] = [];
      const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
      let buffer = "";
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = new Map<string, string>();
          for (const line of block.split("\n")) {
            if (!line || line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has("event")) continue;
          const event: SseEvent = { id: fields.get("id") ?? null, event: fields.get("event")!, data: JSON.parse(fields.get("data") ?? "null") };
          events.push(event);
          for (const w of [...waiters]) {
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
          }
        }
      });
      res.on("end", endResolve);
      res.on("close", endResolve);
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers["content-type"] ?? ""),
        events,
        ended,
        next(what, match) {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => rejectEvent(new Error(`No ${what} event; got ${JSON.stringify(events)}`)), 10_000);
            waiters.push({
              match,
              resolve: (e) => {
                clearTimeout(timer);
                resolveEvent(e);
              },
            });
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.end();
  });
}

const isMessage = (conversationId: string) => (e: SseEvent) =>
  e.event === "message" && (e.data as { conversationId: string }).conversationId === conversationId;
const isNotification = (e: SseEvent) => e.event === "notification";

/**
 * A marker every stream of the firm gets after what was published before it: a banner event,
 * straight through NOTIFY. A stream handles events in order, so once it has the marker it has
 * decided about everything before it.
 */
async function marker(firm: string) {
  await app.su.query("SELECT pg_notify('portal_live', $1)", [JSON.stringify({ t: "banner", f: firm })]);
}
const markers = (s: HeldStream) => s.events.filter((e) => e.event === "banner").length;

const hashOf = (slug: string, name: string) =>
  app.tx(slug, async (t) => (await t.company.findFirstOrThrow({ where: { name }, select: { hashId: true } })).hashId);

async function clientSend(slug: string, browser: Browser, hash: string, text: string): Promise<string> {
  const sent = await app.post(slug, `/inbox/${hash}.data`, { intent: "send", text }, browser.cookie);
  expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(400);
  const conversation = await app.tx(slug, (t) =>
    t.conversation.findFirstOrThrow({
      where: { companies: { some: { company: { hashId: hash } } } },
      orderBy: { lastMessageAt: "desc" },
      select: { id: true },
    }),
  );
  return conversation.id;
}

beforeAll(async () => {
  app = await bootApp({ name: "realtime-http" });
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  const { startServer } = await import("../../server");
  second = await startServer({ port: await freePort(), host: "127.0.0.1", instance: "second", jobs: false });
}, 180_000);

afterAll(async () => {
  await second?.close();
  await app?.stop();
});

describe("live event stream", () => {
  it("answers 401 and no stream without a session or with a forged one; a stream for a signed-in person", async () => {
    const none = await openStream({ slug: "acme" });
    expect(none.status).toBe(401);
    expect(none.contentType).toMatch(/json/);
    const forged = await openStream({ slug: "acme", cookie: "portal_session=" + "x".repeat(40) });
    expect(forged.status).toBe(401);

    const jordan = await app.signIn("acme", "client@acme.test");
    const stream = await openStream({ slug: "acme", cookie: jordan.cookie });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.next("ready", (e) => e.event === "ready");
    // Acme's session means nothing on Summit's site.
    const elsewhere = await openStream({ slug: "summit", cookie: jordan.cookie });
    expect(elsewhere.status).toBe(401);
    stream.close();
  });

  it("passes a message only to the firm's people who may open the conversation", async () => {
    // Summit: Morgan Outdoor Gear (Business Services) against Nina (group access, Individual Tax).
    const summitPartner = await app.signIn("summit", "partner@summit.test");
    const nina = await app.signIn("summit", "nina.patel@summit.test");
    const morganClient = await app.signIn("summit", "client@summit.test");
    const chris = await app.signIn("summit", "chris.adams@example.com");
    // Acme: Jordan's entity against Emily, another client.
    const acmePartner = await app.signIn("acme", "partner@acme.test");
    const jordan = await app.signIn("acme", "client@acme.test");
    const emily = await app.signIn("acme", "emily.chen@example.com");

    const streams = {
      summitPartner: await openStream({ slug: "summit", cookie: summitPartner.cookie }),
      nina: await openStream({ slug: "summit", cookie: nina.cookie }),
      morganClient: await openStream({ slug: "summit", cookie: morganClient.cookie }),
      chris: await openStream({ slug: "summit", cookie: chris.cookie }),
      acmePartner: await openStream({ slug: "acme", cookie: acmePartner.cookie }),
      jordan: await openStream({ slug: "acme", cookie: jordan.cookie }),
      emily: await openStream({ slug: "acme", cookie: emily.cookie }),
    };
    for (const s of Object.values(streams)) await s.next("ready", (e) => e.event === "ready");

    const summitConversation = await clientSend("summit", morganClient, await hashOf("summit", "Morgan Outdoor Gear Inc"), "Live from Morgan");
    const acmeConversation = await clientSend("acme", jordan, await hashOf("acme", "Jordan & Casey Rivera"), "Live from Jordan");

    // Those who may open it get it.
    await streams.summitPartner.next("Summit message", isMessage(summitConversation));
    await streams.morganClient.next("Summit message", isMessage(summitConversation));
    await streams.acmePartner.next("Acme message", isMessage(acmeConversation));
    await streams.jordan.next("Acme message", isMessage(acmeConversation));

    // Everyone else has decided about both messages once their marker comes; none of them passed either.
    await marker("firm_summit");
    await marker("firm_acme");
    for (const s of Object.values(streams)) await s.next("marker", (e) => e.event === "banner");
    for (const [name, s] of Object.entries(streams)) {
      const messages = s.events.filter((e) => e.event === "message").map((e) => (e.data as { conversationId: string }).conversationId);
      const expected =
        name === "summitPartner" || name === "morganClient" ? [summitConversation] : name === "acmePartner" || name === "jordan" ? [acmeConversation] : [];
      expect(new Set(messages), name).toEqual(new Set(expected));
    }

    // A staff reply: the client sees it; so do the firm's staff who may; nobody else.
    const reply = await app.post("summit", `/messages/${summitConversation}.data`, { intent: "send", text: "Live reply" }, summitPartner.cookie);
    expect(reply.status, reply.text.slice(0, 300)).toBeLessThan(400);
    await streams.morganClient.next(
      "staff reply",
      (e) =>
        isMessage(summitConversation)(e) &&
        (e.data as { change: string }).change === "new" &&
        streams.morganClient.events.filter(isMessage(summitConversation)).length >= 2,
    );
    // Notifications go only to the ones notified (the client of the conversation).
    await streams.morganClient.next("notification", (e) => isNotification(e));
    await marker("firm_summit");
    for (const s of [streams.chris, streams.nina]) await s.next("second marker", () => markers(s) >= 2);
    for (const s of [streams.chris, streams.nina]) {
      expect(s.events.filter((e) => e.event === "message" || e.event === "notification")).toEqual([]);
    }
    // Acme's streams heard nothing of Summit's reply.
    await marker("firm_acme");
    for (const s of [streams.acmePartner, streams.jordan, streams.emily]) await s.next("second marker", () => markers(s) >= 2);
    for (const s of [streams.acmePartner, streams.jordan, streams.emily]) {
      expect(s.events.filter(isMessage(summitConversation))).toEqual([]);
    }

    for (const s of Object.values(streams)) s.close();
  });

  it("carries a message written through one server to a stream held on the other", async () => {
    const partner = await app.signIn("acme", "partner@acme.test");
    const jordan = await app.signIn("acme", "client@acme.test");
    const onSecond = await openStream({ port: second.port, slug: "acme", cookie: partner.cookie });
    expect(onSecond.status).toBe(200);
    await onSecond.next("ready", (e) => e.event === "ready");
    const conversation = await clientSend("acme", jordan, await hashOf("acme", "Jordan & Casey Rivera"), "Through the first server");
    await onSecond.next("message from the first server", isMessage(conversation));
    onSecond.close();
  });

  it("tells a stream resumed with Last-Event-ID to resync, with later ids", async () => {
    const jordan = await app.signIn("acme", "client@acme.test");
    const first = await openStream({ slug: "acme", cookie: jordan.cookie });
    const ready = await first.next("ready", (e) => e.event === "ready");
    first.close();
    const resumed = await openStream({ slug: "acme", cookie: jordan.cookie, lastEventId: ready.id! });
    const resync = await resumed.next("resync", (e) => e.event === "resync");
    expect(BigInt(resync.id!)).toBeGreaterThan(BigInt(ready.id!));
    expect(resumed.events.some((e) => e.event === "ready")).toBe(false);
    resumed.close();
  });

  it("reconnects a dropped LISTEN connection, tells the streams to resync, and goes on delivering", async () => {
    const partner = await app.signIn("acme", "partner@acme.test");
    const jordan = await app.signIn("acme", "client@acme.test");
    const stream = await openStream({ slug: "acme", cookie: partner.cookie });
    await stream.next("ready", (e) => e.event === "ready");
    const { rows } = await app.su.query("SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'portal_app_live'");
    expect(rows.length).toBeGreaterThanOrEqual(2); // one per app server
    await stream.next("resync", (e) => e.event === "resync");
    const conversation = await clientSend("acme", jordan, await hashOf("acme", "Jordan & Casey Rivera"), "After the reconnection");
    await stream.next("message after the reconnection", (e) => isMessage(conversation)(e) && stream.events.some((r) => r.event === "resync"));
    stream.close();
  });

  it("closes the stream when its session ends elsewhere", async () => {
    const emily = await app.signIn("acme", "emily.chen@example.com");
    const stream = await openStream({ port: second.port, slug: "acme", cookie: emily.cookie });
    await stream.next("ready", (e) => e.event === "ready");
    const out = await app.post("acme", "/signout", {}, emily.cookie);
    expect(out.status).toBeLessThan(400);
    await stream.ended;
    expect((await openStream({ slug: "acme", cookie: emily.cookie })).status).toBe(401);
  });
});
