/**
 * File storage: one API (`FileStorage`), one implementation (S3 protocol: AWS S3, or any
 * S3-compatible store; `npm start` runs s3rver locally). Files never pass through the app: browsers
 * upload with a presigned POST (`createUploadGrant`) and download with presigned GET URLs. Every
 * call takes the firm it acts for and refuses keys outside `firms/{firmId}/` (see ./storage/keys).
 *
 * Who enforces what for an upload:
 * | rule                         | the store (POST policy)   | verifyUpload (app)                 |
 * | ---------------------------- | ------------------------- | ---------------------------------- |
 * | size 1..maxBytes             | content-length-range      | HeadObject size                    |
 * | exact key                    | {"key": …} condition      | the caller passes the key it       |
 * |                              |                           | issued; firm prefix checked        |
 * | Content-Type = granted type  | {"Content-Type": …}       | HeadObject type                    |
 * | real type (magic numbers)    | no                        | ranged GET + sniff                 |
 * | grant expiry, signature      | yes                       | —                                  |
 * AWS S3 enforces the policy natively; the local server (scripts/lib/local-s3.ts) does the same in
 * a layer in front of s3rver, answering S3's errors (EntityTooLarge, AccessDenied…). Other
 * S3-compatible stores may not, so an upload counts only after `verifyUpload` accepts it; what it
 * refuses it deletes. tests/integration/storage.test.ts shows the store refusing on its own.
 */
import {
  type BucketLocationConstraint,
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  UploadPartCommand,
  S3Client,
  S3ServiceException,
  type ListObjectsV2CommandOutput,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import * as z from "zod";

import { env } from "./env.server";
import { PortalError, type PortalErrorStatus } from "./errors";
import { contentDisposition, keyBelongsToFirm, prefixBelongsToFirm } from "./storage/keys";
import {
  CONTENT_TYPES,
  DOCUMENT_KINDS,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  formatFileSize,
  kindFromContentType,
  kindFromFileName,
  bytesMatchKind,
  type FileKind,
  type UploadGrant,
} from "./storage/uploads";
import { TtlCache } from "./lib/ttl-cache";

export type { FileKind, UploadGrant } from "./storage/uploads";

// ---------------------------------------------------------------------------------------------
// Refusals: PortalErrors with a `storage.*` code, their message fit to show to the user

export type StorageErrorCode =
  "storage.key_not_allowed" | "storage.invalid_request" | "storage.missing" | "storage.empty" | "storage.too_large" | "storage.wrong_type";

const HTTP_STATUS: Record<StorageErrorCode, PortalErrorStatus> = {
  // Same answer as a missing file: a key from another firm must not be confirmed to exist.
  "storage.key_not_allowed": 404,
  "storage.invalid_request": 400,
  "storage.missing": 400,
  "storage.empty": 400,
  "storage.too_large": 413,
  "storage.wrong_type": 415,
};

function storageError(code: StorageErrorCode, message: string): PortalError {
  return new PortalError(HTTP_STATUS[code], message, { code });
}

// ---------------------------------------------------------------------------------------------
// Configuration

export interface StorageConfig {
  /** Where the app reaches the store; undefined means AWS S3. */
  endpoint?: string;
  /** Where browsers reach the store, when it differs (e.g. the app runs in a container). */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (http://host/bucket/key); the default with a custom endpoint. */
  forcePathStyle: boolean;
}

const configSchema = z.object({
  S3_ENDPOINT: z.url({ message: "S3_ENDPOINT must be a URL, e.g. http://127.0.0.1:4569" }).optional(),
  S3_PUBLIC_ENDPOINT: z.url({ message: "S3_PUBLIC_ENDPOINT must be a URL" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z
    .string({ message: "S3_BUCKET is required" })
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a valid bucket name (3-63 lower-case letters, digits, dots, hyphens)"),
  S3_ACCESS_KEY_ID: z.string({ message: "S3_ACCESS_KEY_ID is required" }).min(1, "S3_ACCESS_KEY_ID is required"),
  S3_SECRET_ACCESS_KEY: z.string({ message: "S3_SECRET_ACCESS_KEY is required" }).min(1, "S3_SECRET_ACCESS_KEY is required"),
  S3_FORCE_PATH_STYLE: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
});

type StorageEnv = Partial<Record<keyof z.input<typeof configSchema>, string | boolean | undefined>>;

/**
 * The storage settings, validated. Reads the app configuration (app/env.server.ts) by default;
 * throws an Error naming every missing or invalid S3_* variable.
 */
export function storageConfig(source: StorageEnv = env()): StorageConfig {
  const blankAsMissing = Object.fromEntries(Object.entries(source).map(([name, value]) => [name, value === "" ? undefined : value]));
  const result = configSchema.safeParse(blankAsMissing);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Storage is not configured:\n${lines.join("\n")}`);
  }
  const c = result.data;
  return {
    endpoint: c.S3_ENDPOINT,
    publicEndpoint: c.S3_PUBLIC_ENDPOINT,
    region: c.S3_REGION,
    bucket: c.S3_BUCKET,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
  };
}

// ---------------------------------------------------------------------------------------------
// The API

/** Part size of `uploadStream` (S3's minimum part is 5 MiB). */
export const STREAM_PART_BYTES = 8 * 1024 * 1024;

export interface ObjectHead {
  size: number;
  contentType: string | null;
  etag: string | null;
  lastModified: Date | null;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date | null;
}

export interface ObjectPage {
  objects: ListedObject[];
  /** The continuation token of the next page, or null on the last one. */
  next: string | null;
}

export interface VerifiedUpload {
  key: string;
  size: number;
  kind: FileKind;
  contentType: string;
}

export interface FileStorage {
  /**
   * A presigned POST for one file at `key` (which must be under the firm's prefix). The policy
   * pins the key, the Content-Type and a size of 1..maxBytes; see the table at the top of this file
   * for which store enforces it. `contentType` must be one of the accepted kinds (it is normalised,
   * e.g. image/heif → image/heic). Confirm the upload with `verifyUpload`.
   */
  createUploadGrant(options: {
    firmId: string;
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds?: number;
    /** Kinds this upload may be (default: the document kinds). */
    allowedKinds?: readonly FileKind[];
  }): Promise<UploadGrant>;

  /** A presigned GET that downloads as `fileName` (Content-Disposition: attachment). */
  createDownloadUrl(options: { firmId: string; key: string; fileName: string; expiresInSeconds?: number }): Promise<string>;

  /**
   * A presigned GET to show a file in the page (images, the PDF viewer): Content-Disposition inline
   * and a Content-Type set from the key's extension, so whatever the object claims it is served as
   * an accepted, non-scriptable type. Refuses keys without such an extension.
   */
  createInlineUrl(options: { firmId: string; key: string; expiresInSeconds?: number }): Promise<string>;

  /**
   * `createInlineUrl` for a firm logo, valid 1 hour and cached for 50 minutes per key, so every
   * page of a firm reuses one URL (and the browser its cached image).
   */
  logoUrl(options: { firmId: string; key: string }): Promise<string>;

  /** Size and type of an object, or null when there is none. */
  headObject(options: { firmId: string; key: string }): Promise<ObjectHead | null>;

  /** The first `bytes` bytes (default SNIFF_BYTES) by a ranged GET, or null when there is no object. */
  readObjectHead(options: { firmId: string; key: string; bytes?: number }): Promise<Uint8Array | null>;

  /**
   * The confirm step after a browser upload: the object must exist, be 1..maxBytes long, carry the
   * granted Content-Type, and start with the magic numbers of that type, which must be one of
   * `allowedKinds` (default: the document kinds). Anything else is deleted and refused with a
   * PortalError (code `storage.*`). Run it before recording the file anywhere.
   */
  verifyUpload(options: { firmId: string; key: string; contentType: string; maxBytes: number; allowedKinds?: readonly FileKind[] }): Promise<VerifiedUpload>;

  /**
   * The whole object (for background jobs reading a file staff uploaded), or null when there is
   * none. Refuses objects over `maxBytes` (`storage.too_large`) without reading them.
   */
  readObject(options: { firmId: string; key: string; maxBytes: number }): Promise<Uint8Array | null>;

  /**
   * Bytes `start..end` (inclusive) of an object by a ranged GET, or its last `-start` bytes when
   * `start` is negative (a PDF's trailer). Throws when there is no object.
   */
  readObjectRange(options: { firmId: string; key: string; start: number; end?: number }): Promise<Uint8Array>;

  /** Writes a file the app generated (a split part, a signed copy) at `key`. */
  putObject(options: { firmId: string; key: string; bytes: Uint8Array; contentType: string }): Promise<void>;

  /**
   * Stores what `body` yields at `key` without holding it whole: a multipart upload of
   * STREAM_PART_BYTES parts (one part in memory at a time), or one PUT when it is smaller than a
   * part. A failure aborts the upload (nothing is left behind). Returns the bytes stored.
   */
  uploadStream(options: { firmId: string; key: string; contentType: string; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> }): Promise<number>;

  /** Deletes an object; no error when it is already gone. */
  deleteObject(options: { firmId: string; key: string }): Promise<void>;

  /** Copies an object of the firm to another key of the firm inside the store (CopyObject: the bytes never pass through the app). */
  copyObject(options: { firmId: string; fromKey: string; toKey: string; contentType: string }): Promise<void>;

  /** Deletes many objects of one firm, 1000 per request; no error for those already gone. */
  deleteObjects(options: { firmId: string; keys: string[] }): Promise<void>;

  /** One page (at most 1000) of the objects under `prefix` (within the firm's); pass `next` back for the following page. */
  listObjectsPage(options: { firmId: string; prefix: string; continuationToken?: string; maxKeys?: number }): Promise<ObjectPage>;

  /**
   * One page of every firm's objects (`firms/…`), for maintenance jobs that then act per firm. (A
   * delimiter listing of firm prefixes would be cheaper on S3, but the local S3 server does not
   * return common prefixes for nested keys.)
   */
  listAllFirmObjectsPage(continuationToken?: string): Promise<ObjectPage>;

  /**
   * Creates the bucket when missing and sets its CORS rules (browsers POST uploads and GET files
   * from any origin; the presigned signature is what grants access). Needs s3:CreateBucket and
   * s3:PutBucketCORS; pass `{ cors: false }` when the bucket's CORS is managed elsewhere.
   */
  ensureBucket(options?: { cors?: boolean }): Promise<void>;

  /**
   * The origins browsers reach the store at: those of a presigned GET and of an upload POST, signed
   * here (no request is made). The pages' Content-Security-Policy allows exactly these.
   */
  browserOrigins(): Promise<string[]>;
}

/** CORS rules browsers need to upload to and read from the bucket directly. */
export const BUCKET_CORS_RULES = [
  {
    AllowedOrigins: ["*"],
    AllowedMethods: ["GET", "HEAD", "POST", "PUT"],
    AllowedHeaders: ["*"],
    ExposeHeaders: ["ETag", "Content-Disposition"],
    MaxAgeSeconds: 3000,
  },
];

const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60; // SigV4 limit
const LOGO_URL_SECONDS = 60 * 60;
const LOGO_URL_CACHE_MS = 50 * 60 * 1000;

const UPLOAD_FAILED = "File upload failed, please try again.";
const DOWNLOAD_FAILED = "There was a problem downloading the document.";

function refuseForeignKey(key: string, firmId: string, message = DOWNLOAD_FAILED): void {
  if (!keyBelongsToFirm(key, firmId)) throw storageError("storage.key_not_allowed", message);
}

function refuseForeignPrefix(prefix: string, firmId: string): void {
  if (!prefixBelongsToFirm(prefix, firmId)) throw storageError("storage.key_not_allowed", DOWNLOAD_FAILED);
}

function checkExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_PRESIGN_SECONDS) {
    throw storageError("storage.invalid_request", `expiresInSeconds must be an integer from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
  }
  return false;
}

function toPage(result: ListObjectsV2CommandOutput): ObjectPage {
  return {
    objects: (result.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? null }] : [])),
    next: result.IsTruncated ? (result.NextContinuationToken ?? null) : null,
  };
}

export function createS3Storage(config: StorageConfig): FileStorage {
  const common = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible stores (and ranged GETs) differ on the rest.
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
  };
  const client = new S3Client({ ...common, endpoint: config.endpoint });
  // Presigned URLs carry the host they were signed for: sign with the one browsers use.
  const presignClient =
    config.publicEndpoint && config.publicEndpoint !== config.endpoint ? new S3Client({ ...common, endpoint: config.publicEndpoint }) : client;
  const Bucket = config.bucket;
  const logoUrls = new TtlCache<string, string>(LOGO_URL_CACHE_MS);

  const storage: FileStorage = {
    async createUploadGrant({ firmId, key, contentType, maxBytes, expiresInSeconds = 300, allowedKinds = DOCUMENT_KINDS }) {
      refuseForeignKey(key, firmId, UPLOAD_FAILED);
      checkExpiry(expiresInSeconds);
      const kind = kindFromContentType(contentType);
      if (!kind || !allowedKinds.includes(kind)) throw storageError("storage.wrong_type", "File type not supported yet");
      if (!Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > MAX_UPLOAD_BYTES) {
        throw storageError("storage.invalid_request", `maxBytes must be an integer from 1 to ${MAX_UPLOAD_BYTES}`);
      }
      const type = CONTENT_TYPES[kind];
      const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
      const post = await createPresignedPost(presignClient, {
        Bucket,
        Key: key, // adds the {"key": key} condition
        Fields: { "Content-Type": type }, // adds the {"Content-Type": type} condition
        Conditions: [["content-length-range", 1, maxBytes]],
        Expires: expiresInSeconds,
      });
      return {
        url: post.url,
        fields: post.fields,
        key,
        contentType: type,
        maxBytes,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async createDownloadUrl({ firmId, key, fileName, expiresInSeconds = 60 }) {
      refuseForeignKey(key, firmId);
      checkExpiry(expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName, "attachment"),
      });
      return getSignedUrl(presignClient, command, { expiresIn: expiresInSeconds });
    },

    async createInlineUrl({ firmId, key, expiresInSeconds = LOGO_URL_SECONDS }) {
      refuseForeignKey(key, firmId);
      checkExpiry(expiresInSeconds);
      const kind = kindFromFileName(key);
      if (!kind) throw storageError("storage.wrong_type", "File type not supported yet");
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: CONTENT_TYPES[kind],
        ResponseContentDisposition: "inline",
      });
      return getSignedUrl(presignClient, command, { expiresIn: expiresInSeconds });
    },

    async logoUrl({ firmId, key }) {
      refuseForeignKey(key, firmId);
      return logoUrls.getOrLoad(key, () => storage.createInlineUrl({ firmId, key, expiresInSeconds: LOGO_URL_SECONDS }));
    },

    async headObject({ firmId, key }) {
      refuseForeignKey(key, firmId);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? null,
          etag: head.ETag ?? null,
          lastModified: head.LastModified ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async readObjectHead({ firmId, key, bytes = SNIFF_BYTES }) {
      refuseForeignKey(key, firmId);
      if (!Number.isInteger(bytes) || bytes < 1 || bytes > 64 * 1024) {
        throw storageError("storage.invalid_request", "bytes must be an integer from 1 to 65536");
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        const body = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        // A store that ignores Range sends the whole object: keep what was asked for.
        return body.subarray(0, bytes);
      } catch (error) {
        if (isNotFound(error)) return null;
        // An empty object has no byte 0: S3 answers 416.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return new Uint8Array();
        throw error;
      }
    },

    async verifyUpload({ firmId, key, contentType, maxBytes, allowedKinds = DOCUMENT_KINDS }) {
      refuseForeignKey(key, firmId, UPLOAD_FAILED);
      const expected = kindFromContentType(contentType);
      const head = await storage.headObject({ firmId, key });
      if (!head) throw storageError("storage.missing", UPLOAD_FAILED);

      const refuse = async (code: StorageErrorCode, message: string): Promise<never> => {
        await storage.deleteObject({ firmId, key });
        throw storageError(code, message);
      };
      if (head.size > maxBytes) {
        return refuse("storage.too_large", `The file is larger than the ${formatFileSize(maxBytes)} limit.`);
      }
      if (head.size < 1) return refuse("storage.empty", "The file is empty.");
      if (!expected || !allowedKinds.includes(expected) || kindFromContentType(head.contentType) !== expected) {
        return refuse("storage.wrong_type", "File type not supported yet");
      }
      const firstBytes = await storage.readObjectHead({ firmId, key, bytes: SNIFF_BYTES });
      if (!firstBytes || !bytesMatchKind(firstBytes, expected)) {
        return refuse("storage.wrong_type", "File type not supported yet");
      }
      return { key, size: head.size, kind: expected, contentType: CONTENT_TYPES[expected] };
    },

    async readObject({ firmId, key, maxBytes }) {
      refuseForeignKey(key, firmId);
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if ((object.ContentLength ?? 0) > maxBytes) {
        // Nothing of it is read: the connection is closed.
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw storageError("storage.too_large", `The file is larger than the ${formatFileSize(maxBytes)} limit.`);
      }
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    },

    async readObjectRange({ firmId, key, start, end }) {
      refuseForeignKey(key, firmId);
      const Range = start < 0 ? `bytes=${start}` : `bytes=${start}-${end ?? ""}`;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    },

    async putObject({ firmId, key, bytes, contentType }) {
      refuseForeignKey(key, firmId, UPLOAD_FAILED);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },

    async uploadStream({ firmId, key, contentType, body }) {
      refuseForeignKey(key, firmId, UPLOAD_FAILED);
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      let total = 0;
      const flush = async () => {
        const chunk = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))).UploadId;
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk, ContentLength: chunk.length }),
        );
        parts.push({ ETag, PartNumber });
      };
      try {
        for await (const piece of body) {
          pending.push(piece);
          pendingBytes += piece.length;
          total += piece.length;
          if (pendingBytes >= STREAM_PART_BYTES) await flush();
        }
        if (!uploadId) {
          const bytes = Buffer.concat(pending, pendingBytes);
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
          return total;
        }
        if (pendingBytes > 0) await flush();
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        return total;
      } catch (error) {
        if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {});
        throw error;
      }
    },

    async deleteObject({ firmId, key }) {
      refuseForeignKey(key, firmId);
      logoUrls.delete(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async copyObject({ firmId, fromKey, toKey, contentType }) {
      refuseForeignKey(fromKey, firmId);
      refuseForeignKey(toKey, firmId, UPLOAD_FAILED);
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: toKey,
          CopySource: `${Bucket}/${fromKey.split("/").map(encodeURIComponent).join("/")}`,
          ContentType: contentType,
          MetadataDirective: "REPLACE",
        }),
      );
    },

    async deleteObjects({ firmId, keys }) {
      for (const key of keys) refuseForeignKey(key, firmId);
      for (const key of keys) logoUrls.delete(key);
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      }
    },

    async listObjectsPage({ firmId, prefix, continuationToken, maxKeys = 1000 }) {
      refuseForeignPrefix(prefix, firmId);
      return toPage(await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: continuationToken, MaxKeys: maxKeys })));
    },

    async listAllFirmObjectsPage(continuationToken) {
      return toPage(await client.send(new ListObjectsV2Command({ Bucket, Prefix: "firms/", ContinuationToken: continuationToken, MaxKeys: 1000 })));
    },

    async ensureBucket({ cors = true } = {}) {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await client.send(
          new CreateBucketCommand({
            Bucket,
            // us-east-1 is the default and must not be named.
            ...(config.region === "us-east-1" ? {} : { CreateBucketConfiguration: { LocationConstraint: config.region as BucketLocationConstraint } }),
          }),
        );
      }
      if (cors) {
        await client.send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: BUCKET_CORS_RULES } }));
      }
    },

    async browserOrigins() {
      // Ask the SDK rather than rebuild its rules (path-style or virtual-hosted, regional hosts).
      const get = await getSignedUrl(presignClient, new GetObjectCommand({ Bucket, Key: "origin-probe" }), { expiresIn: 60 });
      const post = await createPresignedPost(presignClient, { Bucket, Key: "origin-probe", Expires: 60 });
      return [...new Set([new URL(get).origin, new URL(post.url).origin])];
    },
  };
  return storage;
}

// ---------------------------------------------------------------------------------------------
// The app's storage, configured from the environment on first use

let appStorage: FileStorage | undefined;

/** The storage the app uses, built from `storageConfig()` on first call. */
export function getStorage(): FileStorage {
  appStorage ??= createS3Storage(storageConfig());
  return appStorage;
}

export const createUploadGrant: FileStorage["createUploadGrant"] = (o) => getStorage().createUploadGrant(o);
export const createDownloadUrl: FileStorage["createDownloadUrl"] = (o) => getStorage().createDownloadUrl(o);
export const createInlineUrl: FileStorage["createInlineUrl"] = (o) => getStorage().createInlineUrl(o);
export const logoUrl: FileStorage["logoUrl"] = (o) => getStorage().logoUrl(o);
export const headObject: FileStorage["headObject"] = (o) => getStorage().headObject(o);
export const readObjectHead: FileStorage["readObjectHead"] = (o) => getStorage().readObjectHead(o);
export const verifyUpload: FileStorage["verifyUpload"] = (o) => getStorage().verifyUpload(o);
export const readObject: FileStorage["readObject"] = (o) => getStorage().readObject(o);
export const readObjectRange: FileStorage["readObjectRange"] = (o) => getStorage().readObjectRange(o);
export const putObject: FileStorage["putObject"] = (o) => getStorage().putObject(o);
export const uploadStream: FileStorage["uploadStream"] = (o) => getStorage().uploadStream(o);
export const deleteObject: FileStorage["deleteObject"] = (o) => getStorage().deleteObject(o);
export const deleteObjects: FileStorage["deleteObjects"] = (o) => getStorage().deleteObjects(o);
export const copyObject: FileStorage["copyObject"] = (o) => getStorage().copyObject(o);
export const listObjectsPage: FileStorage["listObjectsPage"] = (o) => getStorage().listObjectsPage(o);
export const listAllFirmObjectsPage: FileStorage["listAllFirmObjectsPage"] = (token) => getStorage().listAllFirmObjectsPage(token);

/** The whole object, for a job that needs it to exist: `readObject`, with a missing object an error. */
export async function readExistingObject(options: { firmId: string; key: string; maxBytes: number }): Promise<Uint8Array> {
  const bytes = await readObject(options);
  if (!bytes) throw new Error(`No object at ${options.key}`);
  return bytes;
}
export const ensureBucket: FileStorage["ensureBucket"] = (o) => getStorage().ensureBucket(o);

/** The store's browser origins, or none when storage is not configured (nothing to allow then). */
export async function storageBrowserOrigins(): Promise<string[]> {
  let storage: FileStorage;
  try {
    storage = getStorage();
  } catch {
    return [];
  }
  return storage.browserOrigins();
}
