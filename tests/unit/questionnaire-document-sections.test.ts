import { describe, expect, it } from "vitest";
import {
  changeRequestError,
  CLIENT_MARKABLE_SECTION_TYPES,
  DOCUMENT_SECTION_MESSAGES,
  documentSectionStatus,
  isDocumentSectionType,
  SECTION_TYPE,
  sectionStatus,
  sectionViews,
  signatureCertificateLines,
  signedFileName,
  type QuestionFacts,
} from "~/questionnaires/rules";

const signed = { signedAt: "2026-03-01T10:00:00.000Z", notNeeded: false };
const unsigned = { signedAt: null, notNeeded: false };
const notNeeded = { signedAt: null, notNeeded: true };

describe("document section kinds", () => {
  it("knows which kinds show a firm document", () => {
    expect([6, 8, 9, 11].every(isDocumentSectionType)).toBe(true);
    expect([0, 2, 3, 4, 7, 10].some(isDocumentSectionType)).toBe(false);
  });
  it("lets the client mark only kinds without their own way to complete", () => {
    expect(CLIENT_MARKABLE_SECTION_TYPES).toContain(SECTION_TYPE.download_document);
    expect(CLIENT_MARKABLE_SECTION_TYPES).toContain(SECTION_TYPE.delivery);
    expect(CLIENT_MARKABLE_SECTION_TYPES).toContain(SECTION_TYPE.document_checklist);
    expect(CLIENT_MARKABLE_SECTION_TYPES).not.toContain(SECTION_TYPE.pdf_review);
    expect(CLIENT_MARKABLE_SECTION_TYPES).not.toContain(SECTION_TYPE.pdf_signature);
    expect(CLIENT_MARKABLE_SECTION_TYPES).not.toContain(SECTION_TYPE.questionnaire);
  });
});

describe("pdf_review (6)", () => {
  const review = (over: { markedCompleted?: boolean; changesRequested?: string | null } = {}) => ({ sectionType: 6, markedCompleted: false, ...over });
  it("is completed once approved", () => expect(documentSectionStatus(review({ markedCompleted: true }))).toBe("completed"));
  it("approval wins over an earlier change request", () =>
    expect(documentSectionStatus(review({ markedCompleted: true, changesRequested: "Fix line 4" }))).toBe("completed"));
  it("is pending while the firm looks at a change request", () => expect(documentSectionStatus(review({ changesRequested: "Fix line 4" }))).toBe("pending"));
  it("is incomplete, then error once visited", () => {
    expect(documentSectionStatus(review())).toBe("incomplete");
    expect(documentSectionStatus(review(), { showErrors: true })).toBe("error");
  });
});

describe("download_document (8) and delivery (11)", () => {
  for (const sectionType of [8, 11]) {
    it(`type ${sectionType}: completed when marked (downloaded or received), else incomplete or error`, () => {
      expect(documentSectionStatus({ sectionType, markedCompleted: true })).toBe("completed");
      expect(documentSectionStatus({ sectionType, markedCompleted: false })).toBe("incomplete");
      expect(documentSectionStatus({ sectionType, markedCompleted: false }, { showErrors: true })).toBe("error");
      // A change request means nothing outside pdf_review.
      expect(documentSectionStatus({ sectionType, markedCompleted: false, changesRequested: "x" })).toBe("incomplete");
    });
  }
});

describe("pdf_signature (9)", () => {
  const sig = (signatures: (typeof signed | typeof unsigned)[], markedCompleted = false) => ({ sectionType: 9, markedCompleted, signatures });
  it("is completed when every signer signed", () => expect(documentSectionStatus(sig([signed, signed]))).toBe("completed"));
  it("counts a not-needed signer as done", () => expect(documentSectionStatus(sig([signed, notNeeded]))).toBe("completed"));
  it("is pending while some have signed and others not", () => expect(documentSectionStatus(sig([signed, unsigned]))).toBe("pending"));
  it("needs only one signature with one signature per section", () =>
    expect(documentSectionStatus(sig([signed, unsigned]), { onePerSection: true })).toBe("completed"));
  it("is incomplete (error once visited) with no signature yet, whatever the stored flag says", () => {
    expect(documentSectionStatus(sig([unsigned, unsigned], true))).toBe("incomplete");
    expect(documentSectionStatus(sig([unsigned]), { showErrors: true })).toBe("error");
  });
  it("with no signers listed, follows the stored completion", () => {
    expect(documentSectionStatus(sig([], true))).toBe("completed");
    expect(documentSectionStatus(sig([], false))).toBe("incomplete");
    expect(documentSectionStatus({ sectionType: 9, markedCompleted: true })).toBe("completed");
  });
});

describe("sectionStatus and sectionViews use the document rules", () => {
  it("routes document kinds through documentSectionStatus", () => {
    expect(sectionStatus({ sectionType: 6, markedCompleted: false, changesRequested: "x" }, [])).toBe("pending");
    expect(sectionStatus({ sectionType: 9, markedCompleted: false, signatures: [signed, unsigned] }, [], { onePerSection: true })).toBe("completed");
  });
  it("passes the section's signatures and one-per-section through the list", () => {
    const section = {
      id: "s9",
      sectionType: 9,
      markedCompleted: false,
      triggerQuestionId: null,
      triggerAnswer: null,
      order: 0,
      signatures: [signed, unsigned],
    };
    expect(sectionViews([section], [] as QuestionFacts[])[0].status).toBe("pending");
    expect(sectionViews([section], [] as QuestionFacts[], { onePerSection: true })[0].status).toBe("completed");
    expect(sectionViews([section], [] as QuestionFacts[], { visited: new Set(["s9"]) })[0].status).toBe("pending");
  });
});

describe("document_checklist (10) completion", () => {
  let n = 0;
  const upload = (over: Partial<QuestionFacts> = {}): QuestionFacts => ({
    id: `u${++n}`,
    sectionId: "s10",
    questionType: "upload",
    answer: null,
    answerBy: null,
    specialAnswer: null,
    optional: false,
    followUpQuestionId: null,
    triggerForFollowUpQuestion: null,
    order: n,
    ...over,
  });
  const checklist = (questions: QuestionFacts[], markedCompleted = false, showErrors = false) =>
    sectionStatus({ sectionType: 10, markedCompleted }, questions, { showErrors });
  it("is completed when every required upload has files or a special answer", () => {
    expect(checklist([upload({ answer: "k1" }), upload({ specialAnswer: "provided_elsewhere" }), upload({ optional: true })])).toBe("completed");
  });
  it("ignores uploads whose trigger is not met, and counts them once triggered", () => {
    const parent: QuestionFacts = { ...upload(), id: "p", questionType: "boolean", answer: "No" };
    const child = upload({ followUpQuestionId: "p", triggerForFollowUpQuestion: "Yes" });
    expect(checklist([{ ...parent }, child])).toBe("completed");
    expect(checklist([{ ...parent, answer: "Yes" }, child])).toBe("incomplete");
  });
  it("is completed when marked even with uploads missing", () => expect(checklist([upload()], true)).toBe("completed"));
  it("is pending when a missing upload is due later", () => expect(checklist([upload({ answer: "k" }), upload({ answerBy: "2026-12-01" })])).toBe("pending"));
  it("is incomplete, then error once visited", () => {
    expect(checklist([upload()])).toBe("incomplete");
    expect(checklist([upload()], false, true)).toBe("error");
  });
});

describe("change requests, signed copies, certificate", () => {
  it("needs a non-blank reason", () => {
    expect(changeRequestError("")).toBe(DOCUMENT_SECTION_MESSAGES.reasonRequired);
    expect(changeRequestError("   \n ")).toBe(DOCUMENT_SECTION_MESSAGES.reasonRequired);
    expect(changeRequestError("Line 12 is wrong")).toBeNull();
    expect(changeRequestError("x".repeat(2001))).toMatch(/2000/);
  });
  it("names the signed copy after the original", () => {
    expect(signedFileName("Engagement Letter.pdf")).toBe("Engagement Letter (signed).pdf");
    expect(signedFileName("Form 8879.PDF")).toBe("Form 8879 (signed).pdf");
    expect(signedFileName("consent")).toBe("consent (signed).pdf");
  });
  it("lists every signer with time, local time and address", () => {
    const lines = signatureCertificateLines("8879.pdf", [
      {
        userName: "Jordan Rivera",
        signature: "Jordan Rivera",
        signedAt: new Date("2026-03-01T10:00:00Z"),
        ipAddress: "203.0.113.9",
        clientTime: "3/1/2026, 2:00 AM",
      },
      { userName: "Casey Rivera", signature: "C. Rivera", signedAt: "2026-03-02T11:30:00.000Z", ipAddress: null, clientTime: null },
    ]);
    expect(lines).toContain("Document: 8879.pdf");
    expect(lines).toContain("Signatures: 2");
    expect(lines).toContain("Signed at (UTC): 2026-03-01 10:00:00");
    expect(lines).toContain("IP address: 203.0.113.9");
    expect(lines).toContain("Signer's local time: 3/1/2026, 2:00 AM");
    expect(lines).toContain("Signature: C. Rivera");
    expect(lines.filter((l) => l.startsWith("IP address"))).toHaveLength(1);
  });
});
