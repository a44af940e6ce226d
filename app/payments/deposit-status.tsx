import { Pill } from "~/components/ui";
import type { DepositFacts } from "~/questionnaires/rules";
import { depositView } from "./rules";

/** Staff screens (Collect): the deposit's amount and status, from the same function as the client's page. */
export function DepositStatus({ depositStatus, depositAmountCents }: { depositStatus: string | null; depositAmountCents: number | null }) {
  const view = depositView({ depositStatus: depositStatus as DepositFacts["depositStatus"], depositAmountCents });
  if (!view.status) return null;
  return (
    <span data-testid="collect-deposit">
      Deposit {view.amount}: <Pill tone={view.tone}>{view.label}</Pill>
    </span>
  );
}
