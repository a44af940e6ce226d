import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Badge, Button, TextField } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { formatDate, MESSAGES, signatureState } from "../rules";
import * as s from "../questionnaire.css";
import { agreementLetter } from "../letter";
import { LetterText } from "./letter";
import { PrintAndSignDialog } from "./print-and-sign-dialog";
import type { SectionBodyProps } from "./types";

export function Agreement(b: SectionBodyProps) {
  const t = useVocabulary();
  const [text, setText] = useState("");
  const { revalidate } = useRevalidator();
  const [printing, setPrinting] = useState(false);
  const signingDisabled = b.readOnly || b.mode === "admin-template";
  const advisor = b.mode !== "client";
  const letter = agreementLetter(b.section);
  return (
    <div className={s.entries}>
      {letter ? (
        <article aria-label="Engagement letter">
          <LetterText text={t(letter)} />
        </article>
      ) : null}
      {!b.props.data.hideSignaturePrintOption ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setPrinting(true)}>
            Print and Sign
          </Button>
        </div>
      ) : null}
      {b.section.signatures.length === 0 || (advisor && b.section.markedCompleted) ? <p className={s.muted}>{MESSAGES.signatureNotRequired}</p> : null}
      {b.mode === "admin-template" ? <p className={s.muted}>{t("Signing is turned off in a template preview.")}</p> : null}
      {printing ? (
        <PrintAndSignDialog title={t(b.section.name)} letter={letter ? t(letter) : ""} signers={b.section.signatures} onClose={() => setPrinting(false)} />
      ) : null}
      {b.section.signatures.map((sig) => {
        const state = signatureState(sig);
        const mine = sig.userId === b.props.userId;
        return (
          <div key={sig.id} className={`${s.question} ${s.signer}`}>
            <p className={s.questionText}>{sig.userName}</p>
            {state === "signed" ? (
              <>
                <span className={s.signature}>{sig.signature}</span>
                <p className={s.muted}>Signed {sig.signedAt ? formatDate(sig.signedAt) : ""}</p>
                {mine && !signingDisabled ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      void b.act({ intent: "remove_signature", sectionId: b.section.id, signatureId: sig.id }).then((r) => !r.error && revalidate())
                    }
                  >
                    Remove signature
                  </Button>
                ) : null}
              </>
            ) : state === "not_needed" ? (
              <Badge tone="neutral">Not Needed</Badge>
            ) : mine && !signingDisabled ? (
              <div className={s.row}>
                <TextField label="Type your full name to sign" value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={200} />
                <Button
                  disabled={text.trim() === ""}
                  onClick={() =>
                    void b
                      .act({ intent: "sign", sectionId: b.section.id, signatureId: sig.id, signature: text.trim(), clientTime: new Date().toString() })
                      .then((r) => !r.error && revalidate())
                  }
                >
                  Sign
                </Button>
              </div>
            ) : (
              <Badge tone="warning">Not signed yet</Badge>
            )}
          </div>
        );
      })}
    </div>
  );
}
