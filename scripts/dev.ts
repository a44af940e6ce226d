/**
 * Usage: npm run dev          (Ctrl-C stops everything)
 *
 * The development loop. Starts what `npm start` starts (embedded PostgreSQL and S3 unless
 * configured, migrations, the demo seed; scripts/lib/boot.ts), then runs `remix dev -c "tsx
 * server.ts"`: Remix rebuilds the app on every change under app/ (and themes/, tenants/), restarts
 * the server process on the new build (so each process still loads the app once), and reloads the
 * open pages. The embedded services stay up across rebuilds; data is kept in .data/ as with
 * `npm start`. The first build is made here when build/ is missing (the seed runs from it).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "~/env.server";
import { bootPortal, type Booted } from "./lib/boot";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
let booted: Booted | undefined;
let remix: ReturnType<typeof spawn> | undefined;

function port(value: string | undefined, fallback: number) {
  return value === undefined || value === "" ? fallback : Number(value);
}

async function main() {
  process.env.NODE_ENV = "development";
  if (!existsSync(path.join(root, "build/index.js"))) {
    const build = spawnSync(bin("remix"), ["build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("remix build failed.");
  }
  booted = await bootPortal({
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, ".data")),
    postgresPort: port(process.env.EMBEDDED_PG_PORT, 54320),
    s3Port: port(process.env.LOCAL_S3_PORT, 4569),
    serve: false,
    log: (message) => console.log(`\x1b[36m▸\x1b[0m ${message}`),
  });
  // remix dev exits when its stdin closes (in the background, in CI): give it a pipe that stays open.
  remix = spawn(bin("remix"), ["dev", "-c", `${bin("tsx")} server.ts`], { cwd: root, stdio: ["pipe", "inherit", "inherit"], env: process.env });
  remix.on("exit", (code) => void shutdown(code ?? 1));
  console.log(`\x1b[36m▸\x1b[0m Serving http://acme.localhost:${booted.port} (and the other demo firms) while watching app/ for changes.`);
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  if (remix && remix.exitCode === null) {
    const exited = new Promise((resolve) => remix!.once("exit", resolve));
    remix.kill("SIGTERM");
    await exited;
  }
  await booted?.stop();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  const plain = error instanceof ConfigError || (error instanceof Error && error.name === "DatabaseLoginError");
  console.error(plain ? error.message : error);
  await shutdown(1);
});
