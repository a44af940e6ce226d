/**
 * The entity profile on /profile: the client's entities (active ones they own) and 'Save
 * Information' for one of them. Only an owner who is a client may save it: staff and advisors
 * are refused (403) whatever they send, as are read-only users and read-only entities.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { toCountry, type Country } from "./address";
import { refuse, type Refusal } from "./outcome";
import { PROFILE_MESSAGES, type EntityProfileInput } from "./profile-schema";

export const ENTITY_MESSAGES = {
  staff: "Firm staff can't edit a client's entity profile.",
  notFound: "This entity was not found.",
} as const;

export interface EntityProfile {
  hashId: string;
  name: string;
  businessEmail: string;
  otherEmail: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: Country;
  readOnly: boolean;
  version: string;
}

const ENTITY_SELECT = {
  id: true,
  hashId: true,
  name: true,
  businessEmail: true,
  otherEmail: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  country: true,
  readonlyAccess: true,
  updatedAt: true,
} as const;

/**
 * The client's active entities, and the one to show: `?entity=<hashId>`, else their default
 * entity, else the first by name.
 */
export async function getEntityProfiles(portal: FirmSiteContext, user: SessionUser, requested: string | null) {
  const ownerships = await portal.db.companyOwner.findMany({
    where: { userId: user.id, company: { deletedAt: null, inactive: false } },
    select: { company: { select: ENTITY_SELECT } },
    orderBy: { company: { name: "asc" } },
  });
  const entities = ownerships.map((o) => o.company);
  const selected = entities.find((e) => e.hashId === requested) ?? entities.find((e) => e.id === user.defaultCompanyId) ?? entities[0] ?? null;
  return {
    entities: entities.map((e) => ({ hashId: e.hashId, name: e.name })),
    selected: selected
      ? ({
          hashId: selected.hashId,
          name: selected.name,
          businessEmail: selected.businessEmail ?? "",
          otherEmail: selected.otherEmail ?? "",
          street: selected.street ?? "",
          city: selected.city ?? "",
          state: selected.state ?? "",
          zip: selected.zip ?? "",
          country: toCountry(selected.country),
          readOnly: selected.readonlyAccess,
          version: selected.updatedAt.toISOString(),
        } satisfies EntityProfile)
      : null,
  };
}

const FIELD_NAMES = {
  businessEmail: "entity email",
  otherEmail: "other email",
  street: "street",
  city: "city",
  state: "state",
  zip: "zip",
  country: "country",
} as const;

type AddressFields = Pick<EntityProfileInput, keyof typeof FIELD_NAMES>;

/**
 * The entity a client may edit, by its public id, or why not: staff (403), read-only user (403),
 * not an owner / inactive / deleted (404), read-only entity (403). Used inside the saving
 * transaction so the checks and the write see the same rows.
 */
export async function editableEntity(
  tx: FirmTx,
  user: SessionUser,
  hashId: string,
): Promise<{ ok: true; id: string; current: AddressFields & { name: string } } | Refusal> {
  if (user.kind !== "client") return refuse(403, ENTITY_MESSAGES.staff);
  const me = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { readonlyAccess: true } });
  if (me.readonlyAccess) return refuse(403, PROFILE_MESSAGES.readOnlyUser);
  const owned = await tx.companyOwner.findFirst({
    where: { userId: user.id, company: { hashId, deletedAt: null, inactive: false } },
    select: { company: { select: ENTITY_SELECT } },
  });
  if (!owned) return refuse(404, ENTITY_MESSAGES.notFound);
  const c = owned.company;
  if (c.readonlyAccess) return refuse(403, PROFILE_MESSAGES.readOnlyEntity);
  return {
    ok: true,
    id: c.id,
    current: {
      name: c.name,
      businessEmail: c.businessEmail,
      otherEmail: c.otherEmail,
      street: c.street,
      city: c.city,
      state: c.state,
      zip: c.zip,
      country: toCountry(c.country),
    },
  };
}

/** Writes the address fields that differ and logs them; returns what changed, in words. */
export async function writeEntityFields(
  tx: FirmTx,
  portal: FirmSiteContext,
  user: SessionUser,
  entity: { id: string; current: AddressFields },
  next: Partial<AddressFields>,
): Promise<string[]> {
  const keys = (Object.keys(next) as (keyof AddressFields)[]).filter((key) => key in FIELD_NAMES);
  const changed = keys.filter((key) => (entity.current[key] ?? null) !== (next[key] ?? null));
  if (changed.length === 0) return [];
  await tx.company.update({ where: { id: entity.id }, data: Object.fromEntries(changed.map((key) => [key, next[key] ?? null])) });
  await logActivity(tx, portal.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Entity profile updated",
    description: `Changed ${changed.map((key) => FIELD_NAMES[key]).join(", ")}`,
    actorId: user.id,
    companyId: entity.id,
    ipAddress: portal.clientAddress,
  });
  return changed.map((key) => FIELD_NAMES[key]);
}

/** 'Save Information'. */
export async function updateEntityProfile(
  portal: FirmSiteContext,
  user: SessionUser,
  input: EntityProfileInput,
): Promise<{ ok: true; changed: string[] } | Refusal> {
  return portal.db.$transaction(async (tx) => {
    const entity = await editableEntity(tx, user, input.entity);
    if (!entity.ok) return entity;
    const changed = await writeEntityFields(tx, portal, user, entity, {
      businessEmail: input.businessEmail,
      otherEmail: input.otherEmail,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country,
    });
    return { ok: true as const, changed };
  });
}
