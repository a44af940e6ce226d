/**
 * Usage: npm start            (runs `remix build` first, then this script)
 *
 * Runs the whole product on one machine. Whatever is not configured by environment variables
 * is started here with embedded defaults:
 *   - PostgreSQL (embedded, data in .data/postgres) unless DATABASE_URL is set;
 *   - an S3-protocol server (data in .data/s3) unless S3_ENDPOINT / S3_BUCKET are set;
 *   - email and SMS go to the outbox (readable at /dev/outbox) unless RESEND_API_KEY / TWILIO_* are set.
 * Then it applies pending migrations, seeds the demo firms (unless SEED_DEMO=false) and serves.
 * DATA_DIR moves the embedded data; EMBEDDED_PG_PORT / LOCAL_S3_PORT set their ports (0 = any free one).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, parseEnv } from "~/env.server";
import { bootPortal, type Booted } from "./lib/boot";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let booted: Booted | undefined;

function port(value: string | undefined, fallback: number) {
  return value === undefined || value === "" ? fallback : Number(value);
}

async function main() {
  const config = parseEnv();
  booted = await bootPortal({
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, ".data")),
    postgresPort: port(process.env.EMBEDDED_PG_PORT, 54320),
    s3Port: port(process.env.LOCAL_S3_PORT, 4569),
    log: (message) => console.log(`\x1b[36m▸\x1b[0m ${message}`),
  });
  const url = (slug?: string) => `${config.APP_PROTOCOL}://${slug ? `${slug}.` : ""}${config.APP_DOMAIN}`;
  console.log(`
\x1b[1mClient portal is running\x1b[0m (port ${booted.port})

  Public site and firm sign-up   ${url()}   (${url()}/create-firm)
  Acme Tax & Advisory            ${url("acme")}
  Summit CPA Group               ${url("summit")}
${config.NODE_ENV !== "production" ? `  Email and SMS outbox           ${url("acme")}/dev/outbox\n` : ""}
  Demo sign-ins (password Portal-Demo-2026!):
    partner@acme.test    admin@acme.test    advisor@acme.test    client@acme.test
    partner@summit.test  admin@summit.test  advisor@summit.test  client@summit.test
`);
}

async function shutdown(code = 0) {
  await booted?.stop();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await shutdown(1);
});
