/**
 * /admin-profile's "Daily notification email" card: a switch saved at once through
 * POST /api/daily-digest (a conform form of one field, validated with zod before it is sent).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import * as z from "zod";
import { apiFetch } from "~/auth/api-fetch";
import { Card, Switch, useToast } from "~/components/ui";

const schema = z.object({ enabled: z.literal("on").optional() });
const FAILED = "Something went wrong";

export function DailyDigestCard({ enabled }: { enabled: boolean }) {
  const toast = useToast();
  const [on, setOn] = useState(enabled);
  const [busy, setBusy] = useState(false);
  const [form] = useForm({
    id: "daily-digest",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: (event) => event.preventDefault(),
  });

  async function change(next: boolean) {
    setBusy(true);
    setOn(next);
    try {
      const response = await apiFetch("/api/daily-digest", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ enabled: next }),
      });
      const body = (await response.json().catch(() => ({}))) as { enabled?: boolean; error?: string };
      if (!response.ok) throw new Error(body.error ?? FAILED);
      toast.success(next ? "Daily notification email turned on" : "Daily notification email turned off");
    } catch (error) {
      setOn(!next);
      toast.error(error instanceof Error ? error.message : FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Daily notification email"
      description="One email each morning listing your unread notifications of the last 24 hours (none when there are none)."
    >
      <form {...getFormProps(form)}>
        <Switch name="enabled" label="Send me a daily summary" checked={on} disabled={busy} onChange={(e) => void change(e.currentTarget.checked)} />
      </form>
    </Card>
  );
}
