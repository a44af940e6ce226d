import { describe, expect, it } from "vitest";
import { notificationEmail, notificationSms, type NotificationInput } from "~/collect/send/email";
import { uploadNotice } from "~/documents/upload-notice";
import { noteNotificationEmail } from "~/questionnaires/note-notification";
import { createVocabulary } from "~/vocabulary";

const base: NotificationInput = {
  kind: "questionnaire",
  firmName: "Acme Tax & Advisory",
  brandColor: null,
  clientFname: "Jordan",
  questionnaireName: "Individual Questionnaire",
  taxYear: 2025,
  forWording: "",
  dueDate: null,
  url: "https://acme.example.com/questionnaire/abc?questionnaireId=q1",
};

describe("the emails sent with a questionnaire speak the firm's words", () => {
  it("translates the product's words, never the names or the links", () => {
    const t = createVocabulary([{ keyWord: "Questionnaire", replacement: "Organizer" }]);
    const email = notificationEmail({ ...base, t });
    expect(email.text).toContain("Open organizer: https://acme.example.com/questionnaire/abc?questionnaireId=q1");
    expect(email.html).toContain(">Open organizer</a>");
    // The template's own name is the firm's to choose.
    expect(email.subject).toBe("Acme Tax & Advisory sent you your 2025 Individual Questionnaire");
  });

  it("a firm without a vocabulary keeps the product's words", () => {
    expect(notificationEmail(base).text).toContain("Open questionnaire: https://");
  });

  it("additional items and drop-offs, email and SMS", () => {
    const t = createVocabulary([
      { keyWord: "Questionnaire", replacement: "Checklist" },
      { keyWord: "Documents", replacement: "Paperwork" },
    ]);
    const dropoff = notificationEmail({ ...base, kind: "dropoff", t });
    expect(dropoff.subject).toBe("Acme Tax & Advisory: please send your paperwork (2025 Individual Questionnaire)");
    expect(notificationSms({ ...base, kind: "dropoff", t })).toBe(
      "Acme Tax & Advisory asked for your paperwork (2025 Individual Questionnaire). https://acme.example.com/questionnaire/abc?questionnaireId=q1",
    );
  });
});

describe("the firm's notices to its staff speak the firm's words", () => {
  const summit = createVocabulary([
    { keyWord: "Entity", replacement: "Account" },
    { keyWord: "Questionnaire", replacement: "Checklist" },
    { keyWord: "Documents", replacement: "Paperwork" },
  ]);

  it("the document-upload notice translates our words, never the entity's or the files' names", () => {
    const notice = uploadNotice(
      { entityName: "Questionnaire Holdings LLC", uploaders: [], files: [{ name: "w2.pdf", path: "/" }], url: "https://summit.example.com/admin/e1/documents" },
      summit,
    );
    expect(notice.subject).toBe("A client uploaded 1 document for Questionnaire Holdings LLC");
    const many = uploadNotice(
      {
        entityName: "Ada Documents Trust",
        uploaders: ["Ada"],
        files: [
          { name: "a", path: "/" },
          { name: "b", path: "/" },
        ],
        url: "u",
      },
      summit,
    );
    expect(many.subject).toBe("Ada uploaded 2 paperwork for Ada Documents Trust");
    expect(notice.text).toContain("They are not attached to a checklist yet: they are listed under Unattached in the account's checklists.");
  });

  it("the note email names the checklist in the firm's words and leaves the questionnaire's name alone", () => {
    const email = noteNotificationEmail(
      {
        advisorFname: "Sam",
        authors: ["Jordan"],
        notes: [{ questionText: "Did your questionnaire change?", author: "Jordan", body: "Yes" }],
        taxYear: 2025,
        questionnaireName: "Individual Questionnaire",
        entityName: "Jordan Lee",
        url: "https://summit.example.com/preview/c1/questionnaire/q1",
      },
      summit,
    );
    expect(email.subject).toBe("Jordan added a note to 2025 Individual Questionnaire (Jordan Lee)");
    expect(email.text).toContain('"Did your questionnaire change?"\nJordan: Yes');
    expect(email.text).toContain("Open the checklist to read and reply:\nhttps://summit.example.com/preview/c1/questionnaire/q1");
  });
});
