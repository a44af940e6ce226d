/** The firm setup checklist on Collect (./checklist.ts decides its steps and when it shows). */
import { useFetcher } from "@remix-run/react";
import { SendQuestionnaireButton } from "~/collect/send/send-dialog";
import { Button, Card, CheckIcon, ProgressBar, VisuallyHidden } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { useVocabulary } from "~/vocabulary";
import type { SetupStep } from "./checklist";
import * as s from "./setup.css";

export function SetupChecklist({ steps, onSent }: { steps: SetupStep[]; onSent?: () => void }) {
  const tr = useVocabulary();
  const dismiss = useFetcher();
  const done = steps.filter((step) => step.done).length;
  if (dismiss.state !== "idle" || dismiss.data) return null;
  return (
    <Card
      title="Set up your firm"
      description={`${done} of ${steps.length} done. Each step ticks itself as you go.`}
      aria-label="Set up your firm"
      className={s.card}
      actions={
        <dismiss.Form method="post" action="/?index">
          <input type="hidden" name="intent" value="dismiss-setup-guide" />
          <Button type="submit" variant="ghost" size="sm">
            Dismiss
          </Button>
        </dismiss.Form>
      }
    >
      <ProgressBar value={done} max={steps.length} label="Setup progress" hideLabel className={s.progress} />
      <ol className={s.steps}>
        {steps.map((step, i) => (
          <li key={step.id} className={s.step} data-step={step.id} data-done={step.done ? "" : undefined}>
            <span className={cx(s.mark, step.done && s.markDone)} aria-hidden="true">
              {step.done ? <CheckIcon size={14} /> : i + 1}
            </span>
            <span className={s.body}>
              <span className={cx(s.title, step.done && s.titleDone)}>
                {tr(step.title)}
                {step.done ? <VisuallyHidden> (done)</VisuallyHidden> : null}
              </span>
              {step.done ? null : <span className={s.description}>{tr(step.description)}</span>}
            </span>
            {step.done ? null : step.id === "questionnaire" ? (
              <SendQuestionnaireButton label={tr(step.action)} size="sm" variant="secondary" onSent={onSent} />
            ) : (
              <Button to={step.to} size="sm" variant="secondary">
                {tr(step.action)}
              </Button>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
