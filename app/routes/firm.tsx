import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { THEMES, themeNames } from "../../themes";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { FirmPage } from "~/components/firm-page";
import { FirmSettingsTabs } from "~/firms/firm-settings-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Select, TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { UploadProgress, useFileUpload } from "~/components/upload";
import type { UploadGrant } from "~/storage/uploads";
import {
  addVocabulary,
  confirmLogoUpload,
  firmSettingsActionSchema,
  getFirmSettingsForm,
  grantLogoUpload,
  removeLogo,
  removeVocabulary,
  updateFirmBranding,
  updateFirmProfile,
} from "~/firms/firm-admin.server";
import { TIME_ZONES } from "~/time-zones";
import * as s from "~/firms/firm-settings.css";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Firm Settings") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal, ["partner"]);
  return { settings: await getFirmSettingsForm(portal) };
}

type ActionResult = { ok: true; intent: string; message?: string; grant?: UploadGrant } | { ok: false; intent: string; errors: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner"]);
  const form = Object.fromEntries(await request.formData());
  const parsed = firmSettingsActionSchema.safeParse(form);
  const intent = typeof form.intent === "string" ? form.intent : "unknown";
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return data<ActionResult>({ ok: false, intent, errors }, { status: 400 });
  }
  const input = parsed.data;
  switch (input.intent) {
    case "profile":
      await updateFirmProfile(portal, input, staff);
      return data<ActionResult>({ ok: true, intent, message: "Saved!" });
    case "branding":
      await updateFirmBranding(portal, input, staff);
      return data<ActionResult>({ ok: true, intent, message: "Saved!" });
    case "logo-grant":
      return data<ActionResult>({ ok: true, intent, grant: await grantLogoUpload(portal, input) });
    case "logo-confirm": {
      const outcome = await confirmLogoUpload(portal, input, staff);
      return outcome.ok
        ? data<ActionResult>({ ok: true, intent, message: "Upload successful" })
        : data<ActionResult>({ ok: false, intent, errors: { logo: outcome.message } }, { status: 400 });
    }
    case "logo-remove":
      await removeLogo(portal, staff);
      return data<ActionResult>({ ok: true, intent, message: "Saved!" });
    case "vocab-add":
      await addVocabulary(portal, input, staff);
      return data<ActionResult>({ ok: true, intent, message: "Saved!" });
    case "vocab-remove":
      await removeVocabulary(portal, input.id, staff);
      return data<ActionResult>({ ok: true, intent, message: "Saved!" });
  }
}

function useActionToast(result: ActionResult | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (result?.ok && result.message) toast.success(result.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

export default function FirmSettings() {
  const { settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  useActionToast(result);
  const errors = result && !result.ok ? result.errors : {};
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [brand, setBrand] = useState(settings.brandColor ?? "");

  return (
    <FirmPage>
      <header className={s.header}>
        <h1 className={s.title}>Firm Settings</h1>
        <p className={s.subtitle}>How your portal looks and speaks to your clients.</p>
      </header>
      <div className={s.tabs}>
        <FirmSettingsTabs partner />
      </div>
      <div className={s.sections}>
        <section className={s.card} aria-labelledby="profile-title">
          <h2 id="profile-title" className={s.cardTitle}>
            Firm profile
          </h2>
          <Form method="post" className={s.form} key={`${settings.name}-${settings.supportEmail}-${settings.timeZone}`}>
            <input type="hidden" name="intent" value="profile" />
            <TextField label="Firm name" name="name" defaultValue={settings.name} error={result?.intent === "profile" ? errors.name : undefined} required />
            <TextField
              label="Support email"
              name="supportEmail"
              type="email"
              defaultValue={settings.supportEmail ?? ""}
              hint="Shown to clients on their dashboard."
              error={result?.intent === "profile" ? errors.supportEmail : undefined}
              required
            />
            <Select label="Time zone" name="timeZone" defaultValue={settings.timeZone} options={Object.keys(TIME_ZONES).map((z) => ({ value: z, label: z }))} />
            <div>
              <Button type="submit" variant="primary" loading={busy("profile")}>
                Save profile
              </Button>
            </div>
          </Form>
        </section>

        <section className={s.card} aria-labelledby="branding-title">
          <h2 id="branding-title" className={s.cardTitle}>
            Branding
          </h2>
          <Form method="post" className={s.form} key={`${settings.themeName}-${settings.brandColor}`}>
            <input type="hidden" name="intent" value="branding" />
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>Theme</legend>
              <div className={s.themes}>
                {themeNames.map((name) => (
                  <label key={name} className={s.themeOption}>
                    <input
                      type="radio"
                      name="themeName"
                      value={name}
                      defaultChecked={settings.themeName === name || (!themeNames.includes(settings.themeName as never) && name === themeNames[0])}
                      aria-labelledby={`theme-${name}`}
                      aria-describedby={`theme-${name}-description`}
                    />
                    <span className={s.swatch} style={{ background: THEMES[name].defaultBrand }} aria-hidden />
                    <span>
                      <strong id={`theme-${name}`}>{THEMES[name].label}</strong>
                      <span id={`theme-${name}-description`} className={s.muted}>
                        {THEMES[name].description}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className={s.colorRow}>
              <input
                type="color"
                aria-label="Pick a brand colour"
                value={/^#[0-9a-f]{6}$/i.test(brand) ? brand : "#1f4e79"}
                onChange={(e) => setBrand(e.currentTarget.value)}
                className={s.colorInput}
              />
              <TextField
                label="Brand colour"
                name="brandColor"
                value={brand}
                onChange={(e) => setBrand(e.currentTarget.value)}
                placeholder="#1f4e79"
                hint="Leave empty to use the theme's colour. Text on it is chosen for contrast automatically."
                error={result?.intent === "branding" ? errors.brandColor : undefined}
              />
            </div>
            <div>
              <Button type="submit" variant="primary" loading={busy("branding")}>
                Save branding
              </Button>
            </div>
          </Form>
          <LogoUpload logoUrl={settings.logoUrl} error={result?.intent === "logo-confirm" ? errors.logo : undefined} />
        </section>

        <section className={s.card} aria-labelledby="vocab-title">
          <h2 id="vocab-title" className={s.cardTitle}>
            Vocabulary
          </h2>
          <p className={s.muted}>Replace the product's words with your firm's, on every screen. For example “Questionnaire” → “Organizer”.</p>
          {settings.vocabs.length > 0 ? (
            <ul className={s.vocabList}>
              {settings.vocabs.map((v) => (
                <li key={v.id} className={s.vocabItem}>
                  <span>
                    <strong>{v.keyWord}</strong> → {v.replacement}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="vocab-remove" />
                    <input type="hidden" name="id" value={v.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${v.keyWord}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.muted}>No replacements yet.</p>
          )}
          <Form method="post" className={s.inlineForm} key={settings.vocabs.length}>
            <input type="hidden" name="intent" value="vocab-add" />
            <TextField label="Word" name="keyWord" placeholder="Questionnaire" error={result?.intent === "vocab-add" ? errors.keyWord : undefined} />
            <TextField
              label="Replace with"
              name="replacement"
              placeholder="Organizer"
              error={result?.intent === "vocab-add" ? errors.replacement : undefined}
            />
            <Button type="submit" variant="secondary" loading={busy("vocab-add")}>
              Add
            </Button>
          </Form>
        </section>
      </div>
    </FirmPage>
  );
}

function LogoUpload({ logoUrl, error }: { logoUrl: string | null; error?: string }) {
  const grantFetcher = useFetcher<ActionResult>();
  const confirmFetcher = useFetcher<ActionResult>();
  const upload = useFileUpload();
  const revalidator = useRevalidator();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const grant = grantFetcher.data;
    if (!file || grantFetcher.state !== "idle" || !grant) return;
    if (!grant.ok) {
      setProblem(Object.values(grant.errors)[0] ?? "Upload failed");
      return;
    }
    if (!grant.grant) return;
    const g = grant.grant;
    void upload.start(g, file).then((ok) => {
      if (ok) confirmFetcher.submit({ intent: "logo-confirm", key: g.key, contentType: g.contentType }, { method: "post" });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grantFetcher.data, grantFetcher.state]);

  useEffect(() => {
    if (confirmFetcher.state !== "idle" || !confirmFetcher.data) return;
    if (confirmFetcher.data.ok) {
      toast.success("Upload successful");
      setFile(null);
      revalidator.revalidate();
    } else setProblem(Object.values(confirmFetcher.data.errors)[0] ?? "Upload failed");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmFetcher.data, confirmFetcher.state]);

  function choose(selected: File | undefined) {
    setProblem(null);
    if (!selected) return;
    setFile(selected);
    grantFetcher.submit(
      { intent: "logo-grant", fileName: selected.name, contentType: selected.type || "application/octet-stream", size: String(selected.size) },
      { method: "post" },
    );
  }

  return (
    <div className={s.logoBlock}>
      <h3 className={s.subTitle}>Logo</h3>
      <div className={s.logoRow}>
        <div className={s.logoPreview}>
          {logoUrl ? <img src={logoUrl} alt="Current logo" className={s.logoImg} /> : <span className={s.muted}>No logo</span>}
        </div>
        <div className={s.logoActions}>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif"
            className={s.hiddenInput}
            onChange={(e) => choose(e.currentTarget.files?.[0])}
            aria-label="Choose a logo file"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => input.current?.click()}
            loading={grantFetcher.state !== "idle" || confirmFetcher.state !== "idle"}
          >
            {logoUrl ? "Replace logo" : "Upload logo"}
          </Button>
          {logoUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="logo-remove" />
              <Button type="submit" variant="ghost">
                Remove
              </Button>
            </Form>
          ) : null}
          <span className={s.muted}>PNG, JPEG or GIF, up to 2 MB.</span>
        </div>
      </div>
      {file && upload.status !== "idle" ? <UploadProgress fileName={file.name} percent={upload.percent} status={upload.status} error={upload.error} /> : null}
      {problem || error ? <Alert tone="danger">{problem ?? error}</Alert> : null}
    </div>
  );
}
