/**
 * The document browser's pages and search (staff and client) against a real database under
 * row-level security: walking a folder, or a search's results, by the next and previous links
 * gives every row once, in order, even when many rows share a name; the next page is read after
 * the previous page's last row, not by skipping rows; a cursor made in one firm shows nothing of
 * it in another; a search finds by name, never another firm's or entity's documents, nothing a
 * client may not see, and nothing outside a group-access advisor's group; the search and the
 * pages have their firm-first indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type * as DocumentsModule from "~/documents/documents.server";
import { PortalError } from "~/errors";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
/** Files in the folder: their names repeat every 7, so most rows tie on the name. */
const FILES = 230;
/** Folders in the folder: listed first, names tied in pairs. */
const FOLDERS = 14;

let t: TestDb;
let docs: typeof DocumentsModule;
let acme: FirmSiteContext;
let summit: FirmSiteContext;
type Ctx = { portal: FirmSiteContext; user: SessionUser };
let staff: Ctx;
let client: Ctx;
let groupStaff: Ctx;
let summitStaff: Ctx;
const ENTITY = "kst-entity-1";
const OTHER_GROUP_ENTITY = "kst-entity-2";
const SUMMIT_ENTITY = "kst-entity-summit";

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  docs = await import("~/documents/documents.server");
  acme = await t.firmSite("acme");
  summit = await t.firmSite("summit");
  await t.su.query(`INSERT INTO firm_groups (id, firm_id, name) VALUES ('grp_kst_1', $1, 'Keyset Group 1'), ('grp_kst_2', $1, 'Keyset Group 2')`, [ACME]);
  await t.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, firm_group_id, firm_access, updated_at) VALUES
       ('usr_kst_c1', $1, 'client', 'kst-client1@example.com', 'Keyset', 'One', 'grp_kst_1', NULL, now()),
       ('usr_kst_c2', $1, 'client', 'kst-client2@example.com', 'Keyset', 'Two', 'grp_kst_2', NULL, now()),
       ('usr_kst_staff', $1, 'staff', 'kst-staff@example.com', 'Group', 'Staff', 'grp_kst_1', 'group', now()),
       ('usr_kst_cs', $2, 'client', 'kst-summit@example.com', 'Keyset', 'Summit', NULL, NULL, now())`,
    [ACME, SUMMIT],
  );
  await t.su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, updated_at) VALUES
       ('cmp_kst_1', $1, $3, 'Keyset Entity One', 'Trust', 'usr_kst_c1', now()),
       ('cmp_kst_2', $1, $4, 'Keyset Entity Two', 'Trust', 'usr_kst_c2', now()),
       ('cmp_kst_s', $2, $5, 'Keyset Summit', 'Trust', 'usr_kst_cs', now())`,
    [ACME, SUMMIT, ENTITY, OTHER_GROUP_ENTITY, SUMMIT_ENTITY],
  );
  await t.su.query(`INSERT INTO company_owners (id, firm_id, company_id, user_id, is_primary) VALUES ('own_kst_1', $1, 'cmp_kst_1', 'usr_kst_c1', true)`, [
    ACME,
  ]);
  // One entity's folder /Tied: files and folders tied on their names, a STAFF ONLY folder, a
  // deleted file; the same folder in another entity (another group) and in another firm.
  await t.su.query(
    `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, updated_at)
     SELECT 'doc_kst_f' || lpad(n::text, 3, '0'), $1, 'cmp_kst_1', 'file'::"DocumentItemType", '/Tied', 'Tied ' || (n % 7) || '.pdf', now() FROM generate_series(1, $2::int) n
     UNION ALL
     SELECT 'doc_kst_d' || lpad(n::text, 2, '0'), $1, 'cmp_kst_1', 'folder', '/Tied', 'Tied folder ' || (n / 2), now() FROM generate_series(1, $3::int) n
     UNION ALL SELECT 'doc_kst_staffonly', $1, 'cmp_kst_1', 'folder', '/Tied', 'Tied STAFF ONLY', now()
     UNION ALL SELECT 'doc_kst_inside', $1, 'cmp_kst_1', 'file', '/Tied/Tied STAFF ONLY', 'Tied secret.pdf', now()
     UNION ALL SELECT 'doc_kst_tiedroot', $1, 'cmp_kst_1', 'folder', '/', 'Tied', now()
     UNION ALL SELECT 'doc_kst_other' || n, $1, 'cmp_kst_2', 'file', '/Tied', 'Tied other ' || n || '.pdf', now() FROM generate_series(1, 120) n
     UNION ALL SELECT 'doc_kst_summit' || lpad(n::text, 3, '0'), $4, 'cmp_kst_s', 'file', '/Tied', 'Tied ' || (n % 5) || '.pdf', now() FROM generate_series(1, 150) n`,
    [ACME, FILES, FOLDERS, SUMMIT],
  );
  await t.su.query(
    `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, deleted_at, updated_at) VALUES ('doc_kst_deleted', $1, 'cmp_kst_1', 'file', '/Tied', 'Tied 1.pdf', now(), now())`,
    [ACME],
  );
  staff = { portal: acme, user: await t.sessionUser("partner@acme.test", "acme") };
  client = { portal: acme, user: await t.sessionUser("kst-client1@example.com", "acme") };
  groupStaff = { portal: acme, user: await t.sessionUser("kst-staff@example.com", "acme") };
  summitStaff = { portal: summit, user: await t.sessionUser("partner@summit.test", "summit") };
}, 180_000);

afterAll(() => t?.close());

type Options = { path?: string; search?: string };
type Browser = Awaited<ReturnType<typeof DocumentsModule.loadDocumentBrowser>>;
const listed = (b: Browser) => (b.results ?? b.items).map((i) => i.id);

/** Walks the pages from the first by their next links, then back from the last by their previous ones. */
async function walk(ctx: Ctx, hash: string, options: Options) {
  const load = (more: { page?: number; after?: string | null; before?: string | null } = {}) => docs.loadDocumentBrowser(ctx, hash, { ...options, ...more });
  const forward: string[] = [];
  let page = await load();
  const total = page.page.total;
  for (;;) {
    forward.push(...listed(page));
    if (page.page.page >= page.page.lastPage) break;
    expect(page.cursors.next).toBeTruthy();
    page = await load({ page: page.page.page + 1, after: page.cursors.next });
  }
  expect(page.cursors.next).toBeNull();
  const backward: string[][] = [];
  for (;;) {
    backward.unshift(listed(page));
    if (page.page.page <= 1) break;
    expect(page.cursors.previous).toBeTruthy();
    page = await load({ page: page.page.page - 1, before: page.cursors.previous });
  }
  expect(page.cursors.previous).toBeNull();
  return { forward, backward: backward.flat(), total };
}

/** What the pages must add up to: folders first, then by name, then id, as the database orders them. */
async function expected(where: string, values: unknown[]): Promise<string[]> {
  const { rows } = await t.su.query(`SELECT id FROM documents d WHERE ${where} ORDER BY (item_type = 'folder') DESC, name, id`, values);
  return rows.map((r) => r.id);
}

describe("folder pages", () => {
  it("staff: every item once, in order, forwards and backwards, with ties on the name", async () => {
    const all = await expected(`company_id = 'cmp_kst_1' AND path = '/Tied' AND deleted_at IS NULL`, []);
    expect(all).toHaveLength(FILES + FOLDERS + 1);
    const { forward, backward, total } = await walk(staff, ENTITY, { path: "/Tied" });
    expect(total).toBe(all.length);
    expect(forward).toEqual(all);
    expect(backward).toEqual(all);
  });

  it("client: every item once, STAFF ONLY folders left out of the pages and the count", async () => {
    const all = await expected(`company_id = 'cmp_kst_1' AND path = '/Tied' AND deleted_at IS NULL AND name NOT LIKE '%STAFF ONLY%'`, []);
    const { forward, backward, total } = await walk(client, ENTITY, { path: "/Tied" });
    expect(total).toBe(FILES + FOLDERS);
    expect(forward).toEqual(all);
    expect(backward).toEqual(all);
  });

  it("reads the next page after the previous page's last row, not by its number", async () => {
    const one = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied" });
    // A folder added (it sorts first) after page 1 was read does not shift page 2 by one.
    await t.su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, updated_at) VALUES ('doc_kst_new', $1, 'cmp_kst_1', 'folder', '/Tied', 'A new folder', now())`,
      [ACME],
    );
    try {
      const two = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied", page: 2, after: one.cursors.next });
      const byNumber = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied", page: 2 });
      const lastOfOne = one.items[one.items.length - 1]!.id;
      expect(byNumber.items[0]!.id).toBe(lastOfOne);
      expect(two.items[0]!.id).not.toBe(lastOfOne);
      expect(two.items[0]!.id).toBe((await expected(`company_id = 'cmp_kst_1' AND path = '/Tied' AND deleted_at IS NULL`, []))[101]);
      // And back: page 1 read before page 2's first row is the old page 1.
      const back = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied", page: 1, before: two.cursors.previous });
      expect(back.items[0]!.id).toBe("doc_kst_new");
    } finally {
      await t.su.query(`DELETE FROM documents WHERE id = 'doc_kst_new'`);
    }
  });

  it("ignores a cursor of another folder or search, or not a cursor at all: the page is read by its number", async () => {
    const byNumber = listed(await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied", page: 2 }));
    const searchPage = await docs.loadDocumentBrowser(staff, ENTITY, { search: "tied" });
    for (const after of [searchPage.cursors.next, "bm90LWpzb24", "e30", "W10", "x".repeat(3000)]) {
      expect(listed(await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied", page: 2, after }))).toEqual(byNumber);
    }
  });

  it("a cursor made in another firm shows nothing of that firm", async () => {
    const acmePage = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied" });
    const { rows } = await t.su.query(`SELECT id, firm_id FROM documents WHERE company_id IN ('cmp_kst_1', 'cmp_kst_s')`);
    const acmeIds = new Set(rows.filter((r) => r.firm_id === ACME).map((r) => r.id));
    for (const cursor of [{ after: acmePage.cursors.next }, { before: acmePage.cursors.next }]) {
      const summitPage = await docs.loadDocumentBrowser(summitStaff, SUMMIT_ENTITY, { path: "/Tied", page: 2, ...cursor });
      expect(summitPage.items.length).toBeGreaterThan(0);
      expect(summitPage.items.some((i) => acmeIds.has(i.id))).toBe(false);
      expect(summitPage.items.every((i) => i.id.startsWith("doc_kst_summit"))).toBe(true);
    }
  });
});

describe("search", () => {
  it("finds by name, a page at a time, every result once forwards and backwards", async () => {
    const all = await expected(`company_id = 'cmp_kst_1' AND deleted_at IS NULL AND name ILIKE '%tied%'`, []);
    const { forward, backward, total } = await walk(staff, ENTITY, { search: "tied" });
    expect(total).toBe(all.length);
    expect(all.length).toBeGreaterThan(200);
    expect(forward).toEqual(all);
    expect(backward).toEqual(all);
    const three = await docs.loadDocumentBrowser(staff, ENTITY, { search: "TIED 3.P" });
    expect(three.results!.map((r) => r.name)).toEqual(Array.from({ length: three.page.total }, () => "Tied 3.pdf"));
    expect(three.page.total).toBe(Math.floor((FILES - 3) / 7) + 1);
    // Wildcards are text: '%' and '_' match only themselves.
    expect((await docs.loadDocumentBrowser(staff, ENTITY, { search: "tied_3" })).results).toEqual([]);
    expect((await docs.loadDocumentBrowser(staff, ENTITY, { search: "%" })).results).toEqual([]);
  });

  it("never finds another entity's or another firm's documents, nor a deleted one", async () => {
    const ids = new Set((await walk(staff, ENTITY, { search: "tied" })).forward);
    expect([...ids].some((id) => id.startsWith("doc_kst_other") || id.startsWith("doc_kst_summit"))).toBe(false);
    expect(ids.has("doc_kst_deleted")).toBe(false);
    expect((await docs.loadDocumentBrowser(staff, ENTITY, { search: "tied other" })).results).toEqual([]);
    const summitSearch = await docs.loadDocumentBrowser(summitStaff, SUMMIT_ENTITY, { search: "tied" });
    expect(summitSearch.page.total).toBe(150);
    expect(summitSearch.results!.every((r) => r.id.startsWith("doc_kst_summit"))).toBe(true);
    // An Acme entity through Summit's site: not found.
    await expect(docs.loadDocumentBrowser(summitStaff, ENTITY, { search: "tied" })).rejects.toSatisfy((e) => e instanceof PortalError && e.status === 404);
  });

  it("a client never finds a STAFF ONLY folder or what lies in one; staff do", async () => {
    const forClient = (await walk(client, ENTITY, { search: "tied" })).forward;
    expect(forClient).not.toContain("doc_kst_staffonly");
    expect(forClient).not.toContain("doc_kst_inside");
    const counted = await docs.loadDocumentBrowser(client, ENTITY, { search: "tied" });
    expect(counted.page.total).toBe(forClient.length);
    const forStaff = (await docs.loadDocumentBrowser(staff, ENTITY, { search: "secret" })).results!.map((r) => r.id);
    expect(forStaff).toEqual(["doc_kst_inside"]);
    expect((await docs.loadDocumentBrowser(client, ENTITY, { search: "secret" })).results).toEqual([]);
  });

  it("follows a STAFF ONLY folder renamed either way: what is stored with each row is rewritten with its path and name", async () => {
    const rename = (to: string) =>
      t.su.query(
        `UPDATE documents SET name = CASE WHEN id = 'doc_kst_staffonly' THEN $1 ELSE name END,
                              path = CASE WHEN id = 'doc_kst_inside' THEN '/Tied/' || $1 ELSE path END
          WHERE id IN ('doc_kst_staffonly', 'doc_kst_inside')`,
        [to],
      );
    await rename("Tied shared");
    try {
      expect((await docs.loadDocumentBrowser(client, ENTITY, { search: "secret" })).results!.map((r) => r.id)).toEqual(["doc_kst_inside"]);
      await rename("Tied staff only (partners)");
      expect((await docs.loadDocumentBrowser(client, ENTITY, { search: "secret" })).results).toEqual([]);
      expect((await docs.loadDocumentBrowser(client, ENTITY, { path: "/Tied" })).page.total).toBe(
        (await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied" })).page.total - 1,
      );
    } finally {
      await rename("Tied STAFF ONLY");
    }
  });

  it("finds only in the entities a group-access advisor may see", async () => {
    const own = await docs.loadDocumentBrowser(groupStaff, ENTITY, { search: "tied 3" });
    expect(own.page.total).toBeGreaterThan(0);
    await expect(docs.loadDocumentBrowser(groupStaff, OTHER_GROUP_ENTITY, { search: "tied" })).rejects.toSatisfy(
      (e) => e instanceof PortalError && e.status === 404,
    );
    await expect(docs.loadDocumentBrowser(groupStaff, OTHER_GROUP_ENTITY, { path: "/Tied", page: 2, after: own.cursors.next })).rejects.toSatisfy(
      (e) => e instanceof PortalError && e.status === 404,
    );
  });

  it("has a firm-first trigram index for the name, and a firm-first index in the folder's order", async () => {
    const { rows } = await t.su.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('documents_name_trgm_idx', 'documents_folder_list_idx') ORDER BY 1`,
    );
    expect(rows.map((r) => r.indexdef.replace(/^.* USING /, ""))).toEqual([
      "btree (firm_id, company_id, path, list_order, name, id) WHERE (deleted_at IS NULL)",
      "gin (firm_id, company_id, name gin_trgm_ops) WHERE (deleted_at IS NULL)",
    ]);
  });
});

describe("folder tree, file counts and firm-provided documents", () => {
  /** Every folder path of a tree. */
  const pathsOf = (node: Browser["tree"]): string[] => [node.path, ...node.children.flatMap(pathsOf)];

  it("the tree and each subfolder's file count are those of the rows (deleted files left out, files of subfolders counted)", async () => {
    await t.su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, deleted_at, updated_at) VALUES
         ('doc_kst_n1', $1, 'cmp_kst_1', 'file', '/Tied/Tied folder 1', 'Nested.pdf', NULL, now()),
         ('doc_kst_n2', $1, 'cmp_kst_1', 'file', '/Tied/Tied folder 1/Deeper', 'Deeper.pdf', NULL, now()),
         ('doc_kst_n3', $1, 'cmp_kst_1', 'file', '/Tied/Tied folder 1', 'Gone.pdf', now(), now()),
         ('doc_kst_n4', $1, 'cmp_kst_1', 'file', '/Loose/Only files', 'Loose.pdf', NULL, now())`,
      [ACME],
    );
    try {
      const { rows } = await t.su.query(
        `SELECT path, CASE WHEN item_type = 'folder' THEN CASE WHEN path = '/' THEN '/' || name ELSE path || '/' || name END END AS own, item_type::text AS type
           FROM documents WHERE company_id = 'cmp_kst_1' AND deleted_at IS NULL`,
      );
      const filesUnder = (folder: string) => rows.filter((r) => r.type === "file" && (r.path === folder || r.path.startsWith(`${folder}/`))).length;
      const held = new Set<string>(["/"]);
      for (const r of rows)
        for (const p of [r.path, r.own].filter(Boolean) as string[]) for (let q = p; q !== "/"; q = q.slice(0, q.lastIndexOf("/")) || "/") held.add(q);
      for (const path of ["/", "/Tied", "/Tied/Tied folder 1", "/Loose"]) {
        const page = await docs.loadDocumentBrowser(staff, ENTITY, { path });
        expect(new Set(pathsOf(page.tree))).toEqual(held);
        const children = Object.keys(page.folderFiles).sort();
        expect(children.length).toBeGreaterThan(0);
        for (const child of children) expect([child, page.folderFiles[child]]).toEqual([child, filesUnder(child)]);
      }
      expect((await docs.loadDocumentBrowser(staff, ENTITY, { path: "/" })).folderFiles["/Tied"]).toBe(FILES + 3);
      expect((await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied" })).folderFiles["/Tied/Tied folder 1"]).toBe(2);
      // A client's counts leave out what lies in a STAFF ONLY folder.
      expect((await docs.loadDocumentBrowser(client, ENTITY, { path: "/" })).folderFiles["/Tied"]).toBe(FILES + 2);
    } finally {
      await t.su.query(`DELETE FROM documents WHERE id IN ('doc_kst_n1', 'doc_kst_n2', 'doc_kst_n3', 'doc_kst_n4')`);
    }
  });

  it("a document a section shows, or its signed copy, is the firm's; the others are not", async () => {
    const { rows } = await t.su.query(`SELECT id FROM questionnaires WHERE firm_id = $1 ORDER BY id LIMIT 1`, [ACME]);
    await t.su.query(
      `INSERT INTO sections (id, firm_id, questionnaire_id, section_type, name, document_id, signed_document_id, updated_at)
       VALUES ('sec_kst_1', $1, $2, 8, 'Review', 'doc_kst_f001', 'doc_kst_f002', now())`,
      [ACME, rows[0].id],
    );
    try {
      const found = [
        ...((await docs.loadDocumentBrowser(staff, ENTITY, { search: "Tied 1.pdf" })).results ?? []),
        ...((await docs.loadDocumentBrowser(staff, ENTITY, { search: "Tied 2.pdf" })).results ?? []),
      ];
      expect(found.length).toBeGreaterThan(60);
      expect(found.filter((i) => i.firmProvided).map((i) => i.id)).toEqual(["doc_kst_f001", "doc_kst_f002"]);
      const folder = await docs.loadDocumentBrowser(staff, ENTITY, { path: "/Tied" });
      expect(folder.items.filter((i) => i.firmProvided).map((i) => i.id)).toEqual(["doc_kst_f001", "doc_kst_f002"]);
    } finally {
      await t.su.query(`DELETE FROM sections WHERE id = 'sec_kst_1'`);
    }
  });
});
