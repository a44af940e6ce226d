/** The Deliver table's calls from the browser (through apiFetch): POST JSON, the server's message back, or its error. */
import { apiFetch } from "~/auth/api-fetch";

export type CallResult = { ok: true; message: string } | { ok: false; error: string };

export async function callTaxReturn(taxReturnId: string, path: "" | "/vouchers" | "/assignments", body: unknown): Promise<CallResult> {
  try {
    const response = await apiFetch(`/api/staff/tax-returns/${encodeURIComponent(taxReturnId)}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const result = (await response.json().catch(() => ({}))) as { message?: string; toast?: string; error?: string };
    if (!response.ok || result.error) return { ok: false, error: result.error ?? "Something went wrong" };
    return { ok: true, message: result.toast ?? result.message ?? "Successfully updated" };
  } catch {
    return { ok: false, error: "Something went wrong" };
  }
}

/** The bulk actions: one call for the selected returns; `skipped` of them could not take the change. */
export async function callBulk(intent: "finish" | "reminders_off", ids: string[]): Promise<CallResult & { skipped?: number }> {
  try {
    const response = await apiFetch("/api/staff/tax-returns/bulk", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent, ids }),
    });
    const result = (await response.json().catch(() => ({}))) as { message?: string; error?: string; skipped?: number };
    if (!response.ok || result.error) return { ok: false, error: result.error ?? "Something went wrong" };
    return { ok: true, message: result.message ?? "Successfully updated", skipped: result.skipped ?? 0 };
  } catch {
    return { ok: false, error: "Something went wrong" };
  }
}
