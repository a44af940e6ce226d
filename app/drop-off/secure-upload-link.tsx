/**
 * Staff side of secure upload links, on an entity's Documents page: issue a 7-day link
 * (POST /api/secure-upload `{ intent: "create" }`), shown once, to copy and send to anyone who should
 * upload files for this entity without signing in. Files land in the entity's '/Secure upload'
 * folder and the issuer is notified when they arrive.
 */
import { useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Dialog, TextField, useToast } from "~/components/ui";

export function SecureUploadLinkButton({ companyHash, entityName }: { companyHash: string; entityName: string }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const response = await apiFetch("/api/secure-upload", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "create", companyId: companyHash }),
      });
      const data = (await response.json().catch(() => ({}))) as { url?: string; expiresAt?: string; error?: string };
      if (!response.ok || !data.url || !data.expiresAt) throw new Error(data.error ?? "Something went wrong");
      setLink({ url: data.url, expiresAt: data.expiresAt });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success("Link copied to clipboard");
    } catch {
      toast.error("Could not copy the link.");
    }
  }

  const close = () => {
    setOpen(false);
    setLink(null);
    setError(null);
  };

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Secure upload link
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Secure upload link"
        description={`Anyone with this link can upload files for ${entityName} for 7 days, without signing in. You are notified when files arrive.`}
        size="sm"
        footer={
          link ? (
            <>
              <Button variant="secondary" onClick={close}>
                Done
              </Button>
              <Button onClick={() => void copy()}>Copy link</Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button loading={busy} onClick={() => void create()}>
                Create link
              </Button>
            </>
          )
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {link ? (
          <>
            <TextField
              label="Link"
              value={link.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              hint={`Expires on ${new Date(link.expiresAt).toLocaleDateString()}. It is shown only now: copy it before closing.`}
            />
          </>
        ) : (
          <p style={{ margin: 0 }}>Files are filed in the folder “Secure upload”.</p>
        )}
      </Dialog>
    </>
  );
}
