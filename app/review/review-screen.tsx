/**
 * The review screen of one questionnaire (/review-and-export/{questionnaireId}): each answered
 * question (section, question, answer, the client's notes) and each uploaded document (in the
 * firm's document export order), each with a 'Reviewed' switch; the progress 'n of m reviewed'
 * (`reviewProgress`, the one count); 'Mark all reviewed'; 'Export reviewed' (the export dialog
 * restricted to the reviewed items) and 'Export all'. Staff who aren't advisors see the switches
 * disabled. Changes go to POST /api/staff/review/{id}; the answer is the screen as it now is.
 */
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Card, EmptyState, PageHeader, Switch, useToast } from "~/components/ui";
import { ExportDialog } from "~/exports/export-dialog";
import type { ReviewScreen } from "./review.server";
import * as s from "./review.css";
import { markKey, progressText, REVIEW_TEXT, reviewProgress, type ReviewAction, type ReviewItemKind, type ReviewQuestion } from "./rules";

function bySection(questions: readonly ReviewQuestion[]): [string, ReviewQuestion[]][] {
  const groups: [string, ReviewQuestion[]][] = [];
  for (const q of questions) {
    const last = groups[groups.length - 1];
    if (last && last[0] === q.section) last[1].push(q);
    else groups.push([q.section, [q]]);
  }
  return groups;
}

export function ReviewScreenPage({ initial }: { initial: ReviewScreen }) {
  const toast = useToast();
  const [screen, setScreen] = useState(initial);
  const [marked, setMarked] = useState(() => new Set(initial.marked));
  const [pending, setPending] = useState<Set<string>>(new Set());
  const [busyAll, setBusyAll] = useState(false);
  const [exporting, setExporting] = useState<null | "reviewed" | "all">(null);
  const { items, questionnaire, canMark } = screen;
  const progress = reviewProgress(items, marked);
  const total = progress.total;

  async function send(action: ReviewAction): Promise<ReviewScreen | null> {
    try {
      const response = await apiFetch(`/api/staff/review/${encodeURIComponent(questionnaire.id)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(action),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        toast.error(response.status < 500 && body?.error ? body.error : REVIEW_TEXT.saveFailed);
        return null;
      }
      return (await response.json()) as ReviewScreen;
    } catch {
      toast.error(REVIEW_TEXT.saveFailed);
      return null;
    }
  }

  // Leaving while a mark is being saved asks first (the browser's own "Leave site?").
  const saving = pending.size > 0 || busyAll;
  useEffect(() => {
    if (!saving) return;
    const hold = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", hold);
    return () => window.removeEventListener("beforeunload", hold);
  }, [saving]);

  /**
   * Changes go to the server one after another, in the order they were made, so the server's
   * answer to the last one is the screen as it now is. Until then each switch shows what was asked.
   */
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const waiting = useRef(0);
  function inTurn(action: ReviewAction): Promise<ReviewScreen | null> {
    waiting.current += 1;
    const answer = queue.current.then(() => send(action));
    queue.current = answer;
    return answer.finally(() => (waiting.current -= 1));
  }

  function apply(next: ReviewScreen) {
    setScreen(next);
    setMarked(new Set(next.marked));
  }

  function setOne(key: string, reviewed: boolean) {
    setMarked((m) => {
      const copy = new Set(m);
      if (reviewed) copy.add(key);
      else copy.delete(key);
      return copy;
    });
  }

  async function toggle(kind: ReviewItemKind, id: string, reviewed: boolean) {
    const key = markKey(kind, id);
    setOne(key, reviewed);
    setPending((p) => new Set(p).add(key));
    const next = await inTurn({ intent: "mark", itemKind: kind, itemId: id, reviewed });
    setPending((p) => {
      const copy = new Set(p);
      copy.delete(key);
      return copy;
    });
    if (!next) setOne(key, !reviewed);
    // An answer while later changes wait would turn their switches back: the last one's says it all.
    else if (waiting.current === 0) apply(next);
  }

  async function markAll() {
    setBusyAll(true);
    const next = await inTurn({ intent: "mark_all" });
    setBusyAll(false);
    if (next) {
      if (waiting.current === 0) apply(next);
      toast.success(REVIEW_TEXT.allMarked);
    }
  }

  const reviewSwitch = (kind: ReviewItemKind, id: string, label: string) => {
    const key = markKey(kind, id);
    return (
      <Switch
        label={REVIEW_TEXT.reviewed}
        aria-label={`${REVIEW_TEXT.reviewed}: ${label}`}
        checked={marked.has(key)}
        disabled={!canMark || pending.has(key) || busyAll}
        onChange={(e) => void toggle(kind, id, e.currentTarget.checked)}
      />
    );
  };

  return (
    <>
      <PageHeader
        back={{ to: "/review-and-export", label: "Back to Review and export" }}
        eyebrow={`${questionnaire.entityName} · ${questionnaire.taxYear}`}
        title={questionnaire.name}
      />
      <div className={s.toolbar} role="toolbar" aria-label="Review">
        <p className={s.progress} role="status" aria-live="polite">
          {progressText(progress)}
        </p>
        {canMark ? (
          <Button
            variant="secondary"
            onClick={() => void markAll()}
            loading={busyAll}
            disabled={total === 0 || progress.reviewed === total || pending.size > 0}
          >
            {REVIEW_TEXT.markAll}
          </Button>
        ) : null}
        {canMark ? (
          <Button
            onClick={() => setExporting("reviewed")}
            disabled={progress.reviewed === 0}
            title={progress.reviewed === 0 ? REVIEW_TEXT.nothingReviewed : undefined}
          >
            {REVIEW_TEXT.exportReviewed}
          </Button>
        ) : null}
        {canMark ? (
          <Button variant="secondary" onClick={() => setExporting("all")}>
            {REVIEW_TEXT.exportAll}
          </Button>
        ) : null}
      </div>
      {!canMark ? (
        <Alert tone="info" style={{ marginBottom: 16 }}>
          {REVIEW_TEXT.advisorsOnly}
        </Alert>
      ) : null}
      {total === 0 ? (
        <Card>
          <EmptyState title="Nothing to review" description={REVIEW_TEXT.emptyItems} />
        </Card>
      ) : (
        <div className={s.cards}>
          {items.questions.length ? (
            <Card padding="none" title="Answers" description={`${items.questions.length} answered ${items.questions.length === 1 ? "question" : "questions"}`}>
              {bySection(items.questions).map(([section, questions], i) => (
                <section key={`${section}-${i}`} aria-label={section}>
                  <h3 className={s.sectionHeading}>{section}</h3>
                  <ul className={s.list}>
                    {questions.map((q) => (
                      <li key={q.id} className={s.item}>
                        <div>
                          <p className={s.question}>
                            {q.number} {q.question}
                          </p>
                          <p className={s.answer}>{q.answer}</p>
                          {q.notes.map((n, j) => (
                            <p key={j} className={s.note}>
                              Client note: {n}
                            </p>
                          ))}
                        </div>
                        {reviewSwitch("question", q.id, q.question)}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </Card>
          ) : null}
          {items.documents.length ? (
            <Card padding="none" title="Documents" description="In your firm's document export order">
              <ul className={s.list}>
                {items.documents.map((d) => (
                  <li key={d.id} className={s.item}>
                    <div>
                      <p className={s.question}>{d.name}</p>
                      <p className={s.note}>
                        {d.documentType ? `${d.documentType} · ` : ""}
                        {d.path}
                      </p>
                    </div>
                    {reviewSwitch("document", d.id, d.name)}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      )}
      {exporting ? <ExportDialog questionnaireIds={[questionnaire.id]} reviewedOnly={exporting === "reviewed"} onClose={() => setExporting(null)} /> : null}
    </>
  );
}
