/**
 * The firm setup checklist a partner sees on Collect (staff spec §2 "Other staff screens":
 * onboarding guide flows, advisors only; shown here to partners, who set the firm up). Each step
 * ticks itself from the firm's data: nothing is ticked by hand. The payments step is left out on a
 * portal without a payment provider: a step that cannot be done would never tick.
 */
import { DEFAULT_THEME, toThemeName } from "../../themes/catalog";

export type SetupStepId = "brand" | "team" | "client" | "questionnaire" | "payments";

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
  /** Whether the firm's Stripe account can take payments; "off" when the portal has no payment provider. */
  payments?: "off" | boolean;
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
  const steps: SetupStep[] = [
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
  if (facts.payments !== undefined && facts.payments !== "off") {
    steps.push({
      id: "payments",
      title: "Connect payments",
      description: "Connect a Stripe account so clients can pay deposits and invoices online.",
      done: facts.payments,
      to: "/firm/payments",
      action: "Connect payments",
    });
  }
  return steps;
}

export const setupComplete = (steps: SetupStep[]) => steps.every((s) => s.done);

/** Collect shows the checklist to partners until every step is done or they dismiss it. */
export function showSetupChecklist(viewer: { firmAccess: string | null; dismissed: boolean }, steps: SetupStep[]): boolean {
  return viewer.firmAccess === "partner" && !viewer.dismissed && !setupComplete(steps);
}
