/**
 * Usage: npx tsx scripts/lib/local-s3-serve.ts <dataDir> [port] [bucket]
 *
 * Runs the local S3-protocol server (./local-s3: s3rver behind the layer that checks signatures and
 * POST policies) in its own process and prints one JSON line with its endpoint, bucket and
 * credentials (the data dir's own, see ./local-s3); stops on SIGTERM or SIGINT. For benchmarks that
 * must not count the store's memory as the app's. No browser origin gets CORS (curl needs none).
 */
import { startLocalS3 } from "./local-s3";

const [dataDir, port = "0", bucket = "portal"] = process.argv.slice(2);
if (!dataDir) {
  console.error("Usage: npx tsx scripts/lib/local-s3-serve.ts <dataDir> [port] [bucket]");
  process.exit(2);
}
const s3 = await startLocalS3({ dataDir, port: Number(port), bucket });
console.log(JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region }));
const stop = () => void s3.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
