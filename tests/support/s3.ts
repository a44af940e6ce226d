/**
 * A throwaway S3-protocol server for one test file (s3rver on 127.0.0.1, a free port, a temp dir).
 *
 *   let s3: TestS3;
 *   beforeAll(async () => { s3 = await startTestS3(); });
 *   afterAll(() => s3?.stop());
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { startLocalS3, type LocalS3 } from "../../scripts/lib/local-s3";
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

export async function startTestS3({ bucket = "test-bucket" }: { bucket?: string } = {}): Promise<TestS3> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-s3-"));
  const local = await startLocalS3({ dataDir, port: 0, bucket });
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
