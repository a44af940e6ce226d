/**
 * `npm start` (scripts/start.ts) after a crash: a run killed with SIGKILL leaves its embedded
 * PostgreSQL running, holding the data dir and the port; the next start in the same DATA_DIR
 * stops it and starts. And `npm start` runs in production mode (NODE_ENV=production unless set),
 * its servers each taking their share of new connections, and a second run on its port is refused;
 * a server that stops answering gets no new connections, and is started again once stuck; one
 * that can't start is tried again less and less often.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionsHeld } from "../../scripts/bench/lib/proc-cpu";
import { EMBEDDED_DATABASE, freePort } from "../../scripts/lib/embedded-postgres";
import { hostRequest } from "../support/http";

const root = path.resolve(import.meta.dirname, "../..");
let dataDir: string;
const children: ChildProcess[] = [];

/** `node --import tsx scripts/start.ts` (one process, as `npm start` runs it), with no configured services. */
function start(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of [
    "NODE_ENV",
    "DATABASE_URL",
    "DATABASE_OWNER_URL",
    "SESSION_SECRET",
    "S3_ENDPOINT",
    "S3_BUCKET",
    "RESEND_API_KEY",
    "TWILIO_ACCOUNT_SID",
    "VITEST",
  ])
    delete childEnv[key];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const started = new Promise<string>((resolve, reject) => {
    const check = () => {
      if (output.includes("Client portal is running")) resolve(output);
    };
    child.stdout!.on("data", check);
    child.on("exit", (code, signal) => reject(new Error(`start.ts exited (${code ?? signal}) before serving:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, started, exited, output: () => output };
}

/** A run's variables: the shared DATA_DIR, its own free ports, no demo data and no jobs. */
async function startEnv(extra: Record<string, string> = {}) {
  const [port, pgPort] = [await freePort(), await freePort()];
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${port}`,
    EMBEDDED_PG_PORT: String(pgPort),
    LOCAL_S3_PORT: "0",
    LOCAL_STRIPE_PORT: "0",
    SEED_DEMO: "false",
    JOBS_WORKER: "false",
    ...extra,
  };
  return { port, env };
}

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-crash-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  try {
    const pid = postmasterPid();
    if (pid > 0 && alive(pid)) process.kill(pid, "SIGQUIT");
  } catch {
    // no postmaster.pid: nothing left running
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("runs in production mode, and starts again in the same DATA_DIR after being killed with SIGKILL", async () => {
    const { port, env } = await startEnv();

    const first = start(env);
    const banner = await first.started;
    expect(banner).toContain("NODE_ENV=production");
    expect((await hostRequest(port, { host: `localhost:${port}`, path: "/healthz" })).status).toBe(200);
    const orphan = postmasterPid();

    first.child.kill("SIGKILL");
    await first.exited;
    // The crash left PostgreSQL running: it holds the data dir and the port.
    expect(alive(orphan)).toBe(true);

    const second = start(env);
    await expect(second.started).resolves.toContain("Client portal is running");
    expect(second.output()).toMatch(/Stopped the PostgreSQL an earlier run left running/);
    expect(second.output()).not.toMatch(/undefined/);
    expect(alive(orphan)).toBe(false);
    expect((await hostRequest(port, { host: `localhost:${port}`, path: "/healthz" })).status).toBe(200);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 300_000);

  it("hands each new connection to the server holding fewest (a paused one too), the ones waiting for a crashed server to another, and one started again its share; stops letting a request in flight finish; a second run on its port is refused", async () => {
    const { port, env } = await startEnv({ WEB_CONCURRENCY: "2" });
    const run = start(env);
    await run.started;
    const postgres = postmasterPid();

    // Started again as it runs (the same command twice): refused before anything starts, instead
    // of sharing the port (or taking over the data dir's PostgreSQL); the first run goes on.
    const again = start(env);
    await expect(again.started).rejects.toThrow(new RegExp(`Port ${port} is already in use`));
    expect(await again.exited).toBe(1);
    expect(alive(postgres)).toBe(true);
    expect((await hostRequest(port, { host: `localhost:${port}`, path: "/healthz", headers: { connection: "close" } })).status).toBe(200);

    const servers = serversOf(run.child.pid!);
    expect(servers).toHaveLength(2);
    await expect.poll(() => connectionsHeld(servers, port)).toEqual([0, 0]);

    // One server stops answering (as under a long task or a pause) while 40 connections arrive
    // and stay open: each server is handed as many, the paused one included.
    process.kill(servers[0]!, "SIGSTOP");
    const first = keptConnections(port, 40);
    let answeredWhileBusy = 0;
    try {
      // Until the other server has answered its 20, and a moment more (it can't answer the
      // paused one's however long this waits); a slow machine gets up to 10 s.
      const started = Date.now();
      for (;;) {
        answeredWhileBusy = first.filter((c) => c.answered()).length;
        const waited = Date.now() - started;
        if ((waited >= 1_000 && answeredWhileBusy >= 20) || waited >= 10_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      process.kill(servers[0]!, "SIGCONT");
    }
    expect(answeredWhileBusy).toBe(20);
    // Once going again, the paused server answers the ones it was given: none is lost.
    await expectAllAnswered(first);
    expect(connectionsHeld(servers, port)).toEqual([20, 20]);

    // A server stops answering, is handed 2 of 4 new connections (the first reaches its channel,
    // the second waits until it takes the first), and crashes: its 20 connections end, the one in
    // its channel with it, and the one still waiting goes to the other server.
    process.kill(servers[1]!, "SIGSTOP");
    const extra = keptConnections(port, 4);
    await expect.poll(() => extra.filter((c) => c.answered()).length, { timeout: 10_000 }).toBe(2);
    process.kill(servers[1]!, "SIGKILL");
    await expect.poll(() => first.filter((c) => c.isClosed()).length, { timeout: 10_000 }).toBe(20);
    await expect.poll(() => extra.filter((c) => c.answered() || c.isClosed()).length, { timeout: 10_000 }).toBe(4);
    expect(extra.filter((c) => c.answered() && !c.isClosed())).toHaveLength(3);
    expect(connectionsHeld([servers[0]!], port)).toEqual([23]);

    // The one started in its place is handed the new connections until it holds as many as the
    // other (the 24th goes to the first in start order).
    await expect.poll(() => run.output(), { timeout: 60_000 }).toContain("The app server process started again is serving.");
    const restarted = serversOf(run.child.pid!).filter((pid) => pid !== servers[0]);
    expect(restarted).toHaveLength(1);
    const second = keptConnections(port, 24);
    await expectAllAnswered(second);
    expect(connectionsHeld([servers[0]!, restarted[0]!], port)).toEqual([24, 23]);

    // Stopped with a request in flight (its headers half sent): it is answered, the idle
    // connections are closed at once, and the answered one as soon as its answer is sent, well
    // before the keep-alive timeout (5 s) would end it.
    const open = [...first, ...extra, ...second].filter((c) => !c.isClosed());
    const slow = slowRequest(port);
    await slow.headersStarted;
    run.child.kill("SIGTERM");
    await Promise.all(open.map((c) => c.closed));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = slow.finish();
    expect(await answer.status).toBe(200);
    const answeredAt = Date.now();
    await answer.closed;
    expect(Date.now() - answeredAt).toBeLessThan(3_000);
    expect(await run.exited).toBe(0);
  }, 300_000);

  it("hands no new connection to a server that has not answered for 2 s, and kills and starts again one silent for SERVER_UNRESPONSIVE_SECONDS", async () => {
    const { port, run, servers } = await startTwoServers({ SERVER_UNRESPONSIVE_SECONDS: "4" });

    // Its event loop stops (as in an endless loop): after 2 s without an answer, the new
    // connections all go to the other server, and are answered at once.
    process.kill(servers[0]!, "SIGSTOP");
    const stoppedAt = Date.now();
    // Once the first process has seen it silent for 2 s (later if its own checks were late on a
    // busy machine), a probe is answered; the ones handed to it before then are dropped.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await expect.poll(() => answeredWithin(port, 500), { timeout: 20_000, interval: 0 }).toBe(true);
    const meanwhile = keptConnections(port, 10);
    await expectAllAnswered(meanwhile);
    await expect.poll(() => connectionsHeld([servers[1]!], port)).toEqual([10]);
    // Closed now, rather than by the keep-alive timeout (5 s) at some moment of what follows.
    for (const connection of meanwhile) connection.destroy();
    await expect.poll(() => connectionsHeld([servers[1]!], port)).toEqual([0]);

    // Silent for 4 s: killed (a stopped process can't be asked to stop), and another started.
    await expect
      .poll(() => run.output(), { timeout: 20_000 })
      .toContain("An app server process has not answered for 4 s (SERVER_UNRESPONSIVE_SECONDS): stopping it.");
    // 4 s after its last answer, which came at most one heartbeat (0.5 s) before it stopped: not
    // at the 2 s of a late server.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3_000);
    await expect.poll(() => alive(servers[0]!), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => run.output(), { timeout: 60_000 }).toContain("The app server process started again is serving.");
    const restarted = serversOf(run.child.pid!).filter((pid) => pid !== servers[1]);
    expect(restarted).toHaveLength(1);
    const after = keptConnections(port, 10);
    await expectAllAnswered(after);
    expect(connectionsHeld([servers[1]!, restarted[0]!], port)).toEqual([5, 5]);
    // The server that kept answering was never judged stuck.
    expect(alive(servers[1]!)).toBe(true);
    expect(run.output().match(/has not answered for/g)).toHaveLength(1);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 300_000);

  it("starts a crashed server again after a second, and waits twice as long after each start in a row that fails (the database refusing it)", async () => {
    const { port, env, run, servers } = await startTwoServers();
    const owner = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/${EMBEDDED_DATABASE}` });
    await owner.connect();
    const { rows } = await owner.query<{ limit: number }>("SELECT rolconnlimit AS limit FROM pg_roles WHERE rolname = 'portal_app_login'");
    try {
      // The app's login may open no new connection: a server started now fails before it serves.
      await owner.query("ALTER ROLE portal_app_login CONNECTION LIMIT 0");
      process.kill(servers[1]!, "SIGKILL");
      await expect.poll(() => run.output(), { timeout: 60_000 }).toContain("starting another in 4 s.");
      const log = run.output();
      expect(log).toContain("An app server process stopped (SIGKILL): starting another.");
      const failed = log.match(/An app server process stopped while starting \(exit code 1\): starting another in \d+ s\./g);
      expect(failed).toEqual([
        "An app server process stopped while starting (exit code 1): starting another in 2 s.",
        "An app server process stopped while starting (exit code 1): starting another in 4 s.",
      ]);
    } finally {
      await owner.query(`ALTER ROLE portal_app_login CONNECTION LIMIT ${Number(rows[0]!.limit)}`);
      await owner.end();
    }
    // Let in again: the next start (4 s later) serves, and takes its share of new connections.
    await expect.poll(() => run.output(), { timeout: 60_000 }).toContain("The app server process started again is serving.");
    const restarted = serversOf(run.child.pid!).filter((pid) => pid !== servers[0]);
    expect(restarted).toHaveLength(1);
    const connections = keptConnections(port, 6);
    await expectAllAnswered(connections);
    expect(connectionsHeld([servers[0]!, restarted[0]!], port)).toEqual([3, 3]);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 300_000);
});

describe("npm start with SERVER_START_TIMEOUT_SECONDS", () => {
  it("stops a server started again that doesn't start serving in time, and starts another", async () => {
    const { port, run, servers } = await startTwoServers({ SERVER_START_TIMEOUT_SECONDS: "20" });
    process.kill(servers[1]!, "SIGKILL");
    // The one started in its place never gets to serve (its start waits forever: here, paused).
    const hung = await newServer(run.child.pid!, servers);
    process.kill(hung, "SIGSTOP");
    const stoppedAt = Date.now();
    await expect
      .poll(() => run.output(), { timeout: 60_000 })
      .toContain("An app server process has not started serving within 20 s (SERVER_START_TIMEOUT_SECONDS): stopping it.");
    // Its time runs from its start, a moment before it was paused: well after the pause.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(15_000);
    await expect.poll(() => alive(hung), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => run.output(), { timeout: 10_000 }).toContain("An app server process stopped while starting (SIGKILL): starting another in 2 s.");
    // The next one serves, and takes its share.
    await expect.poll(() => run.output(), { timeout: 60_000 }).toContain("The app server process started again is serving.");
    const restarted = serversOf(run.child.pid!).filter((pid) => pid !== servers[0]);
    expect(restarted).toHaveLength(1);
    const connections = keptConnections(port, 6);
    await expectAllAnswered(connections);
    expect(connectionsHeld([servers[0]!, restarted[0]!], port)).toEqual([3, 3]);
    // The server that was serving all along was never stopped.
    expect(alive(servers[0]!)).toBe(true);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 300_000);

  it("fails the start, saying so, when its servers don't start serving in time", async () => {
    const { env } = await startEnv({ WEB_CONCURRENCY: "1", SERVER_START_TIMEOUT_SECONDS: "20" });
    const run = start(env);
    run.started.catch(() => {});
    const hung = await newServer(run.child.pid!, []);
    process.kill(hung, "SIGSTOP");
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("An app server process did not start serving within 20 s (SERVER_START_TIMEOUT_SECONDS); its output says how far it got.");
    expect(run.output()).not.toContain("Client portal is running");
    await expect.poll(() => alive(hung), { timeout: 10_000 }).toBe(false);
  }, 300_000);
});

/** The pid of the first app server process of `runPid` not among `known`, as soon as it is started (within 2 min). */
async function newServer(runPid: number, known: number[]): Promise<number> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const found = serversOf(runPid).find((pid) => !known.includes(pid));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no new app server process was started");
}

/** A run of two app servers (as `startEnv` and `start`), started, each holding no connection yet. */
async function startTwoServers(extra: Record<string, string> = {}) {
  const { port, env } = await startEnv({ WEB_CONCURRENCY: "2", ...extra });
  const run = start(env);
  await run.started;
  const servers = serversOf(run.child.pid!);
  expect(servers).toHaveLength(2);
  await expect.poll(() => connectionsHeld(servers, port)).toEqual([0, 0]);
  return { port, env, run, servers };
}

/** `count` new connections of their own (`keptConnection`), opened at once. */
function keptConnections(port: number, count: number) {
  return Array.from({ length: count }, () => keptConnection(port));
}

/** Every one of the connections is answered 200. */
async function expectAllAnswered(connections: ReturnType<typeof keptConnection>[]) {
  expect(await Promise.all(connections.map((c) => c.status))).toEqual(connections.map(() => 200));
}

/** The app server processes (server.ts) of a run. */
function serversOf(pid: number): number[] {
  return childrenOf(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("server.ts");
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** The status in the first answer on a connection (its head and a body of Content-Length bytes), or null while incomplete. */
function firstAnswer(text: string): number | null {
  const head = text.indexOf("\r\n\r\n");
  if (head < 0) return null;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
  if (text.length < head + 4 + length) return null;
  return Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * A connection of its own that asks GET /healthz and stays open (keep-alive) until the server
 * ends it: once answered, it asks again every 2 s, as a browser's open page does, so the server's
 * keep-alive timeout (5 s) never closes it however slow the machine is.
 */
function keptConnection(port: number, { close = false } = {}) {
  let answered = false;
  let isClosed = false;
  const head = `GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n${close ? "Connection: close\r\n" : ""}\r\n`;
  const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
  let text = "";
  let again: NodeJS.Timeout | undefined;
  socket.setEncoding("utf8");
  const status = new Promise<number>((resolve, reject) => {
    socket.on("data", (chunk) => {
      text += chunk;
      const code = firstAnswer(text);
      if (code !== null && !answered) {
        answered = true;
        if (!close) again = setInterval(() => socket.write(head, () => {}), 2_000).unref();
        resolve(code);
      }
    });
    socket.on("error", reject);
  });
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      isClosed = true;
      clearInterval(again);
      resolve();
    }),
  );
  status.catch(() => {});
  return { status, closed, answered: () => answered, isClosed: () => isClosed, destroy: () => socket.destroy() };
}

/** Whether GET /healthz on a connection of its own (Connection: close) is answered within `ms`; it is dropped either way. */
async function answeredWithin(port: number, ms: number): Promise<boolean> {
  const connection = keptConnection(port, { close: true });
  const answered = await Promise.race([
    connection.status.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  connection.destroy();
  return answered;
}

/** GET /healthz whose head is sent in two parts: `headersStarted`, then `finish()`. */
function slowRequest(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (text += chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const headersStarted = new Promise<void>((resolve) =>
    socket.once("connect", () => socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n`, () => resolve())),
  );
  return {
    headersStarted,
    finish() {
      socket.write("Accept: text/plain\r\n\r\n");
      const status = new Promise<number>((resolve, reject) => {
        const check = () => {
          const code = firstAnswer(text);
          if (code !== null) resolve(code);
        };
        socket.on("data", check);
        socket.on("close", () => reject(new Error(`closed before an answer: ${JSON.stringify(text)}`)));
        check();
      });
      return { status, closed };
    },
  };
}
