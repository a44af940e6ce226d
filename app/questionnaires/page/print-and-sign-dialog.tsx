import { Button, Dialog } from "~/components/ui";
import type { SectionData } from "../types";
import * as s from "../questionnaire.css";
import { letterParagraphs } from "../letter";
import { LetterText } from "./letter";

/**
 * 'Print and Sign': the engagement letter as a plain page with a signature line per signer,
 * printed from a blank frame so nothing of the portal's screen comes along.
 */
export function PrintAndSignDialog({
  title,
  letter,
  signers,
  onClose,
}: {
  title: string;
  letter: string;
  signers: SectionData["signatures"];
  onClose: () => void;
}) {
  function print() {
    const frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.style.cssText = "position:fixed;width:0;height:0;border:0;right:0;bottom:0";
    document.body.appendChild(frame);
    const doc = frame.contentDocument;
    const win = frame.contentWindow;
    if (!doc || !win) return frame.remove();
    doc.title = title;
    const style = doc.createElement("style");
    style.textContent =
      "body{font:12pt/1.5 Georgia,serif;margin:2cm;color:#000}h1{font-size:16pt}p{white-space:pre-line;margin:0 0 1em}.sig{margin-top:2.5em;display:flex;gap:2em}.line{flex:1;border-top:1px solid #000;padding-top:4px}";
    doc.head.appendChild(style);
    const h1 = doc.createElement("h1");
    h1.textContent = title;
    doc.body.append(h1);
    for (const paragraph of letterParagraphs(letter)) {
      const p = doc.createElement("p");
      p.textContent = paragraph;
      doc.body.append(p);
    }
    for (const signer of signers.length ? signers : [{ userName: "" }]) {
      const row = doc.createElement("div");
      row.className = "sig";
      for (const label of [`Signature${signer.userName ? ` — ${signer.userName}` : ""}`, "Date"]) {
        const cell = doc.createElement("div");
        cell.className = "line";
        cell.textContent = label;
        row.appendChild(cell);
      }
      doc.body.appendChild(row);
    }
    win.focus();
    win.print();
    setTimeout(() => frame.remove(), 1000);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Print and Sign"
      description="Print the engagement letter, sign it by hand and send it to your firm."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={print}>Print</Button>
        </>
      }
    >
      <article aria-label="Engagement letter" className={s.entries}>
        <h3 className={s.sectionTitle}>{title}</h3>
        <LetterText text={letter} />
        {signers.map((signer) => (
          <div key={signer.id} className={s.printLine}>
            <span>Signature — {signer.userName}</span>
            <span>Date</span>
          </div>
        ))}
      </article>
    </Dialog>
  );
}
