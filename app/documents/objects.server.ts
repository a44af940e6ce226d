/**
 * Server-side object reads and writes the document jobs need beyond the browser upload pipeline
 * (app/storage.server.ts): ranged and bounded reads, writes of generated files, listing by prefix,
 * batch deletes. Same store and settings (`storageConfig()`); every key must be under the firm's
 * prefix, so a job can never touch another firm's objects.
 */
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { storageConfig } from "~/storage.server";
import { firmPrefix } from "~/storage/keys";

let cached: { client: S3Client; bucket: string; signature: string } | null = null;

function s3(): { client: S3Client; bucket: string } {
  const config = storageConfig();
  const signature = JSON.stringify(config);
  if (!cached || cached.signature !== signature) {
    cached = {
      signature,
      bucket: config.bucket,
      client: new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    };
  }
  return cached;
}

function assertFirmKey(firmId: string, key: string): void {
  if (!key.startsWith(firmPrefix(firmId)) || key.includes("..")) throw new RangeError(`Key outside the firm's prefix: ${key}`);
}

/** Bytes `start..end` (inclusive) of an object, or the last `-start` bytes when start is negative. */
export async function readObjectRange(options: { firmId: string; key: string; start: number; end?: number }): Promise<Uint8Array> {
  assertFirmKey(options.firmId, options.key);
  const { client, bucket } = s3();
  const Range = options.start < 0 ? `bytes=${options.start}` : `bytes=${options.start}-${options.end ?? ""}`;
  const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: options.key, Range }));
  return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
}

/** The whole object, refused (RangeError) when it is over `maxBytes`: never more than that in memory. */
export async function readObjectBytes(options: { firmId: string; key: string; maxBytes: number }): Promise<Uint8Array> {
  assertFirmKey(options.firmId, options.key);
  const { client, bucket } = s3();
  const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: options.key }));
  if ((result.ContentLength ?? 0) > options.maxBytes) {
    await result.Body?.transformToByteArray().catch(() => {}); // drain, nothing is kept
    throw new RangeError(`Object is over ${options.maxBytes} bytes`);
  }
  return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
}

export async function putObject(options: { firmId: string; key: string; bytes: Uint8Array; contentType: string }): Promise<void> {
  assertFirmKey(options.firmId, options.key);
  const { client, bucket } = s3();
  await client.send(
    new PutObjectCommand({ Bucket: bucket, Key: options.key, Body: options.bytes, ContentType: options.contentType, ContentLength: options.bytes.length }),
  );
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date | null;
}

/** One page (at most 1000) of the objects under `prefix`; pass `next` back for the following page. */
export async function listObjectsPage(options: {
  firmId: string;
  prefix: string;
  continuationToken?: string;
  maxKeys?: number;
}): Promise<{ objects: ListedObject[]; next: string | null }> {
  assertFirmKey(options.firmId, options.prefix);
  const { client, bucket } = s3();
  const result = await client.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: options.prefix, ContinuationToken: options.continuationToken, MaxKeys: options.maxKeys ?? 1000 }),
  );
  return {
    objects: (result.Contents ?? []).filter((o) => o.Key).map((o) => ({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified ?? null })),
    next: result.IsTruncated ? (result.NextContinuationToken ?? null) : null,
  };
}

/**
 * One page of every firm's objects (`firms/…`), for maintenance jobs that then act per firm. (A
 * delimiter listing of firm prefixes would be cheaper on S3, but the local S3 server does not
 * return common prefixes for nested keys.)
 */
export async function listAllFirmObjectsPage(continuationToken?: string): Promise<{ objects: ListedObject[]; next: string | null }> {
  const { client, bucket } = s3();
  const result = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "firms/", ContinuationToken: continuationToken, MaxKeys: 1000 }));
  return {
    objects: (result.Contents ?? []).filter((o) => o.Key).map((o) => ({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified ?? null })),
    next: result.IsTruncated ? (result.NextContinuationToken ?? null) : null,
  };
}

/** Deletes up to 1000 objects of one firm in one request. */
export async function deleteObjects(options: { firmId: string; keys: string[] }): Promise<void> {
  if (!options.keys.length) return;
  for (const key of options.keys) assertFirmKey(options.firmId, key);
  const { client, bucket } = s3();
  for (let i = 0; i < options.keys.length; i += 1000) {
    const batch = options.keys.slice(i, i + 1000);
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
  }
}
