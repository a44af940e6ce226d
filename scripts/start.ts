/**
 * Usage: npm start            (runs `remix build` first, then this script)
 *
 * Runs the whole product on one machine. Whatever is not configured by environment variables
 * is started here with embedded defaults:
 *   - PostgreSQL (embedded, data in .data/postgres) unless DATABASE_URL (the app's own login) and
 *     DATABASE_OWNER_URL (the tables' owner) are set; the embedded one gets an app login whose
 *     password is kept in .data/secrets;
 *   - a session secret kept in .data/secrets unless SESSION_SECRET is set (required when APP_DOMAIN
 *     is not local);
 *   - an S3-protocol server (data in .data/s3) unless S3_ENDPOINT / S3_BUCKET are set;
 *   - email and SMS go to the outbox unless RESEND_API_KEY / TWILIO_* are set; it is readable at
 *     /dev/outbox only then and on a local APP_DOMAIN (outboxEnabled(); the start-up message says);
 *   - payments go to a local Stripe-protocol fake (scripts/lib/local-stripe.ts) unless
 *     STRIPE_SECRET_KEY is set (only on a local APP_DOMAIN).
 * Then it applies pending migrations, seeds the demo firms (unless SEED_DEMO=false) and serves
 * with a cluster (scripts/lib/cluster.ts): WEB_CONCURRENCY app server processes (default: one per
 * core) on PORT, each running server.ts and the background jobs; this process keeps the embedded
 * services, starts a crashed server again, and on SIGINT/SIGTERM stops the servers (letting their
 * requests finish) and then the embedded services.
 * DATA_DIR moves the embedded data; EMBEDDED_PG_PORT / LOCAL_S3_PORT / LOCAL_STRIPE_PORT set their ports (0 = any free one).
 * It runs in production mode (NODE_ENV=production unless set otherwise; `npm run dev` is for
 * development). An embedded PostgreSQL left running by a run that was killed is stopped first
 * (scripts/lib/embedded-postgres.ts). A start that fails says why, and exits 1.
 */
import "./lib/production-mode";
import path from "node:path";
import { inspect } from "node:util";
import { fileURLToPath } from "node:url";
import { ConfigError, listenAddress, outboxStatus, parseEnv } from "~/env.server";
import { bootPortal, type Booted } from "./lib/boot";
import { compressBuild } from "./lib/precompressed-build.mjs";
import { assertPortFree, startCluster, startTimeoutSeconds, unresponsiveSeconds, webConcurrency, type RunningCluster } from "./lib/cluster";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let booted: Booted | undefined;
let servers: RunningCluster | undefined;

const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-US")} KiB`;

function port(value: string | undefined, fallback: number) {
  return value === undefined || value === "" ? fallback : Number(value);
}

async function main() {
  const log = (message: string) => console.log(`\x1b[36m▸\x1b[0m ${message}`);
  const count = webConcurrency();
  const stuckSeconds = unresponsiveSeconds();
  const startSeconds = startTimeoutSeconds();
  // The port first: nothing is started for a run that could not serve (or would share the port with another).
  const { port: listenPort, host } = listenAddress();
  await assertPortFree(listenPort, host);
  // The build's scripts and styles compressed (Brotli 11, gzip 9) while the services start
  // (`remix build` has emptied public/build: each start writes them again, ~2 s of CPU). Only a
  // speed-up: a failure (a full disk, say) is reported, and the files are compressed as they are sent.
  const compressing = compressBuild(path.join(root, "public/build")).catch((error: unknown) => {
    log(`Could not write the build's compressed copies (${error instanceof Error ? error.message : String(error)}): serving without them.`);
    return null;
  });
  // The boot checks the configuration first (after filling in the local session secret). It
  // starts what the servers share (embedded services, migrations, the seed); they serve.
  booted = await bootPortal({
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, ".data")),
    postgresPort: port(process.env.EMBEDDED_PG_PORT, 54320),
    s3Port: port(process.env.LOCAL_S3_PORT, 4569),
    stripePort: port(process.env.LOCAL_STRIPE_PORT, 4570),
    serve: false,
    log,
  });
  const compressed = await compressing;
  if (compressed && compressed.written > 0)
    log(`Compressed the build's scripts and styles (Brotli 11, gzip 9): ${kib(compressed.bytes)} → ${kib(compressed.compressedBytes)}.`);
  log(`Starting ${count} app server process${count === 1 ? "" : "es"} (WEB_CONCURRENCY)…`);
  servers = await startCluster({ count, log, unresponsiveSeconds: stuckSeconds, startTimeoutSeconds: startSeconds });
  const config = parseEnv();
  const url = (slug?: string) => `${config.APP_PROTOCOL}://${slug ? `${slug}.` : ""}${config.APP_DOMAIN}`;
  const outbox = outboxStatus(config);
  console.log(`
\x1b[1mClient portal is running\x1b[0m (port ${servers.port}, ${count} server process${count === 1 ? "" : "es"}, NODE_ENV=${process.env.NODE_ENV})

  Public site and firm sign-up   ${url()}   (${url()}/create-firm)
  Acme Tax & Advisory            ${url("acme")}
  Summit CPA Group               ${url("summit")}
${outbox.enabled ? `  Email and SMS outbox           ${url("acme")}/dev/outbox   (on: ${outbox.reason})\n` : `  Email and SMS outbox           off (${outbox.reason})\n`}
  Payments                       ${config.STRIPE_SECRET_KEY ? "Stripe (STRIPE_SECRET_KEY is set)" : config.STRIPE_FAKE_URL ? `local Stripe fake at ${config.STRIPE_FAKE_URL} (no STRIPE_SECRET_KEY)` : "off (no STRIPE_SECRET_KEY and APP_DOMAIN is not local)"}

  Demo sign-ins (password Portal-Demo-2026!):
    partner@acme.test    admin@acme.test    advisor@acme.test    client@acme.test
    partner@summit.test  admin@summit.test  advisor@summit.test  client@summit.test
`);
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // The servers first (their requests and jobs still use the database and the store), then the services.
  await servers?.stop();
  await booted?.stop();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

/** What to print for a failed start: never just 'undefined'. */
function failureText(error: unknown): string {
  // Configuration and database-login errors say what to change: their message is enough.
  if (error instanceof ConfigError || (error instanceof Error && error.name === "DatabaseLoginError")) return error.message;
  if (error instanceof Error) return error.stack || error.message || error.name;
  if (error === undefined || error === null) return `no reason was given (${String(error)})`;
  return typeof error === "string" ? error : inspect(error, { depth: 4 });
}

main().catch(async (error: unknown) => {
  console.error(`\x1b[31mThe portal could not start:\x1b[0m ${failureText(error)}`);
  await shutdown(1);
});
