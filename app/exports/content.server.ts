/**
 * What a questionnaire export holds, read in one transaction of the firm: the questionnaire and
 * its entity, its sections and questions (answers, entries, the client's notes), its uploaded
 * files in the firm's document export order, and (review and export) what was marked reviewed.
 */
import { readSql, type FirmTx } from "~/db.server";
import { readQuestions, readSections } from "~/questionnaires/reads.server";
import { answerValues } from "~/questionnaires/rules";
import { orderDocuments, type ExportedFile, type ExportQuestion, type ExportSection } from "./rules";

export interface ExportContent {
  questionnaire: { id: string; name: string; taxYear: number; companyId: string; entityName: string };
  firm: { name: string; timeZone: string | null };
  sections: ExportSection[];
  questions: ExportQuestion[];
  /** In the firm's document export order. */
  files: ExportedFile[];
  reviewed: { questions: Set<string>; documents: Set<string> };
}

export async function readExportContent(tx: FirmTx, questionnaireId: string): Promise<ExportContent | null> {
  const q = await tx.questionnaire.findFirst({
    where: { id: questionnaireId, deletedAt: null },
    select: { id: true, name: true, taxYear: true, companyId: true, company: { select: { name: true } } },
  });
  if (!q) return null;
  const firm = await tx.firm.findFirstOrThrow({ select: { name: true, timeZone: true, preferences: { select: { customDocumentExportOrder: true } } } });
  const [sections, questions] = [await readSections(readSql(tx), q.id), await readQuestions(readSql(tx), q.id, firm.name)];
  const keys = questions.filter((x) => x.questionType === "upload").flatMap((x) => answerValues(x.answer));
  const documents = await tx.document.findMany({
    where: {
      companyId: q.companyId,
      deletedAt: null,
      itemType: "file",
      storageKey: { not: null },
      OR: [{ questionnaireId: q.id }, ...(keys.length ? [{ storageKey: { in: keys } }] : [])],
    },
    select: {
      id: true,
      name: true,
      path: true,
      storageKey: true,
      contentType: true,
      sizeBytes: true,
      questionId: true,
      extractedDocument: { select: { documentType: true } },
    },
    take: 10_000,
  });
  const marks = await tx.reviewMark.findMany({ where: { questionnaireId: q.id }, select: { itemKind: true, itemId: true } });
  const files: ExportedFile[] = documents.map((d) => ({
    id: d.id,
    name: d.name,
    path: d.path,
    storageKey: d.storageKey,
    contentType: d.contentType,
    sizeBytes: Number(d.sizeBytes ?? 0),
    documentType: d.extractedDocument?.documentType ?? null,
    questionId: d.questionId,
  }));
  return {
    questionnaire: { id: q.id, name: q.name, taxYear: q.taxYear, companyId: q.companyId, entityName: q.company.name },
    firm: { name: firm.name, timeZone: firm.timeZone },
    sections,
    questions,
    files: orderDocuments(files, firm.preferences?.customDocumentExportOrder ?? []),
    reviewed: {
      questions: new Set(marks.filter((m) => m.itemKind === "question").map((m) => m.itemId)),
      documents: new Set(marks.filter((m) => m.itemKind === "document").map((m) => m.itemId)),
    },
  };
}
