/**
 * Export a conversation (staff): a dialog to choose PDF or CSV and the timeframe, then the file
 * downloads (POST /api/staff/conversations/{id}/export) and 'Conversation exported successfully'.
 */
import { useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Button, Dialog, Select, useToast } from "~/components/ui";
import { EXPORT_TEXT, EXPORT_TIMEFRAME_LABELS, EXPORT_TIMEFRAMES, type ExportFormat, type ExportTimeframe } from "./export-rules";

async function saveDownload(response: Response, fallbackName: string) {
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportConversationButton({ conversationId }: { conversationId: string }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<ExportFormat>("pdf");
  const [timeframe, setTimeframe] = useState<ExportTimeframe>("all_time");

  async function exportNow() {
    setBusy(true);
    try {
      const response = await apiFetch(`/api/staff/conversations/${encodeURIComponent(conversationId)}/export`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ format, timeframe }),
      });
      if (!response.ok) {
        const body = response.status < 500 ? ((await response.json().catch(() => null)) as { error?: string } | null) : null;
        toast.error(body?.error || EXPORT_TEXT.failed);
        return;
      }
      await saveDownload(response, `messages.${format}`);
      toast.success(EXPORT_TEXT.exported);
      setOpen(false);
    } catch {
      toast.error(EXPORT_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Export
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        persistent={busy}
        title="Export conversation"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void exportNow()} loading={busy}>
              Export
            </Button>
          </>
        }
      >
        <div style={{ display: "grid", gap: 12 }}>
          <Select
            label="Format"
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as ExportFormat)}
            options={[
              { value: "pdf", label: "PDF" },
              { value: "csv", label: "CSV" },
            ]}
          />
          <Select
            label="Timeframe"
            value={timeframe}
            onChange={(e) => setTimeframe(e.currentTarget.value as ExportTimeframe)}
            options={EXPORT_TIMEFRAMES.map((t) => ({ value: t, label: EXPORT_TIMEFRAME_LABELS[t] }))}
          />
        </div>
      </Dialog>
    </>
  );
}
