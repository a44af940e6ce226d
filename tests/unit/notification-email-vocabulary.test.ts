import { describe, expect, it } from "vitest";
import { notificationEmail, notificationSms, type NotificationInput } from "~/collect/send/email";
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
