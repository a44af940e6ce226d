/**
 * Usage: npx tsx scripts/bench/server-memory.ts [--workers 2] [--seconds 10] [--connections 20]
 *
 * Runs `npm start`'s cluster (scripts/start.ts, after `npm run build`) on fresh embedded services
 * in a temp dir and prints, in one run, the resident memory (RSS) of each process idle (after
 * start), then after a load run (autocannon, in its own process) on a signed-in client's page
 * and on the public sign-in page, with their requests per second. Each app server process loads
 * the app's code once (the Remix build; no TypeScript loader), so its RSS is the app's. The
 * primary keeps the embedded S3 server and ran the migrations and the seed.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../lib/embedded-postgres";
import { hostRequest } from "../../tests/support/http";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const WORKERS = arg("workers", 2);
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 20);

/** Resident memory of a process, in MiB. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
}

/** The app server processes: children of the primary running server.ts. */
function serverPids(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === primary && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.ts")) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.sort((a, b) => a - b);
}

function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]);
  return new Promise((resolve, reject) => {
    const child = spawn("autocannon", ["-j", "-c", String(CONNECTIONS), "-d", String(seconds), ...headerArgs, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => {
      try {
        const json = JSON.parse(out);
        resolve({ rps: json.requests.average, p99: json.latency.p99, errors: json.errors + json.non2xx });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-memory-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WEB_CONCURRENCY: String(WORKERS),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${port}`,
    EMBEDDED_PG_PORT: "0",
    LOCAL_S3_PORT: "0",
  };
  for (const key of ["DATABASE_URL", "DATABASE_OWNER_URL", "S3_ENDPOINT", "S3_BUCKET", "RESEND_API_KEY", "TWILIO_ACCOUNT_SID"]) delete env[key];
  const primary = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    primary.stdout!.on("data", (chunk) => {
      output += String(chunk);
      if (output.includes("Client portal is running")) resolve();
    });
    primary.on("exit", (code) => reject(new Error(`start.ts exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => primary.once("exit", resolve));
    primary.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const host = `acme.localhost:${port}`;
    const signIn = await hostRequest(port, { host, path: "/signin", form: { email: "client@acme.test", password: "Portal-Demo-2026!" } });
    if (!signIn.cookie) throw new Error(`Sign-in failed (${signIn.status})`);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // settle after the start
    const pids = serverPids(primary.pid!);
    const idle = new Map([primary.pid!, ...pids].map((pid) => [pid, rssMiB(pid)]));

    const loadBefore = loadavg();
    const url = `http://127.0.0.1:${port}/`;
    const page = await autocannon(url, { host, cookie: signIn.cookie }, SECONDS);
    const publicPage = await autocannon(`${url}signin`, { host }, SECONDS);
    const loaded = new Map([primary.pid!, ...pids].map((pid) => [pid, rssMiB(pid)]));

    console.log(
      `${WORKERS} app server process(es); ${CONNECTIONS} connections, ${SECONDS} s per page; load average before ${loadBefore
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(`${"process".padEnd(28)} ${"RSS idle".padStart(10)} ${"after load".padStart(11)}`);
    for (const [pid, before] of idle) {
      const name = pid === primary.pid ? "primary (services, seed)" : `app server ${pid}`;
      console.log(`${name.padEnd(28)} ${before.toFixed(0).padStart(6)} MiB ${loaded.get(pid)!.toFixed(0).padStart(7)} MiB`);
    }
    const sum = (m: Map<number, number>) => [...m].filter(([pid]) => pid !== primary.pid).reduce((total, [, v]) => total + v, 0);
    console.log(`${"app servers together".padEnd(28)} ${sum(idle).toFixed(0).padStart(6)} MiB ${sum(loaded).toFixed(0).padStart(7)} MiB`);
    console.log(`signed-in client page        ${page.rps.toFixed(0).padStart(6)} req/s   p99 ${page.p99} ms   errors ${page.errors}`);
    console.log(`public sign-in page          ${publicPage.rps.toFixed(0).padStart(6)} req/s   p99 ${publicPage.p99} ms   errors ${publicPage.errors}`);
    console.log(
      `load average after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
