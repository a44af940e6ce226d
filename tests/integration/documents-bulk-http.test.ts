/**
 * Bulk actions on selected documents over HTTP (the built app, real PostgreSQL and S3 server):
 * delete_many, restore_many and move_many on /api/documents/{companyHash}, and the zip of selected
 * files at /api/documents/{companyHash}/files. All or nothing: bad input is 400, an id of another
 * firm, another entity or a folder the user may not see is 404, a mix of deleted and live
 * documents is 422 with the spec's message, refused permissions are 403, and in every refusal no
 * row, activity entry or object changes and no zip is sent.
 */
import http from "node:http";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, loaderDataPath, type TestApp } from "../support/app";
import { listStoredKeys, postToGrant } from "../support/s3";
import type { UploadGrant } from "~/storage/uploads";

/** The client's documents page (its loader data). */
const CLIENT_PAGE = "routes/documents.$companyHash";

const MIXED = "Not available for a mix of deleted and non-deleted documents";
const pdf = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

let app: TestApp;
let client: string; // client@acme.test, owner of "Jordan & Casey Rivera" and "Rivera Design Studio LLC"
let partner: string; // partner@acme.test (an advisor)
let harold: string; // read-only client of acme
let summitClient: string;
let rivera: string;
let studio: string;
let haroldHash: string;
let summitHash: string;

interface Answer {
  status: number;
  json: Record<string, any>;
}

/** A JSON POST as the browser sends it; the answer as JSON. */
function postJson(slug: string, path: string, body: unknown, cookie?: string): Promise<Answer & { raw: Buffer; headers: http.IncomingHttpHeaders }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: app.port,
        path,
        method: "POST",
        headers: {
          host: app.host(slug),
          origin: `http://${app.host(slug)}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          let json: Record<string, any>;
          try {
            json = JSON.parse(raw.toString("utf8"));
          } catch {
            json = { text: raw.toString("utf8") };
          }
          resolve({ status: res.statusCode ?? 0, json, raw, headers: res.headers });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

const api = (hash: string, body: unknown, cookie: string, slug = "acme") => postJson(slug, `/api/documents/${hash}`, body, cookie);
const zipOf = (hash: string, body: unknown, cookie: string, slug = "acme") => postJson(slug, `/api/documents/${hash}/files`, body, cookie);

/** Uploads a PDF through the product's pipeline (grant → store → confirm); returns its id. */
async function upload(hash: string, cookie: string, fileName: string, path = "/", slug = "acme"): Promise<string> {
  const bytes = pdf(fileName);
  const granted = await api(hash, { intent: "upload_grant", path, fileName, contentType: "application/pdf", size: bytes.length }, cookie, slug);
  expect(granted.status, JSON.stringify(granted.json)).toBe(200);
  const grant = granted.json.grant as UploadGrant;
  expect((await postToGrant(grant, bytes, fileName)).status).toBeLessThan(300);
  const confirmed = await api(hash, { intent: "upload_confirm", path, fileName, contentType: "application/pdf", key: grant.key }, cookie, slug);
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  return confirmed.json.item.id as string;
}

async function folder(hash: string, cookie: string, name: string, path = "/") {
  expect((await api(hash, { intent: "create_folder", path, name }, cookie)).status).toBe(200);
}

/** Every document row, activity entry and stored object of both firms. */
async function everything(): Promise<string> {
  const rows = async (slug: string) =>
    app.tx(slug, async (t) => ({
      documents: await t.document.findMany({ select: { id: true, name: true, path: true, deletedAt: true, storageKey: true }, orderBy: { id: "asc" } }),
      activities: await t.activityLog.count(),
    }));
  return JSON.stringify({ acme: await rows("acme"), summit: await rows("summit"), objects: await objectKeys() });
}

async function objectKeys(): Promise<string[]> {
  return (await listStoredKeys(app.s3!.config)).sort();
}

const documentsById = (ids: string[]) =>
  app.tx("acme", (t) =>
    t.document.findMany({
      where: { id: { in: ids } },
      select: { id: true, name: true, path: true, deletedAt: true, storageKey: true },
      orderBy: { name: "asc" },
    }),
  );

/** A zip's entries (name → content), read from its central directory and inflated. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, "not a zip").toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString("latin1"));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Waits until the firm's preferences reach the app (its cache follows PostgreSQL notifications). */
async function untilClientCanEditFiles(hash: string, cookie: string, expected: boolean, path = "/") {
  for (let tries = 0; tries < 100; tries++) {
    const page = await app.get("acme", loaderDataPath(`/documents/${hash}?path=${encodeURIComponent(path)}`, CLIENT_PAGE), cookie);
    if (page.body.data.permissions.canEditFiles === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The firm's preferences did not reach the app");
}

beforeAll(async () => {
  app = await bootApp({ name: "documents-bulk-http", s3: true });
  client = (await app.signIn("acme", "client@acme.test")).cookie;
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  harold = (await app.signIn("acme", "harold.whitman@example.com")).cookie;
  summitClient = (await app.signIn("summit", "client@summit.test")).cookie;
  const hashOf = (slug: string, name: string) =>
    app.tx(slug, (t) => t.company.findFirstOrThrow({ where: { name }, select: { hashId: true } })).then((c) => c.hashId);
  rivera = await hashOf("acme", "Jordan & Casey Rivera");
  studio = await hashOf("acme", "Rivera Design Studio LLC");
  haroldHash = await hashOf("acme", "Harold Whitman");
  const summitEntity = await app.tx("summit", (t) =>
    t.company.findFirstOrThrow({
      where: { owners: { some: { user: { email: "client@summit.test" } } }, deletedAt: null, inactive: false },
      select: { hashId: true },
    }),
  );
  summitHash = summitEntity.hashId;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("bulk delete, restore and move", () => {
  it("deletes the selected files at once (one activity entry each), keeps their objects, and restores them", async () => {
    await folder(rivera, client, "Bulk");
    const [w2, k1, keep] = [
      await upload(rivera, client, "W-2.pdf", "/Bulk"),
      await upload(rivera, client, "K-1.pdf", "/Bulk"),
      await upload(rivera, client, "Keep.pdf", "/Bulk"),
    ];
    const objectsBefore = await objectKeys();
    const logsBefore = await app.tx("acme", (t) => t.activityLog.count());

    const deleted = await api(rivera, { intent: "delete_many", ids: [w2, k1] }, client);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ ok: true, message: "Document removed successfully", count: 2 });
    const rows = await documentsById([w2, k1, keep]);
    expect(rows.map((r) => [r.name, r.deletedAt !== null])).toEqual([
      ["K-1.pdf", true],
      ["Keep.pdf", false],
      ["W-2.pdf", true],
    ]);
    // One entry per document, as a single delete writes.
    expect(await app.tx("acme", (t) => t.activityLog.count())).toBe(logsBefore + 2);
    const logs = await app.tx("acme", (t) => t.activityLog.findMany({ where: { title: "Deleted a document" }, select: { description: true } }));
    expect(logs.map((l) => l.description).sort()).toEqual(["/Bulk/K-1.pdf", "/Bulk/W-2.pdf"]);
    // Soft delete: the objects stay in the store so they can come back.
    expect(await objectKeys()).toEqual(objectsBefore);
    const page = await app.get("acme", loaderDataPath(`/documents/${rivera}?path=%2FBulk`, CLIENT_PAGE), client);
    const data = page.body.data;
    expect(data.items.map((i: { name: string }) => i.name)).toEqual(["Keep.pdf"]);
    expect(data.deleted.map((i: { name: string }) => i.name).sort()).toEqual(["K-1.pdf", "W-2.pdf"]);

    // A new W-2.pdf took the name meanwhile: the restored one comes back beside it.
    const newer = await upload(rivera, client, "W-2.pdf", "/Bulk");
    const restored = await api(rivera, { intent: "restore_many", ids: [w2, k1] }, client);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ ok: true, message: "Documents restored successfully", count: 2 });
    const after = new Map((await documentsById([w2, k1, newer])).map((r) => [r.id, [r.name, r.path, r.deletedAt]]));
    expect(after.get(k1)).toEqual(["K-1.pdf", "/Bulk", null]);
    expect(after.get(w2)).toEqual(["W-2 (restored).pdf", "/Bulk", null]);
    expect(after.get(newer)).toEqual(["W-2.pdf", "/Bulk", null]);
    // The restored file is downloadable from the store again.
    const url = await api(rivera, { intent: "download_url", id: w2 }, client);
    expect(await fetch(url.json.url).then((r) => r.text())).toContain("% W-2.pdf");
  });

  it("restores files of one name under names not taken, by live files or by each other", async () => {
    await folder(rivera, client, "Names");
    const first = await upload(rivera, client, "Bank statement.pdf", "/Names");
    expect((await api(rivera, { intent: "delete_many", ids: [first] }, client)).status).toBe(200);
    const second = await upload(rivera, client, "Bank statement.pdf", "/Names");
    expect((await api(rivera, { intent: "delete_many", ids: [second] }, client)).status).toBe(200);
    const live = await upload(rivera, client, "bank statement.pdf", "/Names");
    const restoredBefore = await upload(rivera, client, "Bank Statement (restored).pdf", "/Names");
    const restored = await api(rivera, { intent: "restore_many", ids: [first, second] }, client);
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    const names = new Map((await documentsById([first, second, live, restoredBefore])).map((r) => [r.id, r.name]));
    expect(names.get(live)).toBe("bank statement.pdf");
    expect(names.get(restoredBefore)).toBe("Bank Statement (restored).pdf");
    expect(names.get(first)).toBe("Bank statement (restored 2).pdf");
    expect(names.get(second)).toBe("Bank statement (restored 3).pdf");
  });

  it("moves the selected files into another folder, and refuses a name taken there without moving any", async () => {
    await folder(rivera, client, "Inbox");
    await folder(rivera, client, "2025");
    const a = await upload(rivera, client, "Receipt A.pdf", "/Inbox");
    const b = await upload(rivera, client, "Receipt B.pdf", "/Inbox");
    const moved = await api(rivera, { intent: "move_many", ids: [a, b], path: "/2025" }, client);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((await documentsById([a, b])).map((r) => [r.name, r.path])).toEqual([
      ["Receipt A.pdf", "/2025"],
      ["Receipt B.pdf", "/2025"],
    ]);

    const c = await upload(rivera, client, "Receipt C.pdf", "/Inbox");
    const clash = await upload(rivera, client, "Receipt A.pdf", "/Inbox");
    const before = await everything();
    const refused = await api(rivera, { intent: "move_many", ids: [c, clash], path: "/2025" }, client);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("A document with this name already exists in this folder.");
    expect(await everything()).toBe(before);
    expect((await api(rivera, { intent: "move_many", ids: [c], path: "/a/../b" }, client)).status).toBe(400);
    expect(await everything()).toBe(before);
  });

  it("answers 404 for a selection of the wrong kind (deleted files to delete, live ones to restore) and 400 for folders", async () => {
    const live = await upload(rivera, client, "Live.pdf", "/Bulk");
    const gone = await upload(rivera, client, "Gone.pdf", "/Bulk");
    expect((await api(rivera, { intent: "delete_many", ids: [gone] }, client)).status).toBe(200);
    const folderRow = await app.tx("acme", (t) => t.document.findFirstOrThrow({ where: { itemType: "folder", name: "Bulk" }, select: { id: true } }));
    const before = await everything();
    expect((await api(rivera, { intent: "delete_many", ids: [gone] }, client)).status).toBe(404);
    expect((await api(rivera, { intent: "restore_many", ids: [live] }, client)).status).toBe(404);
    expect((await zipOf(rivera, { ids: [gone] }, client)).status).toBe(404);
    const withFolder = await api(rivera, { intent: "delete_many", ids: [live, folderRow.id] }, client);
    expect(withFolder.status).toBe(400);
    expect(withFolder.json.error).toBe("Only files can be selected; folders have their own actions.");
    expect(await everything()).toBe(before);
  });
});

describe("a mix of deleted and non-deleted documents", () => {
  it("is refused by every bulk action with the spec's message, and nothing changes", async () => {
    const live = await upload(rivera, client, "Mixed live.pdf", "/Bulk");
    const gone = await upload(rivera, client, "Mixed gone.pdf", "/Bulk");
    expect((await api(rivera, { intent: "delete_many", ids: [gone] }, client)).status).toBe(200);
    const before = await everything();
    for (const body of [
      { intent: "delete_many", ids: [live, gone] },
      { intent: "restore_many", ids: [gone, live] },
      { intent: "move_many", ids: [live, gone], path: "/" },
    ]) {
      const refused = await api(rivera, body, client);
      expect(refused.status, body.intent).toBe(422);
      expect(refused.json.error, body.intent).toBe(MIXED);
    }
    const zip = await zipOf(rivera, { ids: [live, gone] }, client);
    expect(zip.status).toBe(422);
    expect(zip.raw.toString("utf8")).toBe(MIXED);
    // Staff (an advisor, who may restore) get the same answer.
    expect((await api(rivera, { intent: "restore_many", ids: [live, gone] }, partner)).json.error).toBe(MIXED);
    expect(await everything()).toBe(before);
  });
});

describe("the zip of selected files", () => {
  it("contains exactly the selected files, with their contents", async () => {
    await folder(rivera, client, "Zip");
    const one = await upload(rivera, client, "1099-INT.pdf", "/Zip");
    await upload(rivera, client, "Not selected.pdf", "/Zip");
    const two = await upload(rivera, client, "1098.pdf", "/Zip");
    const zip = await zipOf(rivera, { ids: [one, two] }, client);
    expect(zip.status, zip.raw.toString("utf8").slice(0, 200)).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain(".zip");
    const entries = unzip(zip.raw);
    expect([...entries.keys()].sort()).toEqual(["1098.pdf", "1099-INT.pdf"]);
    expect(entries.get("1099-INT.pdf")).toBe(new TextDecoder("latin1").decode(pdf("1099-INT.pdf")));
    expect(entries.get("1098.pdf")).toContain("% 1098.pdf");
    // One "Downloaded a document" entry per file.
    const logged = await app.tx("acme", (t) =>
      t.activityLog.findMany({ where: { title: "Downloaded a document", description: { startsWith: "/Zip/" } }, select: { description: true } }),
    );
    expect(logged.map((l) => l.description).sort()).toEqual(["/Zip/1098.pdf", "/Zip/1099-INT.pdf"]);
  });

  it("names two selected files of one name by their folders", async () => {
    await folder(rivera, client, "2024");
    const older = await upload(rivera, client, "Same.pdf", "/2024");
    const newer = await upload(rivera, client, "Same.pdf", "/2025");
    const entries = unzip((await zipOf(rivera, { ids: [older, newer] }, client)).raw);
    expect([...entries.keys()].sort()).toEqual(["2024/Same.pdf", "2025/Same.pdf"]);
  });

  it("is refused with the spec's message over 150 MB in total", async () => {
    const big = await upload(rivera, client, "Big scan.pdf", "/Zip");
    await app.tx("acme", (t) => t.document.update({ where: { id: big }, data: { sizeBytes: BigInt(151 * 1024 * 1024) } }));
    const zip = await zipOf(rivera, { ids: [big] }, client);
    expect(zip.status).toBe(503);
    expect(zip.raw.toString("utf8")).toBe(
      "Unfortunately, that folder/file is too large to download. Can you split it up into smaller batches? Generally, the total size should be less than 150MB. And if you're converting images to PDF, it should be less than 15MB.",
    );
    expect(zip.headers["content-type"]).not.toBe("application/zip");
  });
});

describe("tenancy and visibility: one foreign id among valid ones refuses the whole selection", () => {
  it("another firm's document → 404 and nothing changes, no zip", async () => {
    const mine = await upload(rivera, client, "Mine.pdf", "/Bulk");
    const theirs = await upload(summitHash, summitClient, "Theirs.pdf", "/", "summit");
    const before = await everything();
    for (const body of [
      { intent: "delete_many", ids: [mine, theirs] },
      { intent: "move_many", ids: [mine, theirs], path: "/2025" },
      { intent: "restore_many", ids: [theirs] },
    ]) {
      const refused = await api(rivera, body, client);
      expect(refused.status, body.intent).toBe(404);
      expect(refused.json.error).toBe("This document was not found.");
    }
    const zip = await zipOf(rivera, { ids: [mine, theirs] }, client);
    expect(zip.status).toBe(404);
    expect(zip.headers["content-type"]).not.toBe("application/zip");
    // The summit client cannot reach acme's entity at all, even with its own ids.
    expect((await api(rivera, { intent: "delete_many", ids: [mine] }, summitClient, "summit")).status).toBe(404);
    expect((await zipOf(rivera, { ids: [mine] }, summitClient, "summit")).status).toBe(404);
    expect(await everything()).toBe(before);
  });

  it("another entity's document (same owner, same firm) → 404 and nothing changes", async () => {
    const mine = await upload(rivera, client, "Entity one.pdf", "/Bulk");
    const other = await upload(studio, client, "Entity two.pdf", "/");
    const before = await everything();
    expect((await api(rivera, { intent: "delete_many", ids: [mine, other] }, client)).status).toBe(404);
    expect((await api(rivera, { intent: "move_many", ids: [mine, other], path: "/2025" }, client)).status).toBe(404);
    expect((await api(studio, { intent: "delete_many", ids: [other, mine] }, partner)).status).toBe(404);
    expect((await zipOf(rivera, { ids: [other, mine] }, client)).status).toBe(404);
    expect(await everything()).toBe(before);
  });

  it("a client cannot touch STAFF ONLY documents, staff can", async () => {
    await folder(rivera, partner, "STAFF ONLY");
    const internal = await upload(rivera, partner, "Workpapers.pdf", "/STAFF ONLY");
    const mine = await upload(rivera, client, "Visible.pdf", "/Bulk");
    const before = await everything();
    expect((await api(rivera, { intent: "delete_many", ids: [mine, internal] }, client)).status).toBe(404);
    expect((await api(rivera, { intent: "move_many", ids: [mine], path: "/STAFF ONLY" }, client)).status).toBe(404);
    expect((await api(rivera, { intent: "move_many", ids: [internal], path: "/Bulk" }, client)).status).toBe(404);
    const zip = await zipOf(rivera, { ids: [internal] }, client);
    expect(zip.status).toBe(404);
    expect(await everything()).toBe(before);
    const staffZip = await zipOf(rivera, { ids: [internal, mine] }, partner);
    expect(staffZip.status).toBe(200);
    expect([...unzip(staffZip.raw).keys()].sort()).toEqual(["Visible.pdf", "Workpapers.pdf"]);
  });
});

describe("permissions", () => {
  it("a read-only client may download the selection but not delete, move or restore it", async () => {
    await folder(haroldHash, partner, "Returns");
    const a = await upload(haroldHash, partner, "Return 2024.pdf", "/Returns");
    const b = await upload(haroldHash, partner, "Return 2025.pdf", "/Returns");
    const before = await everything();
    for (const body of [
      { intent: "delete_many", ids: [a, b] },
      { intent: "move_many", ids: [a, b], path: "/" },
    ]) {
      const refused = await api(haroldHash, body, harold);
      expect(refused.status, body.intent).toBe(403);
      expect(refused.json.error).toBe("This account is read-only.");
    }
    expect(await everything()).toBe(before);
    const zip = await zipOf(haroldHash, { ids: [a, b] }, harold);
    expect(zip.status).toBe(200);
    expect([...unzip(zip.raw).keys()].sort()).toEqual(["Return 2024.pdf", "Return 2025.pdf"]);
  });

  it("a read-only entity refuses its owners' bulk changes", async () => {
    const a = await upload(studio, client, "Studio invoice.pdf", "/");
    await app.tx("acme", (t) => t.company.updateMany({ where: { hashId: studio }, data: { readonlyAccess: true } }));
    try {
      const before = await everything();
      const refused = await api(studio, { intent: "delete_many", ids: [a] }, client);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe("This entity is read-only.");
      expect(await everything()).toBe(before);
    } finally {
      await app.tx("acme", (t) => t.company.updateMany({ where: { hashId: studio }, data: { readonlyAccess: false } }));
    }
  });

  it("firm preferences: file edits disabled, or client actions disabled in one of the selection's folders", async () => {
    await folder(rivera, client, "Locked");
    const inLocked = await upload(rivera, client, "Locked.pdf", "/Locked");
    const elsewhere = await upload(rivera, client, "Elsewhere.pdf", "/Bulk");
    const before = await everything();
    const setPrefs = (data: { disableFileEditAction?: boolean; foldersWhereClientActionsDisabled?: string[] }) =>
      app.tx("acme", (t) => t.firmPreferences.update({ where: { firmId: "firm_acme" }, data }));
    try {
      await setPrefs({ disableFileEditAction: true });
      await untilClientCanEditFiles(rivera, client, false);
      for (const body of [
        { intent: "delete_many", ids: [elsewhere] },
        { intent: "move_many", ids: [elsewhere], path: "/Locked" },
      ]) {
        const refused = await api(rivera, body, client);
        expect(refused.status, body.intent).toBe(403);
        expect(refused.json.error).toBe("Disabled by firm");
      }
      await setPrefs({ disableFileEditAction: false, foldersWhereClientActionsDisabled: ["/Locked"] });
      await untilClientCanEditFiles(rivera, client, true);
      await untilClientCanEditFiles(rivera, client, false, "/Locked");
      const refused = await api(rivera, { intent: "delete_many", ids: [elsewhere, inLocked] }, client);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe("Disabled by firm");
      expect((await api(rivera, { intent: "move_many", ids: [elsewhere], path: "/Locked" }, client)).status).toBe(403);
      expect(await everything()).toBe(before);
      // Staff are not bound by the client preferences.
      expect((await api(rivera, { intent: "delete_many", ids: [elsewhere, inLocked] }, partner)).status).toBe(200);
    } finally {
      await setPrefs({ disableFileEditAction: false, foldersWhereClientActionsDisabled: [] });
    }
  });
});

describe("bad input", () => {
  it("answers 400 (never 500) for empty, too long, repeated or non-string ids, and changes nothing", async () => {
    const a = await upload(rivera, client, "Input.pdf", "/Bulk");
    const before = await everything();
    const tooMany = Array.from({ length: 501 }, (_, i) => `doc${i}`);
    const cases: [unknown, string | null][] = [
      [[], "Select at least one document."],
      [tooMany, "Select at most 500 documents at a time."],
      [[a, a], "A document is selected more than once."],
      [[1, 2], null],
      [[a, null], null],
      ["x", null],
      [["x".repeat(65)], null],
      [undefined, null],
    ];
    for (const [ids, message] of cases) {
      for (const intent of ["delete_many", "restore_many", "move_many"]) {
        const body = { intent, ids, ...(intent === "move_many" ? { path: "/" } : {}) };
        const refused = await api(rivera, body, client);
        expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        if (message) expect(refused.json.error).toBe(message);
      }
      const zip = await zipOf(rivera, { ids }, client);
      expect(zip.status, `zip ${JSON.stringify(ids)?.slice(0, 60)}`).toBe(400);
      if (message) expect(zip.raw.toString("utf8")).toBe(message);
    }
    expect((await zipOf(rivera, "not json", client)).status).toBe(400);
    expect((await zipOf(rivera, { ids: [a] }, "")).status).toBe(401);
    expect((await api(rivera, { intent: "move_many", ids: [a] }, client)).status).toBe(400);
    expect(await everything()).toBe(before);
  });
});

describe("limits", () => {
  it("takes 500 documents at once", async () => {
    const ids = await app.tx("acme", async (t) => {
      const company = await t.company.findFirstOrThrow({ where: { hashId: rivera }, select: { id: true } });
      const created = await t.document.createManyAndReturn({
        data: Array.from({ length: 500 }, (_, i) => ({
          firmId: "firm_acme",
          companyId: company.id,
          path: "/Five hundred",
          name: `Page ${i}.pdf`,
          storageKey: null,
        })),
        select: { id: true },
      });
      return created.map((c) => c.id);
    });
    const deleted = await api(rivera, { intent: "delete_many", ids }, partner);
    expect(deleted.status).toBe(200);
    expect(deleted.json.count).toBe(500);
    expect(await app.tx("acme", (t) => t.document.count({ where: { path: "/Five hundred", deletedAt: null } }))).toBe(0);
    const restored = await api(rivera, { intent: "restore_many", ids }, partner);
    expect(restored.json.count).toBe(500);
    expect(await app.tx("acme", (t) => t.document.count({ where: { path: "/Five hundred", deletedAt: null } }))).toBe(500);
  });
});

describe("group-access staff", () => {
  it("reach the documents of their own group's entities only; another group's are 404 and nothing changes", async () => {
    const nina = (await app.signIn("summit", "nina.patel@summit.test")).cookie;
    const entityOf = (own: boolean) =>
      app.tx("summit", async (t) => {
        const staff = await t.user.findFirstOrThrow({ where: { email: "nina.patel@summit.test" }, select: { firmGroupId: true } });
        return t.company.findFirstOrThrow({
          where: { deletedAt: null, primaryOwner: own ? { firmGroupId: staff.firmGroupId } : { firmGroupId: { not: staff.firmGroupId } } },
          select: { hashId: true, id: true },
        });
      });
    const [own, other] = [await entityOf(true), await entityOf(false)];
    const page = (hash: string) => app.get("summit", `/admin/${hash}/documents`, nina);
    expect((await page(own.hashId)).status).toBe(200);
    expect((await page(other.hashId)).status).toBe(404);

    const otherDoc = await app.tx("summit", (t) =>
      t.document.create({ data: { firmId: "firm_summit", companyId: other.id, path: "/", name: "Other group.pdf", storageKey: null }, select: { id: true } }),
    );
    const before = await everything();
    for (const body of [
      { intent: "create_folder", path: "/", name: "Nope" },
      { intent: "delete_many", ids: [otherDoc.id] },
      { intent: "rename", id: otherDoc.id, name: "Renamed" },
      { intent: "download_url", id: otherDoc.id },
    ]) {
      const answer = await api(other.hashId, body, nina, "summit");
      expect(answer.status, JSON.stringify(body)).toBe(404);
      expect(answer.json.url).toBeUndefined();
    }
    expect((await zipOf(other.hashId, { ids: [otherDoc.id] }, nina, "summit")).status).toBe(404);
    expect(await everything()).toBe(before);
    // A partner of the same firm reaches both.
    const partnerSummit = (await app.signIn("summit", "partner@summit.test")).cookie;
    expect((await app.get("summit", `/admin/${other.hashId}/documents`, partnerSummit)).status).toBe(200);
  });
});

describe("folder pages", () => {
  it("lists a large folder 100 items a page, folders first; clients never count STAFF ONLY folders", async () => {
    await app.tx("acme", async (t) => {
      const company = await t.company.findFirstOrThrow({ where: { hashId: rivera }, select: { id: true } });
      await t.document.createMany({
        data: [
          ...Array.from({ length: 250 }, (_, i) => ({
            firmId: "firm_acme",
            companyId: company.id,
            path: "/Paged",
            name: `Receipt ${String(i).padStart(3, "0")}.pdf`,
            storageKey: null,
          })),
          { firmId: "firm_acme", companyId: company.id, path: "/Paged", name: "Notes STAFF ONLY", itemType: "folder" as const },
          { firmId: "firm_acme", companyId: company.id, path: "/", name: "Paged", itemType: "folder" as const },
        ],
      });
    });
    const load = async (cookie: string, route: string, base: string, page?: string) => {
      const query = new URLSearchParams({ path: "/Paged", ...(page ? { page } : {}) });
      const response = await app.get("acme", loaderDataPath(`${base}?${query}`, route), cookie);
      expect(response.status, response.text.slice(0, 200)).toBe(200);
      return response.body.data as {
        items: { name: string; itemType: string }[];
        page: { page: number; size: number; total: number; lastPage: number };
      };
    };
    const asClient = (page?: string) => load(client, CLIENT_PAGE, `/documents/${rivera}`, page);
    const first = await asClient();
    expect(first.page).toEqual({ page: 1, size: 100, total: 250, lastPage: 3 });
    expect(first.items).toHaveLength(100);
    expect(first.items[0]!.name).toBe("Receipt 000.pdf");
    const third = await asClient("3");
    expect(third.items.map((i) => i.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Receipt ${200 + i}.pdf`));
    // Out of range or not a number: the last page, or the first.
    expect((await asClient("99")).page.page).toBe(3);
    expect((await asClient("abc")).page.page).toBe(1);
    expect((await asClient("-4")).page.page).toBe(1);
    // Every item once across the pages.
    const all = [...first.items, ...(await asClient("2")).items, ...third.items].map((i) => i.name);
    expect(new Set(all).size).toBe(250);

    const staff = await load(partner, "routes/admin.$companyHash.documents", `/admin/${rivera}/documents`);
    expect(staff.page.total).toBe(251);
    expect(staff.items[0]).toMatchObject({ name: "Notes STAFF ONLY", itemType: "folder" });
  });
});

describe("documents the firm shared through a questionnaire", () => {
  it("clients may not rename, move or delete them (nor a folder holding one); staff may; the listing says which", async () => {
    const shared = await app.tx("acme", (t) =>
      t.document.findFirstOrThrow({
        where: { deletedAt: null, sections: { some: {} }, company: { owners: { some: { user: { email: "client@acme.test" } } } } },
        select: { id: true, name: true, path: true, company: { select: { hashId: true } } },
      }),
    );
    const hash = shared.company.hashId;
    const folderPath = shared.path;
    expect(folderPath).not.toBe("/");
    const page = await app.get("acme", loaderDataPath(`/documents/${hash}?${new URLSearchParams({ path: folderPath })}`, CLIENT_PAGE), client);
    const listed = (page.body.data.items as { id: string; firmProvided: boolean }[]).find((i) => i.id === shared.id);
    expect(listed?.firmProvided).toBe(true);

    // The folder holding it (a row, made here when the folder exists only through its files).
    const holding = await app.tx("acme", async (t) => {
      const name = folderPath.slice(folderPath.lastIndexOf("/") + 1);
      const parent = folderPath.slice(0, folderPath.lastIndexOf("/")) || "/";
      const company = await t.company.findFirstOrThrow({ where: { hashId: hash }, select: { id: true } });
      const row = await t.document.findFirst({
        where: { deletedAt: null, itemType: "folder", path: parent, name, companyId: company.id },
        select: { id: true },
      });
      return row ?? t.document.create({ data: { firmId: "firm_acme", companyId: company.id, itemType: "folder", path: parent, name }, select: { id: true } });
    });
    const before = await everything();
    for (const body of [
      { intent: "rename", id: shared.id, name: "Mine" },
      { intent: "move", id: shared.id, path: "/" },
      { intent: "delete", id: shared.id },
      { intent: "delete_many", ids: [shared.id] },
      { intent: "move_many", ids: [shared.id], path: "/" },
    ]) {
      const refused = await api(hash, body, client);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.json.error).toBe("This document was shared by your firm and can't be changed.");
    }
    const refusedFolder = await api(hash, { intent: "delete", id: holding.id }, client);
    expect(refusedFolder.status).toBe(403);
    expect(refusedFolder.json.error).toBe("This folder holds documents your firm shared, so it can't be deleted.");
    expect(await everything()).toBe(before);

    // The firm's staff may rename it (and back).
    const renamed = await api(hash, { intent: "rename", id: shared.id, name: "Draft for review" }, partner);
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect((await api(hash, { intent: "rename", id: shared.id, name: shared.name.replace(/\.pdf$/, "") }, partner)).status).toBe(200);
  });
});

describe("folder download as PDFs (staff)", () => {
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  const JPEG = Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  );

  async function uploadBytes(hash: string, cookie: string, fileName: string, contentType: string, bytes: Uint8Array, path: string): Promise<string> {
    const granted = await api(hash, { intent: "upload_grant", path, fileName, contentType, size: bytes.length }, cookie);
    expect(granted.status, JSON.stringify(granted.json)).toBe(200);
    expect((await postToGrant(granted.json.grant as UploadGrant, bytes, fileName)).status).toBeLessThan(300);
    const confirmed = await api(hash, { intent: "upload_confirm", path, fileName, contentType, key: (granted.json.grant as UploadGrant).key }, cookie);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    return confirmed.json.item.id as string;
  }

  const folderZip = (cookie: string, query: Record<string, string>) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: app.port,
          path: `/api/documents/${rivera}/folder?${new URLSearchParams(query)}`,
          headers: { host: app.host("acme"), cookie },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    });

  it("turns PNG and JPEG images into one-page PDFs beside the other files; clients can't; over 15 MB of images is 503", async () => {
    await folder(rivera, client, "Scans");
    await uploadBytes(rivera, client, "W2.png", "image/png", PNG, "/Scans");
    await uploadBytes(rivera, client, "Receipt.jpg", "image/jpeg", JPEG, "/Scans");
    await upload(rivera, client, "W2.pdf", "/Scans");

    const plain = await folderZip(partner, { path: "/Scans" });
    expect(plain.status).toBe(200);
    expect([...unzip(plain.body).keys()].sort()).toEqual(["Receipt.jpg", "W2.pdf", "W2.png"]);

    const converted = await folderZip(partner, { path: "/Scans", convert: "pdf" });
    expect(converted.status).toBe(200);
    const entries = unzip(converted.body);
    expect([...entries.keys()].sort()).toEqual(["Receipt.pdf", "W2 (image).pdf", "W2.pdf"]);
    const { PDFDocument } = await import("@cantoo/pdf-lib");
    for (const name of ["Receipt.pdf", "W2 (image).pdf"]) {
      const pdf = await PDFDocument.load(Buffer.from(entries.get(name)!, "latin1"));
      expect(pdf.getPageCount(), name).toBe(1);
    }
    expect(entries.get("W2.pdf")).toContain("% W2.pdf");

    expect((await folderZip(client, { path: "/Scans", convert: "pdf" })).status).toBe(404);
    await app.tx("acme", (t) => t.document.updateMany({ where: { path: "/Scans", name: "W2.png" }, data: { sizeBytes: 16 * 1024 * 1024 } }));
    const tooLarge = await folderZip(partner, { path: "/Scans", convert: "pdf" });
    expect(tooLarge.status).toBe(503);
    expect(tooLarge.body.toString("utf8")).toMatch(/^Unfortunately, that folder\/file is too large to download\./);
    // Without converting, the same folder is well under 150 MB.
    expect((await folderZip(partner, { path: "/Scans" })).status).toBe(200);
  });
});
