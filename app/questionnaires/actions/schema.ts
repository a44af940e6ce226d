/**
 * The client's actions on a questionnaire (POST /api/questionnaires/{companyHash}) and what they
 * answer. Each intent has its handler in this folder (see perform.server.ts).
 */
import * as z from "zod";
import type { UploadedFileState } from "~/documents/splits/split-rules";
import type { createUploadGrant } from "~/storage.server";
import { CHANGE_REQUEST_MAX, MESSAGES } from "../rules";
import type { QuestionData, SectionDocumentData, SignatureData } from "../types";

const id = z.string().min(1).max(64);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a valid date.");

export const questionnaireActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), questionnaireId: id, questionId: id, answer: z.string().max(20_000, "Your answer is too long.") }),
  z.object({ intent: z.literal("answer_later"), questionnaireId: id, questionId: id, answerBy: isoDate }),
  z.object({ intent: z.literal("answer_now"), questionnaireId: id, questionId: id }),
  z.object({
    intent: z.literal("special"),
    questionnaireId: id,
    questionId: id,
    special: z.enum(["not_applicable", "provided_elsewhere", "marked_completed"]),
  }),
  z.object({ intent: z.literal("undo"), questionnaireId: id, questionId: id }),
  z.object({ intent: z.literal("add_entry"), questionnaireId: id, questionId: id }),
  z.object({ intent: z.literal("remove_entry"), questionnaireId: id, questionId: id, entryNumber: z.number().int().min(1).max(999) }),
  z.object({
    intent: z.literal("save_entry"),
    questionnaireId: id,
    questionId: id,
    entryNumber: z.number().int().min(1).max(999),
    values: z.record(z.string(), z.string().max(2000)),
  }),
  z.object({
    intent: z.literal("upload_grant"),
    questionnaireId: id,
    questionId: id,
    fileName: z.string().min(1).max(255),
    contentType: z.string().min(1).max(100),
  }),
  z.object({
    intent: z.literal("upload_confirm"),
    questionnaireId: id,
    questionId: id,
    key: z.string().min(1).max(1024),
    contentType: z.string().min(1).max(100),
    option: z.string().max(500).optional(),
    fileName: z.string().min(1).max(255).optional(),
  }),
  z.object({ intent: z.literal("upload_remove"), questionnaireId: id, questionId: id, key: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("add_note"), questionnaireId: id, questionId: id, body: z.string().trim().min(1, "Please enter a note.").max(2000) }),
  z.object({ intent: z.literal("open_section"), questionnaireId: id, sectionId: id }),
  z.object({ intent: z.literal("complete_section"), questionnaireId: id, sectionId: id }),
  z.object({
    intent: z.literal("sign"),
    questionnaireId: id,
    sectionId: id,
    signatureId: id,
    signature: z.string().trim().min(1, MESSAGES.signatureRequired).max(200),
    clientTime: z.string().max(100).optional(),
  }),
  z.object({ intent: z.literal("remove_signature"), questionnaireId: id, sectionId: id, signatureId: id }),
  z.object({ intent: z.literal("submit"), questionnaireId: id, agreed: z.boolean() }),
  z.object({
    intent: z.literal("document_url"),
    questionnaireId: id,
    sectionId: id,
    copy: z.enum(["original", "signed"]).default("original"),
    download: z.boolean().default(false),
  }),
  z.object({ intent: z.literal("file_url"), questionnaireId: id, questionId: id, key: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("upload_states"), questionnaireId: id }),
  z.object({ intent: z.literal("approve_review"), questionnaireId: id, sectionId: id }),
  z.object({ intent: z.literal("request_changes"), questionnaireId: id, sectionId: id, reason: z.string().max(CHANGE_REQUEST_MAX + 1000) }),
]);
export type QuestionnaireAction = z.infer<typeof questionnaireActionSchema>;

export interface SectionPatch {
  id: string;
  markedCompleted: boolean;
  changesRequested?: string | null;
  signatures?: SignatureData[];
  signedDocument?: SectionDocumentData | null;
}

export interface ActionResult {
  ok: true;
  message?: string;
  /** The question as saved (answer, answerBy, specialAnswer, entries). */
  question?: Pick<QuestionData, "id" | "answer" | "answerBy" | "specialAnswer"> & { entries?: QuestionData["entries"] };
  /** Sections whose completion changed (and, for document sections, what else changed with it). */
  sections?: SectionPatch[];
  /** A short-lived presigned URL of a file (view or download). */
  url?: string;
  upload?: { key: string; grant: Awaited<ReturnType<typeof createUploadGrant>> };
  next?: { id: string; name: string; hashId: string } | null;
  /** A note just added, as the client sees it ('Author: body'). */
  note?: { questionId: string; id: string; text: string };
  /** upload_states: the files of the upload questions and their splits (polled while the firm splits); upload_confirm: the new file. */
  uploads?: Record<string, UploadedFileState>;
}
