/**
 * A local S3-protocol server (s3rver) for development and tests.
 *
 * Usage (from another script):
 *   const s3 = await startLocalS3({ dataDir: ".data/s3", port: 4569, bucket: "portal" });
 *   // …set S3_ENDPOINT=s3.endpoint, S3_BUCKET=s3.bucket, S3_ACCESS_KEY_ID=…, S3_FORCE_PATH_STYLE=true
 *   await s3.stop();
 *
 * What s3rver 3.7 does NOT enforce (checked in its source, lib/controllers/object.js and
 * lib/middleware/authentication.js, and pinned by tests/integration/storage.test.ts):
 * - POST policies: the `policy` form field is ignored, so `content-length-range`, the exact `key`,
 *   the `Content-Type` condition and the policy's expiration are not checked. Requests without any
 *   signature are accepted too.
 * - SigV4 signatures: presigned GET/PUT URLs are checked for expiry only, never for a valid
 *   signature.
 * So this server is open to anyone who can reach it: it listens on 127.0.0.1 only. The app does not
 * rely on the store for those rules: `verifyUpload()` in app/storage.server.ts re-checks size,
 * declared type and real type (magic numbers) after every upload and deletes what fails. Against
 * real S3 the policy refuses such uploads first.
 */
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The fixed credentials s3rver accepts (any other access key id is refused). */
const S3RVER_ACCESS_KEY_ID = "S3RVER";
const S3RVER_SECRET_ACCESS_KEY = "S3RVER";

/**
 * Browsers upload straight to the store (presigned POST) and read downloads from it, so the bucket
 * must answer CORS for any origin: the presigned signature, not the origin, is what grants access.
 */
export const LOCAL_S3_CORS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Content-Disposition</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3Options {
  /** Directory for buckets and objects; created if missing. */
  dataDir: string;
  /** 0 picks a free port (tests). */
  port: number;
  bucket: string;
}

export interface LocalS3 {
  /** e.g. http://127.0.0.1:4569 — use path-style addressing. */
  endpoint: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  stop(): Promise<void>;
}

// s3rver ships no type declarations: describe the part we use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
  allowMismatchedSignatures: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const require = createRequire(import.meta.url);

export async function startLocalS3({ dataDir, port, bucket }: LocalS3Options): Promise<LocalS3> {
  const S3rver = require("s3rver") as S3rverConstructor;
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    resetOnClose: false,
    allowMismatchedSignatures: false,
    // Path-style only: a vhost match on "bucket.localhost" is never what we mean.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [LOCAL_S3_CORS_XML] }],
  });
  const address = await server.run();
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    accessKeyId: S3RVER_ACCESS_KEY_ID,
    secretAccessKey: S3RVER_SECRET_ACCESS_KEY,
    bucket,
    region: "us-east-1",
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}
