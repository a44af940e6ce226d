/**
 * Scheduled and bulk sends run in the background (pg-boss, app/jobs.server.ts).
 *
 * `run-template-scheduler` { firmId, schedulerId, runOn }
 *   Sends one run of a template scheduler: the template to every entity of the scheduler, in
 *   chunks of SEND_CHUNK entities (RUN_CONCURRENCY at a time), each chunk one transaction that
 *   holds the scheduler's row FOR SHARE and an advisory lock on (run, chunk), and skips the
 *   entities that already got this run's questionnaire. A unique index on (scheduler, entity,
 *   run date) backs that up. So a run is sent exactly once
 *   per entity, even when two servers work the same run at once or a worker dies mid-run and the
 *   job is retried: the retry finishes what is missing. After the last chunk the scheduler moves
 *   to its next run date (none for `once`: it is then inactive). Entities that became inactive or
 *   were deleted since scheduling are skipped.
 *   Queue policy `stately`, singleton key scheduler:runOn: one waiting and one running job per run.
 *
 * `sweep-template-schedulers`
 *   Every minute (once across all servers) enqueues the runs that are due, via
 *   `portal_due_template_schedulers` (a SECURITY DEFINER function returning only firm, id and
 *   next run; migration template_scheduler_runs).
 */
import { firmDb, withFirm } from "~/db.server";
import { env } from "~/env.server";
import { loadFirmSettings } from "~/firms/firm-settings.server";
import type { EnqueueOptions, JobContext, JobDefinition } from "~/jobs.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { addQuestionnaire, emptyRows, findEntities, runDueDate, toTargets, writeRows } from "~/questionnaires/builder.server";
import type { ItemInput } from "./rules";
import { nextRunDate, runDateOf, runInstant, type Frequency } from "./schedule";
import { dispatchAll, firmForSend, loadTemplateContent, SEND_CHUNK, templatePlan, type SendScope } from "./send-plan.server";

export const RUN_TEMPLATE_SCHEDULER = "run-template-scheduler";
export const SWEEP_TEMPLATE_SCHEDULERS = "sweep-template-schedulers";
/** Chunks of a run written side by side (each its own transaction and connection). */
const RUN_CONCURRENCY = 3;

export interface SchedulerRunJob {
  firmId: string;
  schedulerId: string;
  /** The run's date (YYYY-MM-DD, UTC date of the scheduler's next_run_at). */
  runOn: string;
}

export function runJobOptions(schedulerId: string, runOn: string): EnqueueOptions {
  return { singletonKey: `${schedulerId}:${runOn}` };
}

export function sendJobs(): JobDefinition[] {
  return [
    {
      name: RUN_TEMPLATE_SCHEDULER,
      // 1,000 entities take well under a minute; a job running 10 minutes belongs to a dead worker.
      queue: { policy: "stately", retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 600 },
      batchSize: 2,
      run: (data) => runSchedulerJob(data),
    },
    {
      name: SWEEP_TEMPLATE_SCHEDULERS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60 },
      everySeconds: 60,
      run: (_data, context) => sweepTemplateSchedulers(context),
    },
  ];
}

async function runSchedulerJob(data: unknown): Promise<object> {
  const { firmId, schedulerId, runOn } = (data ?? {}) as Record<string, unknown>;
  if (typeof firmId !== "string" || typeof schedulerId !== "string" || typeof runOn !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(runOn))
    return { skipped: "invalid job data" };
  return runTemplateScheduler({ firmId, schedulerId, runOn });
}

/** Enqueues every due run (across firms); returns how many were due and how many were new jobs. */
export async function sweepTemplateSchedulers(context: JobContext, limit = 500): Promise<{ due: number; enqueued: number }> {
  const due = await context.sql<{ firmId: string; id: string; nextRunAt: Date }>(
    `SELECT firm_id AS "firmId", id, next_run_at AS "nextRunAt" FROM portal_due_template_schedulers($1)`,
    [limit],
  );
  let enqueued = 0;
  for (const row of due) {
    const runOn = runDateOf(new Date(row.nextRunAt));
    if (await context.send(RUN_TEMPLATE_SCHEDULER, { firmId: row.firmId, schedulerId: row.id, runOn }, runJobOptions(row.id, runOn))) enqueued += 1;
  }
  return { due: due.length, enqueued };
}

function firmOrigin(settings: { slug: string; customDomain: string | null }): string {
  const { APP_PROTOCOL, APP_DOMAIN } = env();
  return `${APP_PROTOCOL}://${settings.customDomain ?? `${settings.slug}.${APP_DOMAIN}`}`;
}

export interface RunOutcome {
  sent: number;
  skipped: number;
  next: string | null;
  status: "done" | "not-due" | "inactive";
}

/**
 * Runs one scheduler's run `runOn` to completion (idempotent: see the module comment). Returns
 * what it sent; "not-due" when the scheduler already moved past this run.
 */
export async function runTemplateScheduler(job: SchedulerRunJob): Promise<RunOutcome> {
  const settings = await loadFirmSettings(job.firmId);
  if (!settings) return { sent: 0, skipped: 0, next: null, status: "inactive" };
  const db = firmDb(job.firmId);
  const scheduler = await db.templateScheduler.findFirst({ where: { id: job.schedulerId }, include: { companies: { select: { companyId: true } } } });
  if (!scheduler || !scheduler.active) return { sent: 0, skipped: 0, next: null, status: "inactive" };
  if (!scheduler.nextRunAt || runDateOf(scheduler.nextRunAt) !== job.runOn) return { sent: 0, skipped: 0, next: null, status: "not-due" };

  const scope: SendScope = { firm: settings, db, origin: firmOrigin(settings) };
  const template = await withFirm(job.firmId, (tx) => loadTemplateContent(tx, scheduler.templateId));
  if (!template) {
    await db.templateScheduler.update({ where: { id: scheduler.id }, data: { active: false, nextRunAt: null } });
    return { sent: 0, skipped: scheduler.companies.length, next: null, status: "inactive" };
  }
  const plan = templatePlan(
    template,
    {
      taxYear: scheduler.taxYear,
      dueDate: runDueDate({
        frequency: scheduler.frequency,
        dueDate: scheduler.dueDate?.toISOString().slice(0, 10) ?? null,
        daysUntilDue: scheduler.daysUntilDue,
        runOn: job.runOn,
      }),
      isDraft: scheduler.isDraft,
      schedulerId: scheduler.id,
      runOn: job.runOn,
      createdById: scheduler.createdById,
    },
    {
      includePriorYearItems: scheduler.includePriorYearItems,
      showUploadsAsDocumentChecklist: scheduler.showUploadsAsDocumentChecklist,
      allOwnerSignatureRequired: scheduler.allOwnerSignatureRequired,
      updateProfileSection: scheduler.updateProfileSection,
      documentPopoutChecklistEnabled: scheduler.documentPopoutChecklistEnabled,
      depositAmountCents: scheduler.depositRequired ? scheduler.depositAmountCents : null,
      extraQuestions: Array.isArray(scheduler.extraQuestions) ? (scheduler.extraQuestions as unknown as ItemInput[]) : [],
    },
    settings.preferences.removePleaseUploadForRolloverItems,
  );
  const firm = firmForSend(scope);
  const companyIds = scheduler.companies.map((c) => c.companyId).sort();
  const runOnDate = new Date(`${job.runOn}T00:00:00Z`);
  let sent = 0;
  let skipped = 0;

  const chunks: string[][] = [];
  for (let i = 0; i < companyIds.length; i += SEND_CHUNK) chunks.push(companyIds.slice(i, i + SEND_CHUNK));
  let stopped = false;

  // A chunk: one transaction. FOR SHARE on the scheduler (chunks run side by side; the scheduler
  // can't move to its next run meanwhile), and an advisory lock on this run's chunk, so a second
  // worker on the same chunk waits, then sees the first one's questionnaires and skips them.
  const runChunk = async (index: number) => {
    const chunk = chunks[index]!;
    const outcome = await withFirm(
      job.firmId,
      async (tx) => {
        const locked = await tx.$queryRaw<
          { next_run_at: Date | null; active: boolean }[]
        >`SELECT next_run_at, active FROM template_schedulers WHERE id = ${scheduler.id} FOR SHARE`;
        if (!locked[0]?.active || !locked[0].next_run_at || runDateOf(locked[0].next_run_at) !== job.runOn) return null;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`send:${scheduler.id}:${job.runOn}:${index}`}, 0))`;
        const done = await tx.questionnaire.findMany({
          where: { templateSchedulerId: scheduler.id, scheduledRunOn: runOnDate, companyId: { in: chunk } },
          select: { companyId: true },
        });
        const have = new Set(done.map((q) => q.companyId));
        const entities = (
          await findEntities(
            tx,
            chunk.filter((id) => !have.has(id)),
          )
        ).filter((e) => !e.deletedAt && !e.inactive && e.entityType !== UNASSIGNED_ENTITY_TYPE);
        const targets = await toTargets(tx, entities, {
          taxYear: plan.taxYear,
          includePriorYearItems: plan.includePriorYearItems,
          allOwnerSignatureRequired: plan.allOwnerSignatureRequired,
        });
        const rows = emptyRows();
        const now = new Date();
        for (const target of targets) addQuestionnaire(rows, firm, plan, target, now);
        const messages = await writeRows(tx, rows);
        return { messages, sent: targets.length, skipped: chunk.length - have.size - targets.length };
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
    if (!outcome) {
      stopped = true;
      return;
    }
    sent += outcome.sent;
    skipped += outcome.skipped;
    await dispatchAll(scope, outcome.messages);
  };
  let next = 0;
  const lane = async () => {
    while (!stopped && next < chunks.length) await runChunk(next++);
  };
  await Promise.all(Array.from({ length: Math.min(RUN_CONCURRENCY, chunks.length) }, lane));
  if (stopped) return { sent, skipped, next: null, status: "not-due" };

  // Move on to the next run (once per run: only if nobody did already).
  const following = nextRunDate(scheduler.frequency as Frequency, scheduler.firstScheduledDate.toISOString().slice(0, 10), job.runOn);
  await withFirm(job.firmId, async (tx) => {
    const locked = await tx.$queryRaw<{ next_run_at: Date | null }[]>`SELECT next_run_at FROM template_schedulers WHERE id = ${scheduler.id} FOR UPDATE`;
    if (!locked[0]?.next_run_at || runDateOf(locked[0].next_run_at) !== job.runOn) return;
    await tx.templateScheduler.update({
      where: { id: scheduler.id },
      data: { lastRunAt: new Date(), nextRunAt: following ? runInstant(following) : null, active: following !== null },
    });
  });
  if (sent > 0)
    console.info(
      `[send] scheduler ${scheduler.id} firm ${job.firmId} run ${job.runOn}: ${sent} sent, ${skipped} skipped${following ? `, next ${following}` : ""}`,
    );
  return { sent, skipped, next: following, status: "done" };
}
