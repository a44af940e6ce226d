/**
 * The badge colour of a status: needs the firm (warning), waits for the client (info), done
 * (success), broken (danger). On its own, so the client dashboard's cards carry only this.
 */
import type { SignatureRequestStatus } from "./rules";

export function requestStatusTone(status: SignatureRequestStatus): "neutral" | "info" | "success" | "warning" | "danger" {
  if (status === "action_required") return "warning";
  if (status === "sent") return "info";
  if (status === "signed" || status === "completed") return "success";
  if (status === "error") return "danger";
  return "neutral";
}
