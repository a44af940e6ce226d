import sanitizeHtml from "sanitize-html";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSettings, FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { QuestionnaireProgress } from "~/questionnaires/progress";
import { readProgress, type ProgressSection } from "~/questionnaires/progress.server";
import { readTaxReturnCards as taxReturnCards } from "~/deliver/client/cards.server";

export const NO_ACTIVE_ENTITIES = "Your account does not have active entities to view. Please contact your firm.";

/**
 * The client dashboard (`/`): the client's active entities, the selected one's questionnaires
 * for a tax year, and the firm card. Two queries, whatever the number of entities.
 * `entityWhere` narrows the entities shown (a staff preview shows only what that staff member
 * may see: group access, staff/visibility.server.ts).
 */
export async function loadClientHome(
  portal: FirmSiteContext,
  user: SessionUser,
  search: URLSearchParams,
  options: { entityWhere?: Prisma.CompanyWhereInput } = {},
) {
  return portal.db.$transaction((db) => readClientHome(db, portal.firm, user, search, options.entityWhere ?? {}));
}

async function readClientHome(db: FirmTx, firm: FirmSettings, user: SessionUser, search: URLSearchParams, entityWhere: Prisma.CompanyWhereInput) {
  const ownerships = await db.companyOwner.findMany({
    where: { userId: user.id, company: { AND: [{ deletedAt: null }, entityWhere] } },
    select: { company: { select: { id: true, hashId: true, name: true, entityType: true, inactive: true, readonlyAccess: true } } },
    orderBy: { company: { name: "asc" } },
  });
  const entities = ownerships.map((o) => o.company).filter((c) => !c.inactive);
  if (entities.length === 0) {
    return { blocked: ownerships.length > 0, entities, selected: null, years: [] as number[], year: null, questionnaires: [], customHtml: null };
  }
  const selected = entities.find((e) => e.hashId === search.get("entity")) ?? entities.find((e) => e.id === user.defaultCompanyId) ?? entities[0];

  const rows = await db.questionnaire.findMany({
    where: { companyId: selected.id, deletedAt: null, isDraft: false, sentAt: { not: null } },
    select: {
      id: true,
      name: true,
      taxYear: true,
      dueDate: true,
      locked: true,
      completed: true,
      openedAt: true,
      inProgress: true,
      firmCustomStatus: { select: { clientDisplayStatus: true, clientInstruction: true, color: true } },
      depositStatus: true,
      depositAmountCents: true,
    },
    orderBy: [{ taxYear: "desc" }, { dueDate: "asc" }],
  });
  const years = [...new Set(rows.map((q) => q.taxYear))].sort((a, b) => b - a);
  const requestedYear = Number(search.get("year"));
  const year = years.includes(requestedYear) ? requestedYear : (years[0] ?? null);
  const shown = rows.filter((q) => q.taxYear === year);
  const progress = await readProgress(db, shown, { onePerSection: firm.preferences.requireOneSignaturePerSection });
  const questionnaires = shown
    .sort((a, b) => rank(a) - rank(b) || (a.dueDate?.getTime() ?? Infinity) - (b.dueDate?.getTime() ?? Infinity))
    .map((q) => ({
      id: q.id,
      name: q.name,
      taxYear: q.taxYear,
      dueDate: q.dueDate?.toISOString().slice(0, 10) ?? null,
      locked: q.locked,
      completed: q.completed,
      openedAt: q.openedAt?.toISOString() ?? null,
      inProgress: q.inProgress,
      // The firm's custom status replaces the displayed status (client spec §5), in the client's words.
      customStatus: q.firmCustomStatus?.clientDisplayStatus ?? null,
      customStatusInstruction: q.firmCustomStatus?.clientInstruction ?? null,
      customStatusColor: q.firmCustomStatus?.color ?? null,
      // The sections the client was asked, with the status and progress every screen shows (questionnaires/progress.ts).
      ...progressView(progress.get(q.id)!),
    }));

  const prefs = firm.preferences;
  const customHtml =
    prefs.customElementEnabled && prefs.customElements
      ? sanitizeHtml(prefs.customElements, {
          allowedTags: sanitizeHtml.defaults.allowedTags.concat(["img", "h1", "h2"]),
          allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height"] },
          allowedSchemes: ["https", "mailto", "tel"],
          transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
        })
      : null;

  return { blocked: false, entities, selected, years, year, questionnaires, customHtml, taxReturnCards: await taxReturnCards(db, firm, user, selected, year) };
}

function progressView(p: QuestionnaireProgress<ProgressSection>) {
  return {
    progress: { done: p.done, total: p.total, percent: p.percent },
    sections: p.sections.map((v) => ({ id: v.section.id, name: v.section.name, status: v.status })),
  };
}

/** Spec ordering: unlocked, then completed, then locked. */
function rank(q: { locked: boolean; completed: boolean }) {
  return q.locked ? 2 : q.completed ? 1 : 0;
}

/**
 * Makes one of the client's active entities their default (the dashboard opens on it).
 * Returns the entity's hash id, or null when it is not an active entity of this client.
 */
export async function setDefaultEntity(portal: FirmSiteContext, user: SessionUser, hashId: string): Promise<string | null> {
  const owned = await portal.db.companyOwner.findFirst({
    where: { userId: user.id, company: { hashId, inactive: false, deletedAt: null } },
    select: { companyId: true },
  });
  if (!owned) return null;
  await portal.db.user.update({ where: { id: user.id }, data: { defaultCompanyId: owned.companyId } });
  return hashId;
}
