/** The client dashboard's signature request cards (./cards.server.ts): status and the next step, linking to the signing page. */
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import * as s from "../client/cards.css";
import type { SignatureRequestCard } from "./cards.server";
import { requestStatusTone } from "./status-tone";

/** `home` is the dashboard loader's data (client-home.server.ts adds `signatureRequestCards`; the preview does not). */
export function SignatureRequestCards({ home }: { home: { selected: unknown; signatureRequestCards?: SignatureRequestCard[] } }) {
  const cards = home.signatureRequestCards ?? [];
  if (cards.length === 0) return null;
  return (
    <>
      {cards.map((card) => (
        <article key={card.id} className={s.card} aria-labelledby={`sr-${card.id}`} data-testid="signature-request-card">
          <div className={s.cardHead}>
            <div>
              <h2 className={s.cardTitle} id={`sr-${card.id}`}>
                <Link to={card.href} className={s.cardLink}>
                  {card.name}
                </Link>
              </h2>
              <p className={s.muted}>Signature request · Tax year {card.taxYear}</p>
            </div>
            <Badge tone={card.nextStep === "Sign" ? "brand" : requestStatusTone(card.status)}>{card.statusLabel}</Badge>
          </div>
          <div className={s.cardFoot}>
            <Button to={card.href} size="sm" variant={card.nextStep === "Sign" ? "primary" : "secondary"} aria-label={`${card.nextStep}: ${card.name}`}>
              {card.nextStep}
            </Button>
          </div>
        </article>
      ))}
    </>
  );
}
