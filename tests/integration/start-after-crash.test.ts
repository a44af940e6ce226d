/**
 * `npm start` (scripts/start.ts) after a crash: a run killed with SIGKILL leaves its embedded
 * PostgreSQL running, holding the data dir and the port; the next start in the same DATA_DIR
 * stops it and starts. And `npm start` runs in production mode (NODE_ENV=production unless set),
 * its servers each taking their share of new connections, and a second run on its port is refused.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/embedded-postgres";
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

  it("spreads new connections among its servers, a server busy as they arrive getting its share, and loses none; a second run on its port is refused", async () => {
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
    expect((await hostRequest(port, { host: `localhost:${port}`, path: "/healthz" })).status).toBe(200);

    const servers = childrenOf(run.child.pid!).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.ts"));
    expect(servers).toHaveLength(2);

    // One server stops answering for a moment (as under a long task or a pause) while 40 connections arrive.
    process.kill(servers[0]!, "SIGSTOP");
    const COUNT = 40;
    const answers = Array.from({ length: COUNT }, () => healthzOnNewConnection(port));
    let answeredWhileBusy = 0;
    try {
      // At least 1.5 s (time for the other server to answer its share, or all of them if it were
      // given them all), and until it has answered 8: a slow machine gets up to 10 s. The paused
      // server's share can't be answered however long this waits.
      const started = Date.now();
      for (;;) {
        answeredWhileBusy = (await Promise.all(answers.map((a) => a.settledYet()))).filter(Boolean).length;
        const waited = Date.now() - started;
        if ((waited >= 1_500 && answeredWhileBusy >= 8) || waited >= 10_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      process.kill(servers[0]!, "SIGCONT");
    }
    // The other server answered only its own share: about half, not all (a primary handing each
    // connection to the first server free to take it gave them all to the other one).
    expect(answeredWhileBusy).toBeGreaterThanOrEqual(8);
    expect(answeredWhileBusy).toBeLessThanOrEqual(COUNT - 8);
    // Once going again, the paused server answers the ones it was given: none is lost.
    expect(await Promise.all(answers.map((a) => a.status))).toEqual(Array.from({ length: COUNT }, () => 200));

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 300_000);
});

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

/** GET /healthz on a connection of its own; `settledYet` tells whether the answer has come. */
function healthzOnNewConnection(port: number) {
  let settled = false;
  const status = new Promise<number>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
    socket.on("error", reject);
  }).finally(() => (settled = true));
  return { status, settledYet: () => Promise.resolve(settled) };
}
