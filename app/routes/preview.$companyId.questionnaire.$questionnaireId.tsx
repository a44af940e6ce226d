/**
 * /preview/{companyId}/questionnaire/{questionnaireId}?sectionId (#question{id}): an advisor sees
 * the client's questionnaire as the client does (admin-preview mode). Answers given here are mock
 * answers kept in the page; nothing is saved. Staff only: a client gets 404, and another firm's
 * ids are not found (row-level security). The one write here is the deposit: mark paid / unpaid.
 * Advisors of firms with the bulk upload processor split the client's uploaded PDFs from here
 * (through the document API, which checks again).
 */
import { data as answer, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useMemo } from "react";
import * as z from "zod";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { canSplitDocuments } from "~/documents/splits/split-rules";
import { Alert, Badge, Button, ShowToast } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { loadQuestionnaireForStaff, setDepositPaid } from "~/questionnaires/questionnaire.server";
import { QuestionnairePage } from "~/questionnaires/questionnaire-page";
import { depositOutstanding, MESSAGES } from "~/questionnaires/rules";
import { revalidateUnlessSectionMove } from "~/questionnaires/section-url";
import { todayIn } from "~/time-zones";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Preview: ${data.data.name}` : "Preview" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const data = await loadQuestionnaireForStaff(portal, staff, params.companyId ?? "", params.questionnaireId ?? "");
  if (!data) throw new Response("Not Found", { status: 404 });
  const prefs = portal.firm.preferences;
  return {
    data,
    today: todayIn(portal.firm.timeZone),
    userId: staff.id,
    // The client's view, but never read-only for reasons of the client: the advisor sees every control.
    readOnly: null,
    firstSectionRequired: prefs.firstSectionRequired,
    hideDocumentUploadsWithinSections: prefs.hideDocumentUploadsWithinSections,
    disableProvidedElsewhere: prefs.disableProvidedElsewhere,
    firmDisablesAnswerLater: prefs.disableAnswerLater,
    onePerSection: prefs.requireOneSignaturePerSection,
    initialSectionId: new URL(request.url).searchParams.get("sectionId"),
    viewerName: `${portal.firm.name} Team`,
    canMarkPaid: staff.isAdvisor,
    canSplit: canSplitDocuments(staff, prefs.bulkUploadProcessor),
  };
}

const depositSchema = z.object({ intent: z.enum(["mark_paid", "mark_unpaid"]) });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const parsed = depositSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return answer({ ok: false as const, error: "Malformed request" }, { status: 400 });
  const paid = parsed.data.intent === "mark_paid";
  try {
    const result = await setDepositPaid(portal, staff, params.companyId ?? "", params.questionnaireId ?? "", paid);
    return { ok: true as const, message: result.message, depositStatus: paid ? ("marked_paid" as const) : ("pending" as const) };
  } catch (error) {
    // The page shows the refusal in a toast (a form action, not a JSON route).
    if (isPortalError(error)) return answer({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

/** Marking the deposit, or moving between sections, keeps the advisor's mock answers: the page takes the new status from the action. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => (args.formMethod?.toUpperCase() === "POST" ? false : revalidateUnlessSectionMove(args));

export default function PreviewQuestionnaireRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { canMarkPaid, ...props } = loaded;
  const deposit = useFetcher<typeof action>();
  const reply = deposit.data;
  const depositStatus = reply?.ok ? reply.depositStatus : loaded.data.depositStatus;
  const data = useMemo(() => ({ ...loaded.data, depositStatus }), [loaded.data, depositStatus]);
  const amount = data.depositAmountCents ? `$${(data.depositAmountCents / 100).toFixed(2)}` : null;
  const outstanding = depositOutstanding(data);

  return (
    <FirmPage>
      <ShowToast toast={reply ? (reply.ok ? { type: "success", message: reply.message } : { type: "error", message: reply.error }) : null} />
      {amount && depositStatus ? (
        <Alert
          tone={outstanding ? "warning" : "success"}
          title={`Deposit ${amount}`}
          action={
            canMarkPaid && (outstanding || depositStatus === "marked_paid") ? (
              <deposit.Form method="post">
                <input type="hidden" name="intent" value={outstanding ? "mark_paid" : "mark_unpaid"} />
                <Button type="submit" size="sm" variant="secondary" loading={deposit.state !== "idle"}>
                  {outstanding ? "Mark as paid" : "Mark as unpaid"}
                </Button>
              </deposit.Form>
            ) : undefined
          }
        >
          <Badge tone={outstanding ? "warning" : "success"}>{DEPOSIT_LABEL[depositStatus]}</Badge>
        </Alert>
      ) : null}
      <QuestionnairePage key={data.id} mode="admin-preview" {...props} data={data} />
    </FirmPage>
  );
}

const DEPOSIT_LABEL = { paid: "Paid", marked_paid: "Marked paid", payment_pending: "Payment pending", pending: "Unpaid", unpaid: "Unpaid" } as const;

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Questionnaire not found" }} fallback={MESSAGES.loadFailed} back={{ to: "/", label: "Back" }} />;
}
