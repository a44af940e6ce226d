/**
 * A throwaway S3-protocol server for one test file (scripts/lib/local-s3: 127.0.0.1, a free port,
 * a temp dir, its own random credentials).
 *
 *   let s3: TestS3;
 *   beforeAll(async () => { s3 = await startTestS3(); });
 *   afterAll(() => s3?.stop());
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

import { startLocalS3, type LocalS3 } from "../../scripts/lib/local-s3";
import { appOriginRule } from "../../scripts/lib/local-s3-cors";
import { createS3Storage, type FileStorage, type StorageConfig } from "../../app/storage.server";
import type { UploadGrant } from "../../app/storage/uploads";
import { grantFormData } from "../../app/components/upload/upload-with-progress";

export interface TestS3 {
  local: LocalS3;
  config: StorageConfig;
  /** A storage for the test bucket. */
  storage: FileStorage;
  /** A storage for another bucket on the same server (e.g. to test ensureBucket). */
  storageFor(bucket: string): FileStorage;
  stop(): Promise<void>;
}

/**
 * `appOrigin`: the app's protocol and domain, whose origins may upload and read from a browser
 * (CORS); none when omitted. Each server gets fresh random credentials (a new data dir).
 */
export async function startTestS3({
  bucket = "test-bucket",
  appOrigin,
}: { bucket?: string; appOrigin?: { protocol: "http" | "https"; domain: string } } = {}): Promise<TestS3> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-s3-"));
  const local = await startLocalS3({ dataDir, port: 0, bucket, allowedOrigin: appOrigin ? appOriginRule(appOrigin) : undefined });
  const config: StorageConfig = {
    endpoint: local.endpoint,
    region: local.region,
    bucket: local.bucket,
    accessKeyId: local.accessKeyId,
    secretAccessKey: local.secretAccessKey,
    forcePathStyle: true,
  };
  return {
    local,
    config,
    storage: createS3Storage(config),
    storageFor: (other) => createS3Storage({ ...config, bucket: other }),
    async stop() {
      await local.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a browser does with a grant, with Node's fetch: POST the form fields, then the file. */
export async function postToGrant(
  grant: Pick<UploadGrant, "url" | "fields">,
  content: Uint8Array | string,
  fileName = "upload.bin",
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = typeof content === "string" ? new TextEncoder().encode(content) : content;
  const form = grantFormData(grant, new Blob([body as Uint8Array<ArrayBuffer>]), fileName);
  return fetch(grant.url, { method: "POST", body: form, headers });
}

/** Every key in the config's bucket, listed with its credentials (the store refuses unsigned requests). */
export async function listStoredKeys(config: StorageConfig): Promise<string[]> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys;
}
