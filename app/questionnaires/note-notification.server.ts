/**
 * The questionnaire's advisor hears of the client's notes on its questions: one email per note,
 * however often the client writes.
 *
 * `notify-advisor-of-notes` { firmId, questionnaireId }
 *   Sent when a client adds a note, to start a minute later (NOTE_EMAIL_DELAY_MS), with the
 *   questionnaire as singleton key on a `short` queue: notes written within that minute wait for
 *   the same job and go out in one email. The job claims the questionnaire's client notes not yet
 *   emailed (notified_at, set in the same statement), so a note is never emailed twice, whether two
 *   jobs run or the job is retried.
 *
 * Who: the advisor assigned to the entity's primary owner, in their notification panel and by email. Advisors cannot turn off notifications
 * for entities of users assigned to them (staff spec §5 Notifications), so no subscription is
 * read; the email counts as a questionnaire notification (type id 3, §3). Nobody is emailed when
 * the owner has no advisor, or the advisor is deactivated, deleted or has no real email address.
 * Without a running queue (scripts, tests) the email is sent at once.
 */
import { firmDb, type FirmTx } from "~/db.server";
import { notifyNow } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { siteUrl } from "~/env.server";
import { enqueue, jobsRunning, type JobDefinition } from "~/jobs.server";
import { createVocabulary } from "~/vocabulary";
import { noteNotificationEmail } from "./note-notification";

export const NOTIFY_ADVISOR_OF_NOTES = "notify-advisor-of-notes";
/** Notes written within this long of the first one share its email. */
export const NOTE_EMAIL_DELAY_MS = 60_000;
/** Spec §3 notification type id of these emails: questionnaire. */
export const NOTE_NOTIFICATION_TYPE = 3;

interface NoteJob {
  firmId: string;
  questionnaireId: string;
}

export function noteNotificationJobs(): JobDefinition[] {
  return [
    {
      name: NOTIFY_ADVISOR_OF_NOTES,
      queue: { policy: "short", retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
      run: async (data) => {
        const job = data as NoteJob;
        return { sent: await notifyAdvisorOfNotes(job.firmId, job.questionnaireId) };
      },
    },
  ];
}

/** After a client's note is committed: the advisor's email, a minute later (or now, without a queue). */
export async function scheduleNoteEmail(firmId: string, questionnaireId: string): Promise<void> {
  try {
    if (jobsRunning()) {
      await enqueue(NOTIFY_ADVISOR_OF_NOTES, { firmId, questionnaireId } satisfies NoteJob, {
        singletonKey: `notes:${questionnaireId}`,
        startAfter: new Date(Date.now() + NOTE_EMAIL_DELAY_MS),
      });
      return;
    }
    await notifyAdvisorOfNotes(firmId, questionnaireId);
  } catch (error) {
    // The note is saved; a lost email must not fail the client's action.
    console.error(`[notes] questionnaire ${questionnaireId} firm ${firmId}: advisor not notified (${error instanceof Error ? error.message : String(error)})`);
  }
}

interface ClaimedNote {
  id: string;
  body: string;
  question_id: string;
  question_text: string;
  section_id: string;
  author: string;
}

/** Emails the advisor the questionnaire's client notes not emailed yet; whether an email went out. */
export async function notifyAdvisorOfNotes(firmId: string, questionnaireId: string): Promise<boolean> {
  const db = firmDb(firmId);
  const found = await db.$transaction(async (tx: FirmTx) => {
    const questionnaire = await tx.questionnaire.findFirst({
      where: { id: questionnaireId, deletedAt: null },
      select: {
        id: true,
        name: true,
        taxYear: true,
        companyId: true,
        company: {
          select: {
            name: true,
            primaryOwner: {
              select: {
                assignedAdvisor: { select: { id: true, email: true, fname: true, kind: true, paying: true, deletedAt: true, hasTempEmail: true } },
              },
            },
          },
        },
      },
    });
    if (!questionnaire) return null;
    // Claimed whether or not anyone is emailed: a note is only ever announced once.
    const notes = await tx.$queryRaw<ClaimedNote[]>`
      UPDATE question_comments c SET notified_at = now()
        FROM questions q, users u
       WHERE q.firm_id = c.firm_id AND q.id = c.question_id AND q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL
         AND u.firm_id = c.firm_id AND u.id = c.author_id AND u.kind = 'client'
         AND c.notified_at IS NULL AND c.reply_to_id IS NULL AND NOT c.from_firm_user AND NOT c.removed AND c.deleted_at IS NULL
      RETURNING c.id, c.body, q.id AS question_id, q.text AS question_text, q.section_id,
                coalesce(nullif(u.preferred_name, ''), trim(u.fname || ' ' || u.lname)) AS author`;
    const firm = await tx.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } });
    const vocabulary = await tx.firmVocab.findMany({ select: { keyWord: true, replacement: true } });
    return notes.length && firm ? { questionnaire, notes, firm, vocabulary } : null;
  });
  if (!found) return false;
  const { questionnaire, notes, firm, vocabulary } = found;
  const advisor = questionnaire.company.primaryOwner?.assignedAdvisor;
  if (!advisor || advisor.kind !== "staff" || !advisor.paying || advisor.deletedAt) return false;
  const first = notes[0]!;
  const link = `${siteUrl(firm.slug)}/preview/${encodeURIComponent(questionnaire.companyId)}/questionnaire/${encodeURIComponent(questionnaire.id)}?${new URLSearchParams({ sectionId: first.section_id })}#question${first.question_id}`;
  const email = noteNotificationEmail(
    {
      advisorFname: advisor.fname,
      authors: [...new Set(notes.map((n) => n.author))],
      notes: notes.map((n) => ({ questionText: n.question_text, author: n.author, body: n.body })),
      taxYear: questionnaire.taxYear,
      questionnaireName: questionnaire.name,
      entityName: questionnaire.company.name,
      url: link,
    },
    createVocabulary(vocabulary),
  );
  // In the advisor's notification panel too (notify emails only a real address).
  const told = await notifyNow(
    { firm: { id: firm.id, name: firm.name }, db },
    {
      typeId: NOTIFICATION_TYPE.questionnaire,
      userIds: [advisor.id],
      text: email.subject,
      link: link.slice(siteUrl(firm.slug).length),
      clientName: [...new Set(notes.map((n) => n.author))].join(", "),
      companyId: questionnaire.companyId,
      email: { subject: email.subject, text: email.text },
    },
  );
  return told.emailed.length > 0;
}
