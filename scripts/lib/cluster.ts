/**
 * The cluster `npm start` runs (scripts/start.ts): this process (the primary) keeps the embedded
 * services and forks WEB_CONCURRENCY workers (default: one per core), each running server.ts, the
 * HTTP server, on the same port. Workers share only PostgreSQL and S3; each works the background
 * jobs too (README.md, "Scaling out").
 *
 * - Workers run server.ts with Node's own TypeScript support (type stripping): no TypeScript
 *   loader in them, so the only copy of the app's code a worker loads is the Remix build.
 * - Each worker listens on the port with a socket of its own (SO_REUSEPORT, on Linux; elsewhere
 *   Node's hand-out): the kernel spreads new connections evenly among them. `npm start` fails when
 *   something already listens on the port (`assertPortFree`), instead of sharing it. Node's own hand-out (the primary accepts, and gives each
 *   connection to the first worker free to take it) gave a worker busy for a moment, as a burst of
 *   connections arrived, far fewer of them than the others, for as long as they stayed open.
 * - A worker that stops without being asked to is started again (after a second, so a crash loop
 *   does not spin). One that stops before the cluster ever served is a failed start.
 * - `stop()` asks every worker to finish (SIGTERM: each stops accepting, lets its requests and
 *   running jobs finish, closes its pools) and kills the ones still running after 20 s.
 *
 *   const workers = await startCluster({ count: 4, log });
 *   await workers.stop();
 */
import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "~/env.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 20_000;

/** WEB_CONCURRENCY (a whole number from 1 to 256), or one worker per core. */
export function webConcurrency(value = process.env.WEB_CONCURRENCY): number {
  if (value === undefined || value.trim() === "") return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new ConfigError(`Invalid configuration:\n  - WEB_CONCURRENCY: the number of app server processes, a whole number from 1 to 256 (got "${value}").`);
  }
  return count;
}

export interface ClusterOptions {
  count: number;
  log: (message: string) => void;
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
 * Fails when something already listens on the port (`npm start` asks before it starts anything):
 * the servers' own sockets (SO_REUSEPORT) would otherwise share it with another run by the same
 * user, and each would get some of the connections.
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

export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { count, log } = options;
  // Not the primary's own flags (its TypeScript loader): the workers load server.ts and the build only.
  cluster.setupPrimary({ exec: path.join(root, "server.ts"), execArgv: typeScriptFlags(), args: [] });
  let stopping = false;
  let served = false;
  let port = 0;
  const live = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    return worker;
  };

  return new Promise((resolve, reject) => {
    let listening = 0;
    // Each server says when it listens (server.ts): on its own socket (SO_REUSEPORT), the kernel
    // spreads the connections among them.
    cluster.on("message", (_worker, message: unknown) => {
      if (typeof message !== "object" || message === null || (message as { portal?: unknown }).portal !== "listening") return;
      port = Number((message as { port?: unknown }).port);
      if (!served && ++listening === count) {
        served = true;
        resolve({ port, stop });
      }
    });
    cluster.on("exit", (worker, code, signal) => {
      live.delete(worker);
      if (stopping) return;
      if (!served) {
        void stop().then(() => reject(new Error(`An app server process stopped while starting (${signal ?? `exit code ${code}`}); its output says why.`)));
        return;
      }
      log(`An app server process stopped (${signal ?? `exit code ${code}`}): starting another.`);
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS);
    });
    for (let i = 0; i < count; i++) fork();
  });

  async function stop() {
    stopping = true;
    const exits = [...live].map((worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once("exit", () => done()))));
    for (const worker of live) if (!worker.isDead()) worker.process.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const worker of live) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await Promise.all(exits);
    clearTimeout(timer);
  }
}
