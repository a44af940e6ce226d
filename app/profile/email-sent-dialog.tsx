import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import * as s from "./profile.css";

/** Shown after an email change is asked for: the address only changes once the link is confirmed. */
export function EmailSentDialog({ sentTo, currentEmail, onClose }: { sentTo: string | null; currentEmail: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={Boolean(sentTo)}
      onClose={onClose}
      size="sm"
      title="Confirmation email sent"
      footer={
        <Button variant="primary" onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <p className={s.muted}>
        We sent a confirmation email to <span className={s.strong}>{sentTo}</span>. Open the link in it within 24 hours to start using this address.
        {currentEmail ? (
          <>
            {" "}
            Until then, keep using <span className={s.strong}>{currentEmail}</span>.
          </>
        ) : null}
      </p>
    </Dialog>
  );
}
