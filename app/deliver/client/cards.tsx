/** The client dashboard's tax return cards (./cards.server.ts): status and the next step, linking to the return's page. */
import { Link } from "~/components/ui/link";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { TaxReturnCard } from "./cards.server";
import * as s from "./cards.css";

const TONES: Record<string, BadgeTone> = {
  draft: "warning",
  change_requested: "info",
  approved: "info",
  sent: "brand",
  signed: "success",
  completed: "success",
  finished: "success",
  invoice_paid: "success",
  paid: "success",
};

export const statusTone = (status: string): BadgeTone => TONES[status] ?? "neutral";

/** `home` is the dashboard loader's data (client-home.server.ts adds `taxReturnCards`). */
export function TaxReturnCards({ home }: { home: { selected: unknown; taxReturnCards?: TaxReturnCard[] } }) {
  const cards = home.taxReturnCards ?? [];
  if (cards.length === 0) return null;
  return (
    <>
      {cards.map((card) => (
        <article key={card.id} className={s.card} aria-labelledby={`tr-${card.id}`} data-testid="tax-return-card">
          <div className={s.cardHead}>
            <div>
              <h2 className={s.cardTitle} id={`tr-${card.id}`}>
                <Link to={card.href} className={s.cardLink}>
                  {card.name}
                </Link>
              </h2>
              <p className={s.muted}>Tax return · Tax year {card.taxYear}</p>
            </div>
            <Badge tone={statusTone(card.status)}>{card.statusLabel}</Badge>
          </div>
          <div className={s.cardFoot}>
            <Button to={card.href} size="sm" variant={card.nextStep === "View" ? "secondary" : "primary"} aria-label={`${card.nextStep}: ${card.name}`}>
              {card.nextStep}
            </Button>
          </div>
        </article>
      ))}
    </>
  );
}
