import { describe, expect, it } from "vitest";
import { PAYLOAD_LIMIT, chunkEvent, eventIdSequence, parseHeard, parseLastEventId, sseEvent } from "~/realtime/events";

describe("live events", () => {
  it("splits a long notification list so each NOTIFY payload stays under the limit", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `user_${String(i).padStart(20, "0")}`);
    const parts = chunkEvent({ t: "notification", u: ids });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((p) => (p.t === "notification" ? p.u : []))).toEqual(ids);
    for (const p of parts) expect(JSON.stringify({ ...p, f: "firm_" + "x".repeat(59) }).length).toBeLessThan(PAYLOAD_LIMIT + 100);
    expect(chunkEvent({ t: "message", c: "c1", k: "new" })).toEqual([{ t: "message", c: "c1", k: "new" }]);
  });

  it("accepts only well-formed payloads", () => {
    expect(parseHeard('{"t":"message","c":"msg_1","k":"edit","f":"firm_acme"}')).toEqual({ t: "message", c: "msg_1", k: "edit", f: "firm_acme" });
    expect(parseHeard('{"t":"banner","f":""}')).toEqual({ t: "banner", f: null });
    expect(parseHeard('{"t":"session","f":"firm_acme"}')).toEqual({ t: "session", f: "firm_acme" });
    expect(parseHeard("not json")).toBeNull();
    expect(parseHeard('{"t":"message","c":"a b","k":"new","f":"firm_acme"}')).toBeNull();
    expect(parseHeard('{"t":"message","c":"c1","k":"explode","f":"firm_acme"}')).toBeNull();
    expect(parseHeard('{"t":"notification","u":[1],"f":"firm_acme"}')).toBeNull();
    expect(parseHeard('{"t":"message","c":"c1","k":"new","f":"firm acme"}')).toBeNull();
    expect(parseHeard('{"t":"other","f":"firm_acme"}')).toBeNull();
  });

  it("numbers events increasingly, even within one millisecond or when the clock steps back", () => {
    let now = 1_000;
    const next = eventIdSequence(() => now);
    const a = next();
    const b = next();
    now = 900;
    const c = next();
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
    expect(parseLastEventId(String(c))).toBe(c);
    expect(parseLastEventId("12ab")).toBeNull();
    expect(parseLastEventId("")).toBeNull();
  });

  it("writes one event per block with its id, type and JSON data", () => {
    expect(sseEvent(7, "message", { conversationId: "c1", change: "new" })).toBe('id: 7\nevent: message\ndata: {"conversationId":"c1","change":"new"}\n\n');
  });
});
