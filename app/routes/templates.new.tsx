/** /templates/new: a new firm-made template in the sections-and-questions editor. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
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
  const read = await readEditorTemplate(request);
  if (!read.ok) return data({ result: read.submission.reply() }, { status: 422 });
  const { createTemplate } = await import("~/templates/templates.server");
  await createTemplate(portal, user.id, read.template);
  return redirect("/templates?created=1");
}

export default function NewTemplatePage() {
  const acted = useActionData<typeof action>();
  return (
    <FirmPage>
      <PageHeader title="New template" back={{ to: "/templates", label: "Back to Templates" }} />
      <TemplateEditor initial={emptyTemplate()} lastResult={acted?.result} submitLabel="Create template" />
    </FirmPage>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary } from "~/templates/template-error";
