/**
 * Keyset pages of the staff tables (Collect, Users, Entities) and their search, against a real
 * database under row-level security: walking a list by its next (and previous, and last) cursors
 * gives every row once, in order, even when many rows share the sort key; a cursor made in one
 * firm shows nothing of it in another; a cursor of another sort is ignored; the searches read
 * through their trigram indexes still find rows, for group-access staff too.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as CollectModule from "~/collect/overview/list.server";
import type * as CollectTableModule from "~/collect/overview/table";
import type * as StateModule from "~/components/data-table/state";
import type { PageInfo, TableConfig, TableState } from "~/components/data-table/state";
import type * as ListsModule from "~/staff/lists.server";
import type * as TablesModule from "~/staff/tables";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";

let t: TestDb;
let lists: typeof ListsModule;
let collect: typeof CollectModule;
let state: typeof StateModule;
let tables: typeof TablesModule;
let collectTable: typeof CollectTableModule;
let acme: Awaited<ReturnType<TestDb["firmSite"]>>;
let summit: Awaited<ReturnType<TestDb["firmSite"]>>;
let partner: { id: string; firmAccess: "partner" };
let summitPartner: { id: string; firmAccess: "partner" };

const USERS = 37;
const ENTITIES = 33;
const QUESTIONNAIRES = 45;

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  lists = await import("~/staff/lists.server");
  collect = await import("~/collect/overview/list.server");
  state = await import("~/components/data-table/state");
  tables = await import("~/staff/tables");
  collectTable = await import("~/collect/overview/table");
  acme = await t.firmSite("acme");
  summit = await t.firmSite("summit");
  const staff = await t.su.query(`SELECT id, firm_id FROM users WHERE kind = 'staff' AND firm_access = 'partner' AND firm_id IN ($1, $2) ORDER BY id`, [
    ACME,
    SUMMIT,
  ]);
  partner = { id: staff.rows.find((r) => r.firm_id === ACME).id, firmAccess: "partner" };
  summitPartner = { id: staff.rows.find((r) => r.firm_id === SUMMIT).id, firmAccess: "partner" };

  // Two groups; rows spread over group 1, group 2 and no group. Every row shares its created time
  // (and questionnaires their last activity, some none): only the id tells them apart.
  await t.su.query(`INSERT INTO firm_groups (id, firm_id, name) VALUES ('grp_tie_1', $1, 'Tie Group 1'), ('grp_tie_2', $1, 'Tie Group 2')`, [ACME]);
  // Two advisors: a quarter of the clients have none (the sorts by advisor list them last).
  await t.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, is_advisor, updated_at) VALUES
       ('usr_keyset_adv_a', $1, 'staff', 'tie-adv-a@example.com', 'Keyset', 'Adviser A', true, now()),
       ('usr_keyset_adv_b', $1, 'staff', 'tie-adv-b@example.com', 'Keyset', 'Adviser B', true, now())`,
    [ACME],
  );
  await t.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, firm_group_id, assigned_advisor_id, created_at, updated_at)
     SELECT 'usr_tie_' || lpad(n::text, 2, '0'), $1, 'client', 'tie' || n || '@example.com', 'Tiebreak', 'Same' || (n % 3),
            CASE n % 3 WHEN 0 THEN NULL WHEN 1 THEN 'grp_tie_1' ELSE 'grp_tie_2' END,
            CASE n % 4 WHEN 0 THEN NULL WHEN 1 THEN 'usr_keyset_adv_a' ELSE 'usr_keyset_adv_b' END, timestamptz '2021-03-04 05:06:07.123456+00', now()
       FROM generate_series(1, $2::int) n`,
    [ACME, USERS],
  );
  await t.su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, created_at, updated_at)
     SELECT 'cmp_tie_' || lpad(n::text, 2, '0'), $1, md5('tie' || n), 'Tiebreak Entity ' || n, 'Trust', 'usr_tie_' || lpad(n::text, 2, '0'),
            timestamptz '2021-03-04 05:06:07.123456+00', now()
       FROM generate_series(1, $2::int) n`,
    [ACME, ENTITIES],
  );
  await t.su.query(
    `INSERT INTO questionnaires (id, firm_id, company_id, name, tax_year, last_activity_at, created_at, updated_at, locked, completed)
     SELECT 'qst_tie_' || lpad(n::text, 2, '0'), $1, 'cmp_tie_' || lpad((1 + n % $2::int)::text, 2, '0'), 'Tiebreak Organizer', 2025,
            CASE WHEN n % 4 = 0 THEN NULL ELSE timestamptz '2021-05-06 07:08:09.654321+00' END,
            timestamptz '2021-03-04 05:06:07.123456+00', now(), n % 5 = 0, n % 7 = 0
       FROM generate_series(1, $3::int) n`,
    [ACME, ENTITIES, QUESTIONNAIRES],
  );
}, 180_000);

afterAll(() => t?.close());

type Lister = (s: TableState) => Promise<{ rows: { id: string }[]; page: PageInfo }>;

const read = (config: TableConfig, search: string) => state.readTableState(new URLSearchParams(search), null, config);

/** Walks the list from page 1 by its next cursors, then back from the last page by its previous ones. */
async function walk(list: Lister, first: TableState) {
  const forward: string[] = [];
  const labels: string[] = [];
  let current = first;
  let page = await list(current);
  for (;;) {
    forward.push(...page.rows.map((r) => r.id));
    labels.push(page.page.label);
    if (!page.page.hasNext) break;
    expect(page.page.nextCursor).toBeTruthy();
    current = state.withPage(current, page.page.page + 1, { after: page.page.nextCursor! });
    page = await list(current);
  }
  const last = await list(state.withPage(first, page.page.lastPage, page.page.lastPage > 1 ? { before: "end" } : undefined));
  const backward: string[][] = [];
  page = last;
  for (;;) {
    backward.unshift(page.rows.map((r) => r.id));
    if (!page.page.hasPrevious) break;
    current = state.withPage(first, page.page.page - 1, { before: page.page.previousCursor! });
    page = await list(current);
  }
  return { forward, backward: backward.flat(), labels, total: page.page.total };
}

/** The whole list in one request (50 rows a page, by offset): what the pages must add up to. */
async function whole(list: Lister, first: TableState): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; ; n++) {
    const page = await list({ ...state.withPageSize(first, 50), page: n });
    ids.push(...page.rows.map((r) => r.id));
    if (!page.page.hasNext) return ids;
  }
}

describe("keyset pages", () => {
  const cases: [string, () => Lister, () => TableConfig, string, number][] = [
    ["users, created (all tied)", () => (s) => lists.listUsers(acme, partner, s), () => tables.USERS_TABLE, "q=tiebreak", USERS],
    ["users, name ascending (ties in pairs)", () => (s) => lists.listUsers(acme, partner, s), () => tables.USERS_TABLE, "q=tiebreak&sort=name&dir=asc", USERS],
    ["entities, created (all tied)", () => (s) => lists.listEntities(acme, partner, s), () => tables.ENTITIES_TABLE, "q=tiebreak", ENTITIES],
    ["entities, type", () => (s) => lists.listEntities(acme, partner, s), () => tables.ENTITIES_TABLE, "q=tiebreak&sort=type&dir=desc", ENTITIES],
    [
      "collect, last activity (tied, some none)",
      () => (s) => collect.listCollect(acme, partner, s),
      () => collectTable.COLLECT_TABLE,
      "q=tiebreak%20organizer",
      QUESTIONNAIRES,
    ],
    [
      "collect, last activity ascending (none still last)",
      () => (s) => collect.listCollect(acme, partner, s),
      () => collectTable.COLLECT_TABLE,
      "q=tiebreak%20organizer&sort=last_activity&dir=asc",
      QUESTIONNAIRES,
    ],
    [
      "users, advisor ascending (some none)",
      () => (s) => lists.listUsers(acme, partner, s),
      () => tables.USERS_TABLE,
      "q=tiebreak&sort=advisor&dir=asc",
      USERS,
    ],
    [
      "users, advisor descending (none still last)",
      () => (s) => lists.listUsers(acme, partner, s),
      () => tables.USERS_TABLE,
      "q=tiebreak&sort=advisor&dir=desc",
      USERS,
    ],
    [
      "collect, assigned ascending (some none)",
      () => (s) => collect.listCollect(acme, partner, s),
      () => collectTable.COLLECT_TABLE,
      "q=tiebreak%20organizer&sort=assigned&dir=asc",
      QUESTIONNAIRES,
    ],
    [
      "collect, assigned descending (none still last)",
      () => (s) => collect.listCollect(acme, partner, s),
      () => collectTable.COLLECT_TABLE,
      "q=tiebreak%20organizer&sort=assigned&dir=desc",
      QUESTIONNAIRES,
    ],
    [
      "collect, ordering rule ascending",
      () => (s) => collect.listCollect(acme, partner, s),
      () => collectTable.COLLECT_TABLE,
      "q=tiebreak%20organizer&sort=status&dir=asc",
      QUESTIONNAIRES,
    ],
  ];
  for (const [label, list, config, search, count] of cases) {
    it(`${label}: every row once, forwards and backwards`, async () => {
      const first = read(config(), search);
      const expected = await whole(list(), first);
      expect(expected).toHaveLength(count);
      expect(new Set(expected).size).toBe(count);
      const { forward, backward, labels, total } = await walk(list(), first);
      expect(total).toBe(count);
      expect(forward).toEqual(expected);
      expect(backward).toEqual(expected);
      expect(labels[0]).toBe(`1-10 of ${count}`);
      expect(labels[labels.length - 1]).toBe(`${Math.floor((count - 1) / 10) * 10 + 1}-${count} of ${count}`);
    });
  }

  it("collect by last activity lists questionnaires without any last, in both directions", async () => {
    const none = new Set(
      (await t.su.query(`SELECT id FROM questionnaires WHERE id LIKE 'qst_tie_%' AND last_activity_at IS NULL`)).rows.map((r: { id: string }) => r.id),
    );
    expect(none.size).toBeGreaterThan(0);
    for (const dir of ["desc", "asc"]) {
      const first = read(collectTable.COLLECT_TABLE, `q=tiebreak%20organizer&sort=last_activity&dir=${dir}`);
      const ids = await whole((s) => collect.listCollect(acme, partner, s), first);
      expect(ids.slice(-none.size).every((id) => none.has(id))).toBe(true);
    }
  });

  it("reads the next page by keyset, not by its number", async () => {
    const first = read(tables.USERS_TABLE, "q=tiebreak");
    const one = await lists.listUsers(acme, partner, first);
    // A row inserted before the cursor's row after page 1 was read does not shift page 2 by one.
    await t.su.query(
      `INSERT INTO users (id, firm_id, kind, email, fname, lname, created_at, updated_at) VALUES ('usr_tie_new', $1, 'client', 'tie-new@example.com', 'Tiebreak', 'New', now(), now())`,
      [ACME],
    );
    try {
      const two = await lists.listUsers(acme, partner, state.withPage(first, 2, { after: one.page.nextCursor! }));
      const byOffset = await lists.listUsers(acme, partner, { ...first, page: 2 });
      expect(two.rows[0]!.id).not.toBe(one.rows[9]!.id);
      expect(byOffset.rows[0]!.id).toBe(one.rows[9]!.id);
      expect(two.page.label).toBe(`11-20 of ${USERS + 1}`);
    } finally {
      await t.su.query(`DELETE FROM users WHERE id = 'usr_tie_new'`);
    }
  });

  it("a cursor from another firm shows nothing of that firm", async () => {
    const acmePage = await lists.listUsers(acme, partner, read(tables.USERS_TABLE, ""));
    const acmeIds = new Set((await t.su.query(`SELECT id FROM users WHERE firm_id = $1`, [ACME])).rows.map((r) => r.id));
    const summitIds = new Set((await t.su.query(`SELECT id FROM users WHERE firm_id = $1`, [SUMMIT])).rows.map((r) => r.id));
    for (const cursor of [{ after: acmePage.page.nextCursor! }, { before: acmePage.page.nextCursor! }]) {
      const summitPage = await lists.listUsers(summit, summitPartner, state.withPage(read(tables.USERS_TABLE, ""), 2, cursor));
      expect(summitPage.rows.some((r) => acmeIds.has(r.id))).toBe(false);
      expect(summitPage.rows.every((r) => summitIds.has(r.id))).toBe(true);
    }
    const acmeCollect = await collect.listCollect(acme, partner, read(collectTable.COLLECT_TABLE, ""));
    const summitCollect = await collect.listCollect(summit, summitPartner, {
      ...read(collectTable.COLLECT_TABLE, ""),
      page: 2,
      after: acmeCollect.page.nextCursor!,
    });
    const acmeQuestionnaires = new Set((await t.su.query(`SELECT id FROM questionnaires WHERE firm_id = $1`, [ACME])).rows.map((r) => r.id));
    expect(summitCollect.rows.some((r) => acmeQuestionnaires.has(r.id))).toBe(false);
  });

  it.each([
    ["users by advisor", "asc", "advisor_sort_lname >="],
    ["users by advisor", "desc", "advisor_sort_lname <="],
    ["collect by assigned", "asc", "advisor_sort_lname >="],
    ["collect by assigned", "desc", "advisor_sort_lname <="],
  ])("a next page of %s (%s) after a row with an advisor starts in the index at that row, and the rows without one still follow", async (which, dir, range) => {
    const users = which.startsWith("users");
    const list: Lister = users ? (s) => lists.listUsers(acme, partner, s) : (s) => collect.listCollect(acme, partner, s);
    const first = read(
      users ? tables.USERS_TABLE : collectTable.COLLECT_TABLE,
      `${users ? "q=tiebreak" : "q=tiebreak%20organizer"}&sort=${users ? "advisor" : "assigned"}&dir=${dir}&size=20`,
    );
    const one = await list(first);
    // The statements the next page runs, as the database receives them.
    const sent: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
      const config = params[0] as { text?: string; values?: unknown[] } | string;
      if (typeof config === "object" && config.text?.includes("advisor_sort_lname") && config.text.includes("LIMIT"))
        sent.push({ text: config.text, values: config.values ?? [] });
      return (query as (...a: unknown[]) => unknown).apply(this, params);
    } as typeof query;
    let two;
    try {
      two = await list(state.withPage(first, 2, { after: one.page.nextCursor! }));
    } finally {
      pg.Client.prototype.query = query;
    }
    // 20 rows with an advisor, then the rest with one and the page filled with rows without (a second statement).
    expect(one.rows).toHaveLength(20);
    expect(two.rows.length).toBeGreaterThan(0);
    expect(sent.length).toBe(2);
    expect(sent[1]!.text).toContain("advisor_sort_lname IS NULL");
    const plan = await acme.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sent[0]!.text}`, ...sent[0]!.values);
    });
    const text = plan.map((p) => p["QUERY PLAN"]).join("\n");
    // The cursor's key bounds the index scan (Index Cond), not a filter over every row before it.
    expect(text.split("\n").filter((line) => line.includes("Index Cond:") && line.includes(range))).toHaveLength(1);
  });

  it("ignores a cursor made for another sort, or not a cursor at all (the page is read by its number)", async () => {
    const byName = read(tables.USERS_TABLE, "q=tiebreak&sort=name&dir=asc");
    const byCreated = await lists.listUsers(acme, partner, read(tables.USERS_TABLE, "q=tiebreak"));
    const expected = await lists.listUsers(acme, partner, { ...byName, page: 2 });
    for (const after of [byCreated.page.nextCursor!, "bm90LWpzb24", "e30"]) {
      const page = await lists.listUsers(acme, partner, state.withPage(byName, 2, { after }));
      expect(page.rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
    }
  });
});

describe("search", () => {
  it("finds users by name, preferred name, email and phone digits, and a text with digits is not a phone search", async () => {
    await t.su.query(`UPDATE users SET preferred_name = 'Zebulon', phone_number = '5035550199' WHERE id = 'usr_tie_05'`);
    const find = async (q: string) =>
      (await lists.listUsers(acme, partner, read(tables.USERS_TABLE, `q=${encodeURIComponent(q)}&size=50`))).rows.map((r) => r.id);
    expect(await find("zebu")).toEqual(["usr_tie_05"]);
    expect(await find("TIE5@EXAMPLE")).toEqual(["usr_tie_05"]);
    expect(await find("(503) 555-0199")).toEqual(["usr_tie_05"]);
    expect(await find("tiebreak same1")).toHaveLength(13);
    // Fields never run together: the end of one and the start of the next is no match.
    expect(await find("zebulontie5")).toEqual([]);
    expect(await find("tie5@example.com0199")).toEqual([]);
  });

  it("finds entities by name or by their primary owner, and questionnaires by their entity", async () => {
    const entities = await lists.listEntities(acme, partner, read(tables.ENTITIES_TABLE, "q=tiebreak%20entity%2017"));
    expect(entities.rows.map((r) => r.id)).toEqual(["cmp_tie_17"]);
    const byOwner = await lists.listEntities(acme, partner, read(tables.ENTITIES_TABLE, "q=tie17%40example"));
    expect(byOwner.rows.map((r) => r.id)).toEqual(["cmp_tie_17"]);
    const questionnaires = await collect.listCollect(acme, partner, read(collectTable.COLLECT_TABLE, "q=tiebreak%20entity%2017&size=50"));
    expect(questionnaires.rows.length).toBeGreaterThan(0);
    expect(questionnaires.rows.every((r) => r.companyId === "cmp_tie_17")).toBe(true);
  });

  it("finds only what group-access staff may see", async () => {
    const group = { id: partner.id, firmAccess: "group" as const, firmGroupId: "grp_tie_1" };
    const users = await lists.listUsers(acme, group, read(tables.USERS_TABLE, "q=tiebreak&size=50"));
    const { rows: visibleUsers } = await t.su.query(
      `SELECT id FROM users WHERE id LIKE 'usr_tie_%' AND (firm_group_id IS NULL OR firm_group_id = 'grp_tie_1') ORDER BY id`,
    );
    expect(users.rows.map((r) => r.id).sort()).toEqual(visibleUsers.map((r) => r.id));
    const entities = await lists.listEntities(acme, group, read(tables.ENTITIES_TABLE, "q=tiebreak&size=50"));
    expect(entities.rows.length).toBeGreaterThan(0);
    expect(entities.rows.every((r) => visibleUsers.some((u) => u.id === r.ownerId))).toBe(true);
    const hidden = await lists.listEntities(acme, group, read(tables.ENTITIES_TABLE, "q=tiebreak%20entity%202"));
    expect(hidden.rows.map((r) => r.id)).not.toContain("cmp_tie_02");
    const questionnaires = await collect.listCollect(acme, group, read(collectTable.COLLECT_TABLE, "q=tiebreak%20organizer&size=50"));
    const { rows: visibleQuestionnaires } = await t.su.query(
      `SELECT q.id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users o ON o.id = c.primary_owner_id
        WHERE q.id LIKE 'qst_tie_%' AND (o.firm_group_id IS NULL OR o.firm_group_id = 'grp_tie_1') ORDER BY q.id`,
    );
    expect(visibleQuestionnaires.length).toBeGreaterThan(0);
    expect(questionnaires.rows.map((r) => r.id).sort()).toEqual(visibleQuestionnaires.map((r) => r.id));
    // Walked by keyset, group access keeps to the same rows.
    const { forward } = await walk((s) => collect.listCollect(acme, group, s), read(collectTable.COLLECT_TABLE, "q=tiebreak%20organizer"));
    expect([...forward].sort()).toEqual(visibleQuestionnaires.map((r) => r.id));
  });

  it("can read the searches from trigram indexes under row-level security", async () => {
    // Row-level security lets the planner run only LEAKPROOF conditions inside an index scan: the
    // ILIKE's function must be, and each searched column must have its firm-first trigram index.
    // (At the benchmark's size the plans use them: scripts/bench/staff-tables.ts --explain.)
    const { rows: fn } = await t.su.query(`SELECT proleakproof FROM pg_proc WHERE oid = 'pg_catalog.texticlike(text, text)'::regprocedure`);
    expect(fn[0].proleakproof).toBe(true);
    const { rows: indexes } = await t.su.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('users_search_trgm_idx', 'users_phone_trgm_idx', 'companies_search_trgm_idx', 'questionnaires_name_trgm_idx') ORDER BY 1`,
    );
    expect(indexes.map((r) => r.indexdef.replace(/^.* USING /, ""))).toEqual([
      "gin (firm_id, search_text gin_trgm_ops)",
      "gin (firm_id, name gin_trgm_ops)",
      "gin (firm_id, phone_number gin_trgm_ops)",
      "gin (firm_id, search_text gin_trgm_ops)",
    ]);
  });
});
