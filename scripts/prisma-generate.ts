/**
 * Usage: tsx scripts/prisma-generate.ts
 * Generates the Prisma client into app/generated/prisma (run by `npm install`).
 * `prisma generate` needs no schema engine, but it tries to download one unless
 * PRISMA_SCHEMA_ENGINE_BINARY names an existing file: point it at this script.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const result = spawnSync("prisma", ["generate", "--config", "prisma/prisma.config.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? self,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
  shell: process.platform === "win32",
});
process.exit(result.status ?? 1);
