/**
 * The cluster `npm start` runs (scripts/start.ts): this process (the primary) keeps the embedded
 * services and forks WEB_CONCURRENCY workers (default: one per core), each running server.ts, the
 * HTTP server, on the same port. Workers share only PostgreSQL and S3; each works the background
 * jobs too (README.md, "Scaling out").
 *
 * - Workers run server.ts with Node's own TypeScript support (type stripping): no TypeScript
 *   loader in them, so the only copy of the app's code a worker loads is the Remix build.
 * - On Linux, this process accepts the connections (paused, unread) and hands each new one to
 *   the server holding the fewest at that moment (`HandOut`): however the connections arrive,
 *   the servers hold as many each, and a server started again after a crash takes the new ones
 *   until it holds its share. Each server reports each of its connections' end. Elsewhere, Node's
 *   own hand-out (to the first server free to take one). Neither the kernel's spread among
 *   servers listening on the port each (SO_REUSEPORT: a hash per connection, 29/21 or 85/115 of
 *   a burst) nor Node's (a server busy for a moment as a burst arrived got far fewer, for as long
 *   as they stayed open) keeps them even.
 * - `npm start` fails when something already listens on the port (`assertPortFree`), before
 *   anything starts.
 * - A worker that stops without being asked to is started again after a second; one that stops
 *   again before it serves waits twice as long each time, up to 30 s (`restartDelayMs`). One
 *   that stops before the cluster ever served is a failed start.
 * - Each server is asked every HEARTBEAT_MS whether it is alive, and answers from its event loop
 *   (`Heartbeats`). One late by LATE_MS is handed no new connection while another server can
 *   take it; one silent for SERVER_UNRESPONSIVE_SECONDS (stuck) is killed, and started again as
 *   after a crash.
 * - A server that has not started serving SERVER_START_TIMEOUT_SECONDS after it was started (its
 *   start waiting on something that never answers) is killed: a failed start, as above.
 * - `stop()` stops accepting and asks every worker to finish (SIGTERM: each closes its idle
 *   connections, lets its requests and running jobs finish, closing each connection once its
 *   answer is sent, and closes its pools), and kills the ones still running after 20 s.
 *
 *   const workers = await startCluster({ count: 4, log });
 *   await workers.stop();
 */
import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, listenAddress } from "~/env.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RESTART_DELAY_MS = 1_000;
/** The longest wait before starting a server again after starts that failed in a row. */
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;
/** Connections kept (paused) while no server can take one (all starting again): more are refused. */
const MAX_WAITING = 512;
/** How often this process asks each server whether it is alive (server.ts answers from its event loop) and checks the answers. */
export const HEARTBEAT_MS = 500;
/** A server not heard from for this long takes no new connection while another one can. */
export const LATE_MS = 2_000;

/** WEB_CONCURRENCY (a whole number from 1 to 256), or one worker per core. */
export function webConcurrency(value = process.env.WEB_CONCURRENCY): number {
  if (value === undefined || value.trim() === "") return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new ConfigError(`Invalid configuration:\n  - WEB_CONCURRENCY: the number of app server processes, a whole number from 1 to 256 (got "${value}").`);
  }
  return count;
}

/**
 * How long to wait before starting a server again: a second after one that served, doubling
 * with each start in a row that failed before it served (the database can't be reached, say),
 * up to 30 s, so a server that can't start costs little while it keeps trying.
 */
export function restartDelayMs(failedStartsInARow: number): number {
  return Math.min(RESTART_DELAY_MS * 2 ** Math.min(failedStartsInARow, 10), MAX_RESTART_DELAY_MS);
}

/**
 * SERVER_UNRESPONSIVE_SECONDS: a server whose event loop has not answered for this long (stuck in
 * a loop, or paused) is killed and started again; 0 never. A whole number, 0 or 2 to 3600; 30.
 */
export function unresponsiveSeconds(value = process.env.SERVER_UNRESPONSIVE_SECONDS): number {
  if (value === undefined || value.trim() === "") return 30;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds === 1 || seconds < 0 || seconds > 3600) {
    throw new ConfigError(
      `Invalid configuration:\n  - SERVER_UNRESPONSIVE_SECONDS: how long an app server process may go without answering before it is started again, a whole number from 2 to 3600, or 0 for never (got "${value}").`,
    );
  }
  return seconds;
}

/**
 * SERVER_START_TIMEOUT_SECONDS: a server that has not started serving this long after it was
 * started (waiting on something that never answers) is killed: the first start fails, saying so;
 * a server started again later is started once more, as after any failed start. 0 never. A whole
 * number, 0 or 5 to 3600; 120 (a server starts in a few seconds).
 */
export function startTimeoutSeconds(value = process.env.SERVER_START_TIMEOUT_SECONDS): number {
  if (value === undefined || value.trim() === "") return 120;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || (seconds > 0 && seconds < 5) || seconds < 0 || seconds > 3600) {
    throw new ConfigError(
      `Invalid configuration:\n  - SERVER_START_TIMEOUT_SECONDS: how long an app server process may take to start serving before it is stopped, a whole number from 5 to 3600, or 0 for never (got "${value}").`,
    );
  }
  return seconds;
}

export interface ClusterOptions {
  count: number;
  log: (message: string) => void;
  /** SERVER_UNRESPONSIVE_SECONDS (`unresponsiveSeconds()` when not given). */
  unresponsiveSeconds?: number;
  /** SERVER_START_TIMEOUT_SECONDS (`startTimeoutSeconds()` when not given). */
  startTimeoutSeconds?: number;
}

export interface RunningCluster {
  /** The port the workers listen on. */
  port: number;
  stop(): Promise<void>;
}

/** Node's flags for running server.ts as it is: type stripping, built into Node 22.18+ and 23.6+. */
export function typeScriptFlags(): string[] {
  const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new ConfigError(`Node.js 22.12 or newer is required (package.json "engines"): this is ${process.version}, at ${process.execPath}.`);
  }
  const features = process.features as { typescript?: string | false };
  return features.typescript ? [] : ["--experimental-strip-types", "--disable-warning=ExperimentalWarning"];
}

/**
 * Fails when something already listens on the port (`npm start` asks before it starts anything,
 * instead of failing after starting the embedded services; on macOS the servers' shared socket
 * could otherwise share it with another run by the same user).
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE" ? new ConfigError(`Port ${port} is already in use (on ${host}): is another copy running? Stop it, or set PORT.`) : error,
      );
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A message from a server (server.ts): `listening`, `alive` (answering a ping), `stopping`, or `closed` (one of its connections ended). */
function portalMessage(message: unknown): string | undefined {
  return typeof message === "object" && message !== null ? ((message as { portal?: unknown }).portal as string | undefined) : undefined;
}

/**
 * When each server last said it is alive (asked every HEARTBEAT_MS, answered from its event
 * loop): one not heard from for `lateMs` is late (the hand-out passes it over while another
 * server can take the connection), and one not heard from for `stuckMs` is stuck (killed and
 * started again). Judged only while this process keeps up itself: a check that comes late (this
 * process was busy, the servers' answers not read yet) judges no one and starts counting again.
 */
export class Heartbeats {
  private readonly heard = new Map<Worker, number>();
  /** Asked and not answered yet: not asked again (a paused server's channel doesn't fill with pings). */
  private readonly asked = new Set<Worker>();
  private checked: number;
  private readonly now: () => number;

  constructor(private readonly options: { lateMs: number; stuckMs: number; now?: () => number }) {
    this.now = options.now ?? (() => performance.now());
    this.checked = this.now();
  }

  /** A server ready to take connections: watched from now on. */
  watch(worker: Worker) {
    this.heard.set(worker, this.now());
  }

  /** The server said it is alive. */
  alive(worker: Worker) {
    if (this.heard.has(worker)) this.heard.set(worker, this.now());
    this.asked.delete(worker);
  }

  /** The servers to ask now (run every HEARTBEAT_MS): each watched one that answered the last time. */
  toAsk(): Worker[] {
    const ask = [...this.heard.keys()].filter((worker) => !this.asked.has(worker));
    for (const worker of ask) this.asked.add(worker);
    return ask;
  }

  /** A server stopping or gone: no longer watched. */
  forget(worker: Worker) {
    this.heard.delete(worker);
    this.asked.delete(worker);
  }

  late(worker: Worker): boolean {
    const at = this.heard.get(worker);
    return at !== undefined && this.now() - at > this.options.lateMs;
  }

  /** Run every HEARTBEAT_MS: the servers stuck (none when `stuckMs` is 0). */
  check(): Worker[] {
    const now = this.now();
    const behind = now - this.checked > 3 * HEARTBEAT_MS;
    this.checked = now;
    if (behind) {
      for (const worker of this.heard.keys()) this.heard.set(worker, now);
      return [];
    }
    if (this.options.stuckMs === 0) return [];
    return [...this.heard].filter(([, at]) => now - at >= this.options.stuckMs).map(([worker]) => worker);
  }
}

/**
 * This process's hand-out of connections: each new connection goes to the server holding the
 * fewest (the first such one in start order on a tie), passing over a late one (`Heartbeats`:
 * not heard from for a while) while another can take it. Only servers that said they listen and
 * did not say they stop take any; while there is none (all starting again) connections wait,
 * up to MAX_WAITING.
 */
export class HandOut {
  constructor(private readonly isLate: (worker: Worker) => boolean = () => false) {}

  private readonly held = new Map<Worker, number>();
  private readonly waiting: net.Socket[] = [];
  /**
   * Each server's connections not yet written to its channel: Node sends a server one at a
   * time, each once it took the one before. A server that dies meanwhile never gets them (and
   * Node never calls back for them): they go to another server.
   */
  private readonly queued = new Map<Worker, Set<net.Socket>>();

  /** A server ready to take connections. */
  add(worker: Worker) {
    this.held.set(worker, 0);
    while (this.waiting.length > 0 && this.held.has(worker)) this.give(this.waiting.shift()!);
  }

  /** A server stopping: it takes no more (the ones on their way to it still reach it). */
  remove(worker: Worker) {
    this.held.delete(worker);
  }

  /** A server gone: it takes no more, and the connections still queued for it go to another. */
  exited(worker: Worker) {
    this.held.delete(worker);
    const queued = [...(this.queued.get(worker) ?? [])];
    this.queued.get(worker)?.clear(); // a late call back for one of them finds it gone
    this.queued.delete(worker);
    for (const socket of queued) this.give(socket);
  }

  /** One of the server's connections ended. */
  closed(worker: Worker) {
    const count = this.held.get(worker);
    if (count !== undefined && count > 0) this.held.set(worker, count - 1);
  }

  /** How many connections each ready server holds, in start order. */
  counts(): number[] {
    return [...this.held.values()];
  }

  give(socket: net.Socket) {
    if (socket.destroyed) return;
    let chosen: Worker | undefined;
    let fewest = Infinity;
    let chosenLate = true;
    for (const [worker, count] of this.held) {
      const late = this.isLate(worker);
      if ((chosenLate && !late) || (late === chosenLate && count < fewest)) [chosen, fewest, chosenLate] = [worker, count, late];
    }
    if (!chosen) {
      if (this.waiting.length < MAX_WAITING) this.waiting.push(socket);
      else socket.destroy();
      return;
    }
    const worker = chosen;
    this.held.set(worker, fewest + 1);
    const queued = this.queued.get(worker) ?? new Set<net.Socket>();
    this.queued.set(worker, queued.add(socket));
    // keepOpen: this process closes its own descriptor once the connection is written to the
    // server's channel (the one in the channel stays open). Left to Node, it is closed when the
    // server says it took it, and never if the server dies first: the connection would hang.
    worker.send({ portal: "connection" }, socket, { keepOpen: true }, (error) => {
      // Already given to another server (this one exited first): nothing more to do.
      if (!queued.delete(socket)) return;
      if (!error) return void socket.destroy();
      // Its channel closed (it is going away): the connection goes to another server.
      this.remove(worker);
      this.give(socket);
    });
  }

  /** Stops: the waiting connections are closed. */
  close() {
    for (const socket of this.waiting.splice(0)) socket.destroy();
  }
}

export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { count, log } = options;
  const stuckSeconds = options.unresponsiveSeconds ?? unresponsiveSeconds();
  const startSeconds = options.startTimeoutSeconds ?? startTimeoutSeconds();
  // Not the primary's own flags (its TypeScript loader): the workers load server.ts and the build only.
  cluster.setupPrimary({ exec: path.join(root, "server.ts"), execArgv: typeScriptFlags(), args: [] });
  let stopping = false;
  let served = false;
  let port = 0;
  const live = new Set<Worker>();
  const serving = new WeakSet<Worker>();
  let failedStarts = 0;
  // Linux: this process accepts, and hands each connection out (server.ts takes them the same way).
  const heartbeats = new Heartbeats({ lateMs: LATE_MS, stuckMs: stuckSeconds * 1000 });
  const handOut = process.platform === "linux" ? new HandOut((worker) => heartbeats.late(worker)) : null;
  let listener: net.Server | undefined;
  // A server stuck (its event loop not answering: an endless loop, a pause) can't be asked to
  // stop: it is killed, and started again as after a crash.
  const watchdog = setInterval(() => {
    for (const worker of heartbeats.check()) {
      heartbeats.forget(worker);
      handOut?.remove(worker);
      log(`An app server process has not answered for ${stuckSeconds} s (SERVER_UNRESPONSIVE_SECONDS): stopping it.`);
      worker.process.kill("SIGKILL");
    }
    for (const worker of heartbeats.toAsk()) if (worker.isConnected()) worker.send({ portal: "ping" });
  }, HEARTBEAT_MS).unref();

  // A server that never starts serving (its start waiting on something that never answers; the
  // heartbeat above begins once it serves) is killed when its time is up.
  const startTimers = new Map<Worker, NodeJS.Timeout>();
  const timedOut = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    if (startSeconds > 0) {
      const timer = setTimeout(() => {
        startTimers.delete(worker);
        if (serving.has(worker) || worker.isDead() || stopping) return;
        timedOut.add(worker);
        log(`An app server process has not started serving within ${startSeconds} s (SERVER_START_TIMEOUT_SECONDS): stopping it.`);
        worker.process.kill("SIGKILL");
      }, startSeconds * 1000);
      startTimers.set(worker, timer.unref());
    }
    return worker;
  };
  const started = (worker: Worker) => {
    clearTimeout(startTimers.get(worker));
    startTimers.delete(worker);
  };

  return new Promise((resolve, reject) => {
    let listening = 0;
    const begin = () => {
      for (let i = 0; i < count; i++) fork();
    };
    cluster.on("message", (worker, message: unknown) => {
      const kind = portalMessage(message);
      if (kind === "alive") heartbeats.alive(worker);
      else if (kind === "closed") handOut?.closed(worker);
      else if (kind === "stopping") {
        heartbeats.forget(worker);
        handOut?.remove(worker);
      } else if (kind === "listening") {
        started(worker);
        heartbeats.watch(worker);
        handOut?.add(worker);
        serving.add(worker);
        failedStarts = 0;
        if (!handOut) port = Number((message as { port?: unknown }).port);
        if (served) log("The app server process started again is serving.");
        else if (++listening === count) {
          served = true;
          resolve({ port, stop });
        }
      }
    });
    cluster.on("exit", (worker, code, signal) => {
      live.delete(worker);
      started(worker);
      heartbeats.forget(worker);
      handOut?.exited(worker);
      if (stopping) return;
      if (!served) {
        const why = timedOut.has(worker)
          ? `An app server process did not start serving within ${startSeconds} s (SERVER_START_TIMEOUT_SECONDS); its output says how far it got.`
          : `An app server process stopped while starting (${signal ?? `exit code ${code}`}); its output says why.`;
        void stop().then(() => reject(new Error(why)));
        return;
      }
      const how = signal ?? `exit code ${code}`;
      if (serving.has(worker)) {
        failedStarts = 0;
        log(`An app server process stopped (${how}): starting another.`);
      } else {
        failedStarts++;
      }
      const delay = restartDelayMs(failedStarts);
      if (!serving.has(worker)) log(`An app server process stopped while starting (${how}): starting another in ${delay / 1000} s.`);
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    if (!handOut) return begin();
    // The port first (a connection arriving before the servers are ready waits for them).
    const address = listenAddress();
    listener = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
      socket.on("error", () => {}); // one reset while it waits: nothing to do but let it go
      handOut.give(socket);
    });
    listener.once("error", (error) => reject(error));
    listener.listen({ port: address.port, host: address.host, exclusive: true }, () => {
      const bound = listener!.address();
      port = typeof bound === "object" && bound ? bound.port : address.port;
      begin();
    });
  });

  async function stop() {
    stopping = true;
    clearInterval(watchdog);
    for (const timer of startTimers.values()) clearTimeout(timer);
    // No new connection is taken; the servers finish the ones they hold.
    listener?.close();
    handOut?.close();
    const exits = [...live].map((worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once("exit", () => done()))));
    for (const worker of live) if (!worker.isDead()) worker.process.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const worker of live) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await Promise.all(exits);
    clearTimeout(timer);
  }
}
