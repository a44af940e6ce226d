/**
 * The cluster primary's hand-out of connections (scripts/lib/cluster.ts): each goes to the
 * ready server holding the fewest; none is given while no server is ready (they wait, up to a
 * limit); one whose hand-over fails goes to another server; a late one is passed over while
 * another can take it, and a silent one found stuck. The servers here are stand-ins that
 * record what they were sent: tests/integration/start-after-crash.test.ts runs the real cluster.
 */
import type { Worker } from "node:cluster";
import type net from "node:net";
import { describe, expect, it } from "vitest";
import { HandOut, HEARTBEAT_MS, Heartbeats, restartDelayMs, startTimeoutSeconds, unresponsiveSeconds } from "../../scripts/lib/cluster";

type Sent = (error: Error | null) => void;

function server(name: string, options: { fails?: boolean; stuck?: Sent[] } = {}) {
  const received: string[] = [];
  const worker = {
    send(_message: unknown, socket: { name: string }, _options: { keepOpen: boolean }, callback: Sent) {
      if (options.fails) return void queueMicrotask(() => callback(new Error("channel closed")));
      // Not written yet (it has not taken the one before): Node calls back once it is, or never if the server dies.
      if (options.stuck) return void options.stuck.push(callback);
      received.push(socket.name);
      queueMicrotask(() => callback(null));
    },
  };
  return { worker: worker as unknown as Worker, received };
}

function connection(name: string) {
  const socket = {
    name,
    destroyed: false,
    destroy() {
      socket.destroyed = true;
    },
  };
  return socket as typeof socket & net.Socket;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("HandOut", () => {
  it("gives each connection to the server holding fewest, the first in start order on a tie", () => {
    const handOut = new HandOut();
    const [a, b] = [server("a"), server("b")];
    handOut.add(a.worker);
    handOut.add(b.worker);
    for (const name of ["1", "2", "3", "4"]) handOut.give(connection(name));
    expect(a.received).toEqual(["1", "3"]);
    expect(b.received).toEqual(["2", "4"]);
    // Two of a's end: the next two go to a, then the tie goes to a again.
    handOut.closed(a.worker);
    handOut.closed(a.worker);
    for (const name of ["5", "6", "7"]) handOut.give(connection(name));
    expect(a.received).toEqual(["1", "3", "5", "6", "7"]);
    expect(handOut.counts()).toEqual([3, 2]);
  });

  it("gives a server started again the new connections until it holds as many as the others", () => {
    const handOut = new HandOut();
    const [a, b] = [server("a"), server("b")];
    handOut.add(a.worker);
    handOut.add(b.worker);
    for (let i = 0; i < 6; i++) handOut.give(connection(`first ${i}`));
    handOut.remove(b.worker); // crashed
    const again = server("b again");
    handOut.add(again.worker);
    for (let i = 0; i < 4; i++) handOut.give(connection(`second ${i}`));
    expect(again.received).toEqual(["second 0", "second 1", "second 2"]);
    expect(a.received.slice(3)).toEqual(["second 3"]);
    expect(handOut.counts()).toEqual([4, 3]);
  });

  it("keeps connections waiting while no server is ready, up to a limit, and closes them on stop", () => {
    const handOut = new HandOut();
    const waiting = Array.from({ length: 520 }, (_, i) => connection(`c${i}`));
    for (const socket of waiting) handOut.give(socket);
    expect(waiting.filter((s) => s.destroyed)).toHaveLength(8); // beyond 512
    const a = server("a");
    handOut.add(a.worker);
    expect(a.received).toHaveLength(512);
    expect(a.received[0]).toBe("c0");

    const later = new HandOut();
    const kept = connection("kept");
    later.give(kept);
    later.close();
    expect(kept.destroyed).toBe(true);
  });

  it("gives a connection whose hand-over failed to another server, and no more to the failed one", async () => {
    const handOut = new HandOut();
    const [gone, b] = [server("gone", { fails: true }), server("b")];
    handOut.add(gone.worker);
    handOut.add(b.worker);
    handOut.give(connection("1"));
    await settle();
    handOut.give(connection("2"));
    await settle();
    expect(b.received).toEqual(["1", "2"]);
    expect(handOut.counts()).toEqual([2]);
  });

  it("gives the connections still queued for a server that died to another, once", async () => {
    const handOut = new HandOut();
    const stuck: Sent[] = [];
    const [dying, b] = [server("dying", { stuck }), server("b")];
    handOut.add(dying.worker);
    handOut.add(b.worker);
    for (const name of ["1", "2", "3", "4"]) handOut.give(connection(name));
    expect(b.received).toEqual(["2", "4"]);
    handOut.exited(dying.worker);
    expect(b.received).toEqual(["2", "4", "1", "3"]);
    // A late word from the dead server's channel changes nothing.
    for (const callback of stuck) callback(new Error("channel closed"));
    await settle();
    expect(b.received).toEqual(["2", "4", "1", "3"]);
    expect(handOut.counts()).toEqual([4]);
  });

  it("closes its own descriptor of a connection once it is written to the server's channel", async () => {
    const handOut = new HandOut();
    const stuck: Sent[] = [];
    const [a, b] = [server("a"), server("b", { stuck })];
    handOut.add(a.worker);
    handOut.add(b.worker);
    const [written, waiting] = [connection("written"), connection("waiting")];
    handOut.give(written);
    handOut.give(waiting);
    await settle();
    expect(written.destroyed).toBe(true);
    expect(waiting.destroyed).toBe(false);
    stuck[0]!(null);
    expect(waiting.destroyed).toBe(true);
  });

  it("takes none from a server that is stopping, and never counts below zero", () => {
    const handOut = new HandOut();
    const [a, b] = [server("a"), server("b")];
    handOut.add(a.worker);
    handOut.add(b.worker);
    handOut.closed(a.worker);
    handOut.remove(a.worker); // said it stops
    handOut.give(connection("1"));
    handOut.give(connection("2"));
    expect(a.received).toEqual([]);
    expect(b.received).toEqual(["1", "2"]);
  });
});

describe("Heartbeats", () => {
  /** A clock moved by hand, checked every HEARTBEAT_MS as the primary does. */
  function clock() {
    let now = 0;
    return {
      now: () => now,
      advance(ms: number) {
        now += ms;
      },
    };
  }

  it("finds a server late after 2 s without an answer, and stuck after its limit, counting again from each answer", () => {
    const time = clock();
    const heartbeats = new Heartbeats({ lateMs: 2_000, stuckMs: 5_000, now: time.now });
    const [a, b] = [server("a").worker, server("b").worker];
    heartbeats.watch(a);
    heartbeats.watch(b);
    const stuck: Worker[][] = [];
    for (let elapsed = 0; elapsed < 6_000; elapsed += HEARTBEAT_MS) {
      time.advance(HEARTBEAT_MS);
      heartbeats.alive(b); // b answers every ping, a never does
      if (elapsed === 1_000) expect([heartbeats.late(a), heartbeats.late(b)]).toEqual([false, false]);
      if (elapsed === 2_000) expect([heartbeats.late(a), heartbeats.late(b)]).toEqual([true, false]);
      stuck.push(heartbeats.check());
    }
    // Stuck from the check 5 s after it was last heard from, and at each check after (until forgotten).
    expect(stuck.map((found) => found.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    expect(stuck[9]).toEqual([a]);
    heartbeats.alive(a);
    expect(heartbeats.late(a)).toBe(false);
    time.advance(HEARTBEAT_MS);
    expect(heartbeats.check()).toEqual([]);
    heartbeats.forget(a);
    expect(heartbeats.toAsk()).toEqual([b]);
    time.advance(10_000);
    expect(heartbeats.late(a)).toBe(false); // not watched: never late
  });

  it("asks a server again only once it answered the last time", () => {
    const heartbeats = new Heartbeats({ lateMs: 2_000, stuckMs: 5_000, now: clock().now });
    const [a, b] = [server("a").worker, server("b").worker];
    heartbeats.watch(a);
    heartbeats.watch(b);
    expect(heartbeats.toAsk()).toEqual([a, b]);
    expect(heartbeats.toAsk()).toEqual([]);
    heartbeats.alive(b);
    expect(heartbeats.toAsk()).toEqual([b]);
    heartbeats.forget(a);
    heartbeats.watch(a); // started again
    expect(heartbeats.toAsk()).toEqual([a]);
  });

  it("judges no one when its own check comes late (this process was busy), and counts again from then", () => {
    const time = clock();
    const heartbeats = new Heartbeats({ lateMs: 2_000, stuckMs: 5_000, now: time.now });
    const a = server("a").worker;
    heartbeats.watch(a);
    time.advance(HEARTBEAT_MS);
    expect(heartbeats.check()).toEqual([]);
    time.advance(8_000); // its answers wait, unread, behind this process's own work
    expect(heartbeats.check()).toEqual([]);
    expect(heartbeats.late(a)).toBe(false);
    for (let i = 0; i < 9; i++) {
      time.advance(HEARTBEAT_MS);
      expect(heartbeats.check()).toEqual([]);
    }
    time.advance(HEARTBEAT_MS);
    expect(heartbeats.check()).toEqual([a]);
  });

  it("finds no server stuck when the limit is 0, though late ones still are", () => {
    const time = clock();
    const heartbeats = new Heartbeats({ lateMs: 2_000, stuckMs: 0, now: time.now });
    const a = server("a").worker;
    heartbeats.watch(a);
    for (let i = 0; i < 200; i++) {
      time.advance(HEARTBEAT_MS);
      expect(heartbeats.check()).toEqual([]);
    }
    expect(heartbeats.late(a)).toBe(true);
  });

  it("passes a late server over in the hand-out while another can take the connection", () => {
    const late = new Set<Worker>();
    const handOut = new HandOut((worker) => late.has(worker));
    const [a, b, c] = [server("a"), server("b"), server("c")];
    for (const s of [a, b, c]) handOut.add(s.worker);
    late.add(a.worker);
    for (const name of ["1", "2", "3", "4"]) handOut.give(connection(name));
    expect(a.received).toEqual([]);
    expect([b.received, c.received]).toEqual([
      ["1", "3"],
      ["2", "4"],
    ]);
    // All late: the fewest as before (the connection waits for the server, none is refused).
    late.add(b.worker).add(c.worker);
    handOut.give(connection("5"));
    expect(a.received).toEqual(["5"]);
    // Answering again: it takes the next ones until it holds as many (a tie: first in start order).
    late.clear();
    for (const name of ["6", "7", "8"]) handOut.give(connection(name));
    expect(a.received).toEqual(["5", "6", "7"]);
    expect(b.received.slice(2)).toEqual(["8"]);
    expect(handOut.counts()).toEqual([3, 3, 2]);
  });

  it("reads SERVER_UNRESPONSIVE_SECONDS: 30 by default, 0 for never, 2 to 3600", () => {
    expect(unresponsiveSeconds(undefined)).toBe(30);
    expect(unresponsiveSeconds("")).toBe(30);
    expect(unresponsiveSeconds("0")).toBe(0);
    expect(unresponsiveSeconds("2")).toBe(2);
    expect(unresponsiveSeconds("3600")).toBe(3600);
    for (const bad of ["1", "-1", "2.5", "3601", "soon"]) {
      expect(() => unresponsiveSeconds(bad)).toThrow(/SERVER_UNRESPONSIVE_SECONDS: .* a whole number from 2 to 3600, or 0 for never \(got/);
    }
  });
});

describe("startTimeoutSeconds", () => {
  it("reads SERVER_START_TIMEOUT_SECONDS: 120 by default, 0 for never, 5 to 3600", () => {
    expect(startTimeoutSeconds(undefined)).toBe(120);
    expect(startTimeoutSeconds(" ")).toBe(120);
    expect(startTimeoutSeconds("0")).toBe(0);
    expect(startTimeoutSeconds("5")).toBe(5);
    expect(startTimeoutSeconds("3600")).toBe(3600);
    for (const bad of ["4", "1", "-5", "7.5", "3601", "later"]) {
      expect(() => startTimeoutSeconds(bad)).toThrow(/SERVER_START_TIMEOUT_SECONDS: .* a whole number from 5 to 3600, or 0 for never \(got/);
    }
  });
});

describe("restartDelayMs", () => {
  it("is a second after a server that served, doubling with each failed start in a row, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
