/** /templates/{id}: edit a firm-made template (canned ones are read-only: 404 here, duplicate them). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { FirmPage } from "~/components/firm-page";
import { Button, PageHeader, useToast } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { TEMPLATE_MESSAGES } from "~/templates/editor-rules";
import { TemplateEditor } from "~/templates/template-editor";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.template.name} · ${firmTitle(matches, "Templates")}` : firmTitle(matches, "Templates") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { requireTemplateManager } = await import("~/templates/access.server");
  await requireTemplateManager(request, portal);
  const { loadTemplateForEditor } = await import("~/templates/templates.server");
  const template = await loadTemplateForEditor(portal, params.templateId ?? "");
  if (!template || template.isCanned) throw new Response("Not Found", { status: 404 });
  return data({ template }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const { readEditorTemplate, requireTemplateManager } = await import("~/templates/access.server");
  const user = await requireTemplateManager(request, portal);
  const form = await request.formData();
  const pdf = await import("~/templates/template-pdf.server");
  // The PDF of a document section, uploaded while editing (grant, then confirm).
  if (pdf.isTemplatePdfIntent(form)) {
    const reply = await pdf.templatePdfAction(portal, form);
    return data({ pdf: reply }, { status: reply.ok ? 200 : 400 });
  }
  const read = await readEditorTemplate(form);
  if (!read.ok) return data({ result: read.submission.reply() }, { status: 422 });
  const { saveTemplate } = await import("~/templates/templates.server");
  try {
    await saveTemplate(portal, user.id, params.templateId ?? "", read.template);
  } catch (error) {
    if (isPortalError(error)) return data({ result: read.submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    throw error;
  }
  return redirect("/templates?saved=1");
}

export default function EditTemplatePage() {
  const { template } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  useEffect(() => {
    if (!params.get("duplicated")) return;
    toast.success(TEMPLATE_MESSAGES.duplicated);
    setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FirmPage>
      <PageHeader
        title={template.name}
        eyebrow="Template"
        back={{ to: "/templates", label: "Back to Templates" }}
        actions={
          <Button variant="secondary" to={`/preview/template/${template.id}`}>
            Preview
          </Button>
        }
      />
      <TemplateEditor
        key={template.id}
        initial={{ name: template.name, description: template.description, sections: template.sections }}
        lastResult={acted && "result" in acted ? acted.result : null}
        submitLabel="Save template"
      />
    </FirmPage>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary } from "~/templates/template-error";
