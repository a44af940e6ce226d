/**
 * The one door for group access inside a firm (staff spec §6: group-access staff see only their
 * own group and users in no group). Given the signed-in staff member it gives the filters every
 * list uses (Prisma `userWhere` / `entityWhere`, SQL `userSql` / `entitySql`, all from
 * `visibility.ts`, itself from `permissions.ts`) and the checks every page and action makes on
 * an id it was sent (`assertSeesEntity` / `assertSeesUser`: a 404 Response for what the viewer may
 * not see, exactly as for what does not exist, so ids of other groups leak nothing).
 *
 * Another firm's rows never get this far: row-level security hides them. This is the rule within
 * a firm.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmDb, FirmTx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { canSeeGroup, PERMISSION_MESSAGES, type StaffFacts } from "./permissions";
import { conversationVisibleWhere, entityVisibleSql, entityVisibleWhere, userVisibleSql, userVisibleWhere, type Bind } from "./visibility";

type Db = FirmDb | FirmTx;

const groups = new WeakMap<object, Promise<string | null>>();

/**
 * The staff member's firm group. Taken from the session user when it carries one; otherwise read
 * once per session user (the session lookup is memoised per request, so: once per request).
 */
export function viewerGroupId(db: Db, user: SessionUser): Promise<string | null> {
  const carried = user.firmGroupId;
  if (carried !== undefined) return Promise.resolve(carried);
  let pending = groups.get(user);
  if (!pending) {
    pending = (db as FirmTx).user.findFirst({ where: { id: user.id }, select: { firmGroupId: true } }).then((row) => row?.firmGroupId ?? null);
    groups.set(user, pending);
    pending.catch(() => groups.delete(user));
  }
  return pending;
}

/** The permission facts of a signed-in staff member. */
export async function staffFactsOf(db: Db, user: SessionUser): Promise<StaffFacts> {
  return { id: user.id, firmAccess: user.firmAccess, isAdvisor: user.isAdvisor, firmGroupId: await viewerGroupId(db, user) };
}

/** The answer to anything the viewer may not see: the same as for what does not exist. */
export function notFoundResponse(): Response {
  return Response.json({ error: PERMISSION_MESSAGES.notFound }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** An entity by its id, its public hash id, or either (routes that accept both). */
export type EntityRef = { id: string } | { hashId: string } | { idOrHashId: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function refWhere(ref: EntityRef): Prisma.CompanyWhereInput | null {
  const value = "id" in ref ? ref.id : "hashId" in ref ? ref.hashId : ref.idOrHashId;
  if (!ID.test(value)) return null;
  return "id" in ref ? { id: value } : "hashId" in ref ? { hashId: value } : { OR: [{ id: value }, { hashId: value }] };
}

export interface FindOptions<W> {
  /** Another connection (a transaction) than the one the door was opened with. */
  db?: Db;
  /** Deleted rows count too (restoring them). */
  includeDeleted?: boolean;
  /** More conditions (e.g. an entity type, not inactive). */
  where?: W;
}

export interface AssertOptions<W> extends FindOptions<W> {
  /** The refusal, when a route answers "not found" in its own words (it must be the same as for an unknown id). */
  notFound?: () => Response;
}

/** What a staff member may see inside their firm. Open it with `staffVisibility` (or `loadStaffViewer`). */
export class StaffVisibility {
  constructor(
    readonly facts: StaffFacts,
    private readonly db: Db,
  ) {}

  /** Something of this firm group (a client's group, an entity's primary owner's group). */
  seesGroup(groupId: string | null): boolean {
    return canSeeGroup(this.facts, groupId);
  }

  /** Prisma filter for client users (combine under `AND` when the query has its own `OR`). */
  userWhere(): Prisma.UserWhereInput {
    return userVisibleWhere(this.facts);
  }

  /** Prisma filter for entities (combine under `AND` when the query has its own `OR`). */
  entityWhere(): Prisma.CompanyWhereInput {
    return entityVisibleWhere(this.facts);
  }

  /** Prisma filter for conversations (the inbox). */
  conversationWhere(): Prisma.ConversationWhereInput {
    return conversationVisibleWhere(this.facts);
  }

  /** SQL condition on a users row (alias), its values bound through `bind`. */
  userSql(users: string, bind: Bind): string {
    return userVisibleSql(this.facts, users, bind);
  }

  /** SQL condition on a companies row (alias), its values bound through `bind`. */
  entitySql(companies: string, bind: Bind): string {
    return entityVisibleSql(this.facts, companies, bind);
  }

  /** The entity, if it exists (not deleted unless asked) and the viewer may see it. */
  async findEntity(ref: EntityRef, options: FindOptions<Prisma.CompanyWhereInput> = {}): Promise<{ id: string; hashId: string; name: string } | null> {
    const byRef = refWhere(ref);
    if (!byRef) return null;
    return ((options.db ?? this.db) as FirmTx).company.findFirst({
      where: { AND: [byRef, this.entityWhere(), options.includeDeleted ? {} : { deletedAt: null }, options.where ?? {}] },
      select: { id: true, hashId: true, name: true },
    });
  }

  /** `findEntity`, or throws a 404 Response. */
  async assertSeesEntity(ref: EntityRef, options: AssertOptions<Prisma.CompanyWhereInput> = {}): Promise<{ id: string; hashId: string; name: string }> {
    const found = await this.findEntity(ref, options);
    if (!found) throw (options.notFound ?? notFoundResponse)();
    return found;
  }

  /** The client user, if it exists (not deleted unless asked) and the viewer may see it. */
  async findUser(id: string, options: FindOptions<Prisma.UserWhereInput> = {}): Promise<{ id: string } | null> {
    if (!ID.test(id)) return null;
    return ((options.db ?? this.db) as FirmTx).user.findFirst({
      where: { AND: [{ id, kind: "client" }, this.userWhere(), options.includeDeleted ? {} : { deletedAt: null }, options.where ?? {}] },
      select: { id: true },
    });
  }

  /** `findUser`, or throws a 404 Response. */
  async assertSeesUser(id: string, options: AssertOptions<Prisma.UserWhereInput> = {}): Promise<{ id: string }> {
    const found = await this.findUser(id, options);
    if (!found) throw (options.notFound ?? notFoundResponse)();
    return found;
  }
}

/** The door for a signed-in staff member; a client (or anyone else) is answered 404. */
export async function staffVisibility(db: Db, user: SessionUser): Promise<StaffVisibility> {
  if (user.kind !== "staff") throw notFoundResponse();
  return new StaffVisibility(await staffFactsOf(db, user), db);
}

/** The door for permission facts already loaded (`loadStaffViewer`). */
export function visibilityOf(db: Db, facts: StaffFacts): StaffVisibility {
  return new StaffVisibility(facts, db);
}
