import { letterParagraphs } from "../letter";
import * as s from "../questionnaire.css";

/** The engagement letter, readable: its paragraphs at body size, on a comfortable line length. */
export function LetterText({ text }: { text: string }) {
  return (
    <div className={s.letterBody}>
      {letterParagraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
