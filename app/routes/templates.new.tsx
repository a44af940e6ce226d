/** /templates/new: a new firm-made template in the sections-and-questions editor. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { emptyTemplate, TemplateEditor } from "~/templates/template-editor";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "New template") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { requireTemplateManager } = await import("~/templates/access.server");
  await requireTemplateManager(request, portal);
  return {};
}

export async function action({ request, context }: ActionFunctionArgs) {
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
  const { createTemplate } = await import("~/templates/templates.server");
  try {
    await createTemplate(portal, user.id, read.template);
  } catch (error) {
    if (isPortalError(error)) return data({ result: read.submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    throw error;
  }
  return redirect("/templates?created=1");
}

export default function NewTemplatePage() {
  const acted = useActionData<typeof action>();
  return (
    <FirmPage>
      <PageHeader title="New template" back={{ to: "/templates", label: "Back to Templates" }} />
      <TemplateEditor initial={emptyTemplate()} lastResult={acted && "result" in acted ? acted.result : null} submitLabel="Create template" />
    </FirmPage>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary } from "~/templates/template-error";
