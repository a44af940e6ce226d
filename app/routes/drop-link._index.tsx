import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { Alert, Button, Card, Checkbox, PageHeader, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { canManageDropLink, DROP_LINK_MANAGERS, loadDropLinkSettings, saveDropLinkSettings } from "~/drop-off/drop-link.server";
import { DROP_LINK_MESSAGES } from "~/drop-off/link-rules";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Drop Link") }];

/** Staff spec: Drop link settings — partner, admin and full users, when drop_link_enabled. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal, [...DROP_LINK_MANAGERS]);
  if (!canManageDropLink(portal, user)) throw new Response("Not Found", { status: 404 });
  return { settings: await loadDropLinkSettings(portal) };
}

type ActionData = { error: string } | { url: string; expiresAt: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal, [...DROP_LINK_MANAGERS]);
  if (!canManageDropLink(portal, user)) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  const ids = form.getAll("recipient").filter((v): v is string => typeof v === "string");
  try {
    return data(await saveDropLinkSettings(portal, user, ids));
  } catch (error) {
    if (isPortalError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function DropLinkSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const t = useVocabulary();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const toast = useToast();
  const [selected, setSelected] = useState<string[]>(settings.recipientIds);
  const [dirty, setDirty] = useState(false);
  const saving = navigation.state === "submitting";
  const url = result && "url" in result ? result.url : null;

  useEffect(() => {
    if (url) {
      setDirty(false);
      toast.success(DROP_LINK_MESSAGES.saved);
    }
  }, [url]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (id: string, on: boolean) => {
    setDirty(true);
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(DROP_LINK_MESSAGES.copied);
    } catch {
      toast.error("Could not copy the link. Select it and copy it instead.");
    }
  };
  const canCopy = Boolean(url) && !dirty && !saving;

  return (
    <FirmPage>
      <PageHeader
        title="Drop Link"
        description={t("A link anyone can use to send your firm files without signing in. Uploads go to the Unassigned drop-offs entity.")}
      />
      <Card>
        <Form method="post" style={{ display: "grid", gap: "1rem" }}>
          <fieldset style={{ border: 0, padding: 0, margin: 0, display: "grid", gap: "0.5rem" }}>
            <legend style={{ fontWeight: 600, marginBottom: "0.5rem" }}>Firm users notified of new uploads</legend>
            {settings.staff.map((u) => (
              <Checkbox
                key={u.id}
                name="recipient"
                value={u.id}
                label={u.email ? `${u.name} (${u.email})` : u.name}
                checked={selected.includes(u.id)}
                onChange={(e) => toggle(u.id, e.currentTarget.checked)}
              />
            ))}
          </fieldset>
          {selected.length === 0 ? <Alert tone="warning">{DROP_LINK_MESSAGES.recipientRequired}</Alert> : null}
          {result && "error" in result ? <Alert tone="danger">{result.error}</Alert> : null}
          <p style={{ margin: 0 }}>
            {url
              ? `New link issued. It expires on ${new Date(result && "expiresAt" in result ? result.expiresAt : "").toLocaleDateString()}.`
              : settings.issuedAt
                ? settings.expired
                  ? "The last link has expired. Save to issue a new one."
                  : `The current link expires on ${new Date(settings.expiresAt ?? "").toLocaleDateString()}. Saving issues a new link; the previous one stops working.`
                : "Save to issue your firm's link. Links expire after 7 days."}
          </p>
          {url ? (
            <p style={{ margin: 0, overflowWrap: "anywhere" }}>
              <code data-testid="drop-link-url">{url}</code>
            </p>
          ) : null}
          <div style={{ display: "flex", gap: "0.5rem", flexWrap: "wrap" }}>
            <Button type="submit" disabled={saving || selected.length === 0}>
              {saving ? "Saving…" : "Save"}
            </Button>
            <Button type="button" variant="secondary" disabled={!canCopy} onClick={copy}>
              Copy link
            </Button>
          </div>
        </Form>
      </Card>
    </FirmPage>
  );
}
