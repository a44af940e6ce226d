/**
 * The questionnaires listed on a staff entity page or user page, each with its next step
 * (questionnaires/next-step.ts). Group access: only questionnaires of entities the viewer may see
 * (visibility.server.ts), not deleted, of entities not deleted; ordered as Collect orders them
 * (open, then completed, then locked; then by due date).
 */
import { compareQuestionnaires } from "~/collect/overview/table";
import type { FirmSiteContext } from "~/context.server";
import { staffNextStep, type StaffNextStep } from "~/questionnaires/next-step";
import { todayIn } from "~/time-zones";
import type { StaffVisibility } from "./visibility.server";

export interface EntityQuestionnaire extends StaffNextStep {
  id: string;
  name: string;
  taxYear: number;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  isOpenItem: boolean;
  entity: { hashId: string; name: string };
}

/** At most this many per page: an entity rarely has more; the rest are in Collect. */
export const ENTITY_QUESTIONNAIRES_LIMIT = 50;

export async function entityQuestionnaires(
  portal: FirmSiteContext,
  visibility: StaffVisibility,
  companyIds: string[],
): Promise<{ today: string; questionnaires: EntityQuestionnaire[] }> {
  const today = todayIn(portal.firm.timeZone);
  if (companyIds.length === 0) return { today, questionnaires: [] };
  const rows = await portal.db.questionnaire.findMany({
    where: { companyId: { in: companyIds }, deletedAt: null, company: { is: { AND: [{ deletedAt: null }, visibility.entityWhere()] } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ENTITY_QUESTIONNAIRES_LIMIT,
    select: {
      id: true,
      name: true,
      taxYear: true,
      dueDate: true,
      isDraft: true,
      isOpenItem: true,
      locked: true,
      completed: true,
      inProgress: true,
      openedAt: true,
      company: { select: { hashId: true, name: true } },
    },
  });
  const questionnaires = rows.map((q) => {
    const dueDate = q.dueDate ? q.dueDate.toISOString().slice(0, 10) : null;
    return {
      id: q.id,
      name: q.name,
      taxYear: q.taxYear,
      dueDate,
      isOpenItem: q.isOpenItem,
      entity: q.company,
      locked: q.locked,
      completed: q.completed,
      ...staffNextStep({ ...q, dueDate }, today),
    };
  });
  questionnaires.sort(compareQuestionnaires);
  return { today, questionnaires: questionnaires.map(({ locked: _l, completed: _c, ...rest }) => rest) };
}
