/**
 * The firm setup checklist a partner sees on Collect (staff spec §2 "Other staff screens":
 * onboarding guide flows, advisors only; shown here to partners, who set the firm up). Each step
 * ticks itself from the firm's data: nothing is ticked by hand. Payments are left out until the
 * product takes payments: a step that cannot be done would never tick.
 */
import { DEFAULT_THEME, toThemeName } from "../../themes/catalog";

export type SetupStepId = "brand" | "team" | "client" | "questionnaire";

export interface SetupFacts {
  /** The firm has a logo, a brand colour or a theme other than the default (unset or unknown names are the default). */
  logo: boolean;
  brandColor: string | null;
  themeName: string;
  /** Staff users of the firm, not deleted (the partner included). */
  staffUsers: number;
  /** Client users of the firm, not deleted. */
  clientUsers: number;
  /** Questionnaires sent (drafts are not sent). */
  questionnairesSent: number;
}

export interface SetupStep {
  id: SetupStepId;
  title: string;
  description: string;
  done: boolean;
  /** Where the step is done. */
  to: string;
  action: string;
}

/** What Collect shows. */
export interface SetupChecklistData {
  steps: SetupStep[];
}

export function setupChecklist(facts: SetupFacts): SetupStep[] {
  return [
    {
      id: "brand",
      title: "Brand your portal",
      description: "Upload your logo and pick your colours so clients recognise your firm.",
      done: facts.logo || Boolean(facts.brandColor) || toThemeName(facts.themeName) !== DEFAULT_THEME,
      to: "/firm",
      action: "Open Firm Settings",
    },
    {
      id: "team",
      title: "Invite your team",
      description: "Add the people who work with you on your clients.",
      done: facts.staffUsers > 1,
      to: "/settings/team",
      action: "Invite your team",
    },
    {
      id: "client",
      title: "Add your first client",
      description: "Create a user and their entity, or import your client list.",
      done: facts.clientUsers > 0,
      to: "/clients",
      action: "Add your first client",
    },
    {
      id: "questionnaire",
      title: "Send your first questionnaire",
      description: "Send a template, a document drop-off or a custom questionnaire to a client.",
      done: facts.questionnairesSent > 0,
      to: "/templates",
      action: "Send your first questionnaire",
    },
  ];
}

export const setupComplete = (steps: SetupStep[]) => steps.every((s) => s.done);

/** Collect shows the checklist to partners until every step is done or they dismiss it. */
export function showSetupChecklist(viewer: { firmAccess: string | null; dismissed: boolean }, steps: SetupStep[]): boolean {
  return viewer.firmAccess === "partner" && !viewer.dismissed && !setupComplete(steps);
}
