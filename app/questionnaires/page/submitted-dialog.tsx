import { useNavigate } from "@remix-run/react";
import { Button, Dialog } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { ActionReply } from "./types";

/** After submitting: thanks, and the next questionnaire to start if there is one. */
export function SubmittedDialog({ submitted }: { submitted: { next: ActionReply["next"] } | null }) {
  const t = useVocabulary();
  const navigate = useNavigate();
  return (
    <Dialog
      open={submitted !== null}
      onClose={() => navigate("/")}
      title={t("Thank you!")}
      description={t("Your questionnaire was submitted to your firm.")}
      footer={
        <>
          <Button variant="secondary" to="/">
            Back to Dashboard
          </Button>
          {submitted?.next ? <Button to={`/questionnaire/${submitted.next.hashId}?questionnaireId=${submitted.next.id}`}>Start the next item</Button> : null}
        </>
      }
    >
      {submitted?.next ? <p>{t(`Next: ${submitted.next.name}`)}</p> : null}
    </Dialog>
  );
}
