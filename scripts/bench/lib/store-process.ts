/**
 * The local S3 server in a child process, for benchmarks that measure this process's memory (the
 * store's buffers stay out of it): resolves with its settings, and `env` for the app.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export async function startStoreProcess(dataDir: string) {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/lib/local-s3-serve.ts", dataDir, "0", "bench"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    if (out.includes("\n")) break;
  }
  const settings = JSON.parse(out.split("\n")[0]) as { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };
  const env = {
    S3_ENDPOINT: settings.endpoint,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_REGION: settings.region,
    S3_FORCE_PATH_STYLE: "true",
  };
  return { settings, env, stop: () => child.kill("SIGTERM") };
}
