/** What the client's tax return page offers at each status (client spec §4 draft_status), pure. */
import type { TaxReturnStatus } from "~/generated/prisma/enums";

export interface OutlineItem {
  title: string;
  page: number;
  children?: OutlineItem[];
}

export type ClientStage = "review_draft" | "approved" | "changes_requested" | "sign" | "done";

export function clientStage(status: TaxReturnStatus): ClientStage {
  if (status === "draft") return "review_draft";
  if (status === "approved") return "approved";
  if (status === "change_requested") return "changes_requested";
  if (status === "sent") return "sign";
  // 'Status finished shows zero signatures to sign' (nor do signed, completed and paid ones).
  return "done";
}

export const STAGE_MESSAGES = {
  approved: "You approved this draft. Please wait for your firm to review it and send the final return for your signature.",
  changes_requested: "You asked for changes to this draft. You'll be notified when it's ready for signature.",
  done: "There are no signatures left to sign on this tax return.",
} as const;

/** The next step a dashboard card names ('Review Draft', 'Sign', 'View'). */
export function nextStepLabel(status: TaxReturnStatus, mySignaturePending: boolean): "Review Draft" | "Sign" | "View" {
  const stage = clientStage(status);
  if (stage === "review_draft") return "Review Draft";
  if (stage === "sign" && mySignaturePending) return "Sign";
  return "View";
}

export const taxReturnHref = (id: string, companyId: string) => `/tax-return-delivery/${id}?${new URLSearchParams({ companyId })}`;
