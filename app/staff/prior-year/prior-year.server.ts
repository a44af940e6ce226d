/**
 * Prior-year items and rollover line items of one entity, for advisors: list, add, update and
 * delete (staff spec §7 'Rollover items' and 'Prior year items'). Every action finds the entity
 * through the staff visibility rules (another firm's or another group's entity is a 404), checks
 * the advisor-only rule, and writes an activity entry.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { canDoAdvisorAction, canViewEntity, type StaffFacts } from "../permissions";
import { PortalError } from "~/errors";
import { findEntity, refuse } from "../entities.server";
import { lineItemRemovable, PRIOR_YEAR_MESSAGES, type PriorYearAction } from "./rules";

export interface PriorYearItemView {
  id: string;
  name: string;
  year: number;
  source: string | null;
  doNotRollover: boolean;
  lineItems: { id: string; category: string; value: string; removable: boolean }[];
}

export async function listPriorYearItems(
  portal: FirmSiteContext,
  facts: StaffFacts,
  hashId: string,
): Promise<{ items: PriorYearItemView[]; canManage: boolean }> {
  const entity = await findEntity(portal, hashId);
  refuse(canViewEntity(facts, entity));
  const items = await portal.db.priorYearItem.findMany({
    where: { companyId: entity.id },
    orderBy: [{ year: "desc" }, { name: "asc" }],
    take: 500,
    select: {
      id: true,
      name: true,
      year: true,
      source: true,
      doNotRollover: true,
      lineItems: { orderBy: { createdAt: "asc" }, select: { id: true, category: true, value: true, removable: true } },
    },
  });
  return { items, canManage: facts.isAdvisor };
}

export async function priorYearAction(
  portal: FirmSiteContext,
  facts: StaffFacts,
  hashId: string,
  action: PriorYearAction,
  ipAddress?: string | null,
): Promise<{ message: string }> {
  const entity = await findEntity(portal, hashId);
  refuse(canViewEntity(facts, entity));
  refuse(canDoAdvisorAction(facts, "manageRolloverItems"));
  const firmId = portal.firm.id;
  const log = (tx: Parameters<Parameters<typeof portal.db.$transaction>[0]>[0], title: string, description: string) =>
    logActivity(tx, firmId, { typeId: ACTIVITY_TYPES.detailChange, title, description, actorId: facts.id, companyId: entity.id, ipAddress });

  return portal.db.$transaction(async (tx) => {
    const item = async (id: string) => {
      const found = await tx.priorYearItem.findFirst({ where: { id, companyId: entity.id }, select: { id: true, name: true } });
      if (!found) throw new PortalError(404, PRIOR_YEAR_MESSAGES.notFound);
      return found;
    };
    const line = async (id: string) => {
      const found = await tx.rolloverLineItem.findFirst({ where: { id, companyId: entity.id }, select: { id: true, category: true, removable: true } });
      if (!found) throw new PortalError(404, PRIOR_YEAR_MESSAGES.notFound);
      return found;
    };
    switch (action.intent) {
      case "add": {
        await tx.priorYearItem.create({
          data: { firmId, companyId: entity.id, name: action.name, year: action.year, source: action.source ?? "Added by the firm" },
        });
        await log(tx, PRIOR_YEAR_MESSAGES.added, `${action.name} (${action.year})`);
        return { message: PRIOR_YEAR_MESSAGES.added };
      }
      case "update": {
        await item(action.id);
        await tx.priorYearItem.update({ where: { id: action.id }, data: { name: action.name, year: action.year, doNotRollover: action.doNotRollover } });
        await tx.rolloverLineItem.updateMany({ where: { priorYearItemId: action.id }, data: { year: action.year } });
        await log(tx, PRIOR_YEAR_MESSAGES.updated, `${action.name} (${action.year})${action.doNotRollover ? ", not rolled over" : ""}`);
        return { message: PRIOR_YEAR_MESSAGES.updated };
      }
      case "delete": {
        const found = await item(action.id);
        await tx.priorYearItem.delete({ where: { id: found.id } });
        await log(tx, PRIOR_YEAR_MESSAGES.deleted, found.name);
        return { message: PRIOR_YEAR_MESSAGES.deleted };
      }
      case "line-add": {
        const parent = await tx.priorYearItem.findFirst({
          where: { id: action.priorYearItemId, companyId: entity.id },
          select: { id: true, name: true, year: true },
        });
        if (!parent) throw new PortalError(404, PRIOR_YEAR_MESSAGES.notFound);
        await tx.rolloverLineItem.create({
          data: { firmId, companyId: entity.id, priorYearItemId: parent.id, year: parent.year, category: action.category, value: action.value },
        });
        await log(tx, PRIOR_YEAR_MESSAGES.lineAdded, `${parent.name}: ${action.category}`);
        return { message: PRIOR_YEAR_MESSAGES.lineAdded };
      }
      case "line-update": {
        await line(action.id);
        await tx.rolloverLineItem.update({ where: { id: action.id }, data: { category: action.category, value: action.value } });
        await log(tx, PRIOR_YEAR_MESSAGES.lineUpdated, action.category);
        return { message: PRIOR_YEAR_MESSAGES.lineUpdated };
      }
      case "line-delete": {
        const found = await line(action.id);
        if (!lineItemRemovable(found)) throw new PortalError(409, PRIOR_YEAR_MESSAGES.notRemovable);
        await tx.rolloverLineItem.delete({ where: { id: found.id } });
        await log(tx, PRIOR_YEAR_MESSAGES.lineDeleted, found.category);
        return { message: PRIOR_YEAR_MESSAGES.lineDeleted };
      }
    }
  });
}
