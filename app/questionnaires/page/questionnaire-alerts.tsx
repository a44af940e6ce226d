import { Alert } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import type { QuestionnaireData } from "../types";
import { DepositPayment } from "~/payments/deposit-payment";
import { MESSAGES, READ_ONLY_MESSAGES, type PortalMode, type ReadOnlyReason } from "../rules";

/** Above the sections: template and preview banners, why the page is read-only, PDFs being split and the deposit due. */
export function QuestionnaireAlerts({
  data,
  mode,
  readOnly,
  splitsProcessing,
  cardPayments,
  userReadonly,
}: {
  data: QuestionnaireData;
  mode: PortalMode;
  readOnly: ReadOnlyReason | null;
  splitsProcessing: boolean;
  cardPayments?: boolean;
  userReadonly: boolean;
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
      <DepositPayment
        variant="banner"
        facts={{ depositStatus: data.depositStatus, depositAmountCents: data.depositAmountCents }}
        questionnaireId={data.id}
        companyHash={data.company.hashId}
        connected={mode === "client" ? cardPayments : undefined}
        disabled={mode !== "client" || userReadonly || data.company.readonlyAccess}
      />
    </>
  );
}
