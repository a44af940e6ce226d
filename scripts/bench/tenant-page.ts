/**
 * Usage: npx tsx scripts/bench/tenant-page.ts [--seconds 10] [--connections 50]
 *
 * Measures, in one run, requests per second and latency of
 *   (a) a bare Node `http` server answering a static HTML page, and
 *   (b) a signed-in tenant page rendered by the app (the client dashboard of acme),
 * and prints the ratio. Target: (b) reaches at least 30% of (a)'s throughput with p99 under
 * 50 ms at 50 connections. The load comes from autocannon in a separate process; the servers
 * run in this one. Needs `npm run build` first. Uses fresh embedded services in a temp dir.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../lib/embedded-postgres";
import { hostRequest } from "../../tests/support/http";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
/** `--profile out.cpuprofile`: a CPU profile of the app process during (b) only (open it in Chrome DevTools). */
const profilePath = args.includes("--profile") ? args[args.indexOf("--profile") + 1] : null;

async function startProfile() {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of (b) written to ${file}`);
    },
  };
}
const CONNECTIONS = arg("connections", 50);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]);
  return new Promise((resolve, reject) => {
    const child = spawn("autocannon", ["-j", "-c", String(CONNECTIONS), "-d", String(seconds), ...headerArgs, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => {
      try {
        const json = JSON.parse(out);
        resolve({ rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, errors: json.errors, non2xx: json.non2xx });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const appPort = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${appPort}`,
    SESSION_SECRET: "benchmark-session-secret-0123456789",
  });
  const { bootPortal } = await import("../lib/boot");
  const booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port: appPort });

  const host = `acme.localhost:${appPort}`;
  const signIn = await hostRequest(appPort, { host, path: "/signin", form: { email: "client@acme.test", password: "Portal-Demo-2026!" } });
  const cookie = signIn.cookie;
  if (!cookie) throw new Error(`Sign-in failed (${signIn.status})`);
  const page = await hostRequest(appPort, { host, path: "/", headers: { cookie } });
  const html = page.text;
  if (page.status !== 200 || !html.includes("Welcome")) throw new Error(`The tenant page did not render (${page.status})`);

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  const barePort = await freePort();
  await new Promise<void>((r) => bare.listen(barePort, "127.0.0.1", r));

  console.log(`Page size ${(html.length / 1024).toFixed(1)} KiB; ${CONNECTIONS} connections; ${SECONDS} s each (after a 3 s warm-up).`);
  const skipBare = args.includes("--app-only"); // for profiling the app alone (node --cpu-prof)
  if (!skipBare) await autocannon(`http://127.0.0.1:${barePort}/`, {}, 3);
  const a = skipBare ? { rps: NaN, p50: 0, p99: 0, errors: 0, non2xx: 0 } : await autocannon(`http://127.0.0.1:${barePort}/`, {}, SECONDS);
  await autocannon(`http://127.0.0.1:${appPort}/`, { host, cookie }, 3);
  const profile = profilePath ? await startProfile() : null;
  const cpuBefore = process.cpuUsage();
  const b = await autocannon(`http://127.0.0.1:${appPort}/`, { host, cookie }, SECONDS);
  const cpu = process.cpuUsage(cpuBefore);
  if (profile && profilePath) await profile.stop(profilePath);
  const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, b.rps * SECONDS);

  const row = (name: string, r: Result) =>
    `${name.padEnd(32)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(row("(a) bare node http", a));
  console.log(row("(b) signed-in tenant page", b));
  console.log(`server CPU per request: ${cpuMsPerRequest.toFixed(2)} ms (user+system of the app process / requests)`);
  const ratio = b.rps / a.rps;
  console.log(`ratio (b)/(a): ${(ratio * 100).toFixed(1)}%   target ≥ 30% with p99 < 50 ms: ${ratio >= 0.3 && b.p99 < 50 ? "met" : "NOT met"}`);

  bare.close();
  await booted.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
