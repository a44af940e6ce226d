import { Button } from "~/components/ui/button";
import { PublicShell } from "~/components/shell";
import * as s from "./marketing.css";

const FEATURES = [
  {
    title: "Questionnaires clients finish",
    body: "Organizers that save as clients type, remind them on your schedule, and show you exactly what's still missing.",
  },
  {
    title: "Documents without email attachments",
    body: "Clients upload straight from their phone into the right folder. Everything is encrypted in transit and stored per firm.",
  },
  {
    title: "Review, sign and pay",
    body: "Deliver draft returns for approval, collect e-signatures and payments, and keep a full activity log for every client.",
  },
  {
    title: "Your brand, your address",
    body: "Your firm's own subdomain, logo, colours and vocabulary. Clients see your practice, not ours.",
  },
];

/** The product's public site on the root domain. */
export function MarketingHome() {
  return (
    <PublicShell>
      <section className={s.hero} aria-labelledby="hero-title">
        <p className={s.eyebrow}>Client portal for tax and accounting firms</p>
        <h1 id="hero-title" className={s.heroTitle}>
          Collect everything for this tax season in one secure, branded portal.
        </h1>
        <p className={s.heroLead}>
          Send organizers, gather documents, deliver returns for review and signature, and message clients, all on your firm's own subdomain.
        </p>
        <div className={s.heroActions}>
          <Button to="/create-firm" variant="primary" size="lg">
            Sign up your firm
          </Button>
          <span className={s.heroNote}>Set up in two minutes. Your portal is ready at once.</span>
        </div>
      </section>
      <section className={s.features} aria-label="What the portal does">
        {FEATURES.map((f) => (
          <article key={f.title} className={s.feature}>
            <h2 className={s.featureTitle}>{f.title}</h2>
            <p className={s.featureBody}>{f.body}</p>
          </article>
        ))}
      </section>
    </PublicShell>
  );
}
