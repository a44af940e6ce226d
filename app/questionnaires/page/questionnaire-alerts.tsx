import { Alert } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import type { QuestionnaireData } from "../types";
import { depositOutstanding, MESSAGES, READ_ONLY_MESSAGES, type PortalMode, type ReadOnlyReason } from "../rules";

/** Above the sections: template and preview banners, why the page is read-only, PDFs being split and the deposit due. */
export function QuestionnaireAlerts({
  data,
  mode,
  readOnly,
  splitsProcessing,
}: {
  data: QuestionnaireData;
  mode: PortalMode;
  readOnly: ReadOnlyReason | null;
  splitsProcessing: boolean;
}) {
  const t = useVocabulary();
  return (
    <>
      {mode === "admin-template" ? <Alert tone="info">{MESSAGES.templateBanner}</Alert> : null}
      {mode === "admin-preview" ? <Alert tone="info">{t("Preview: answers you give here are not saved.")}</Alert> : null}
      {readOnly ? <Alert tone="warning">{READ_ONLY_MESSAGES[readOnly]}</Alert> : null}
      {splitsProcessing ? (
        <Alert tone="info" role="status">
          {SPLIT_MESSAGES.started}
        </Alert>
      ) : null}
      {depositOutstanding({ depositStatus: data.depositStatus, depositAmountCents: data.depositAmountCents }) ? (
        <Alert tone="warning" title={`Deposit due: $${((data.depositAmountCents ?? 0) / 100).toFixed(2)}`}>
          Online payment isn&apos;t available yet. Please contact your firm to pay the deposit; they will mark it paid. You can submit once it is paid.
        </Alert>
      ) : null}
    </>
  );
}
