import { describe, expect, it } from "vitest";
import { canManageTemplates, normalizeTemplate, templateErrors, TEMPLATE_MESSAGES, type EditorTemplate } from "~/templates/editor-rules";
import { notificationEmail, notificationSms } from "~/collect/send/email";

describe("who manages templates", () => {
  const on = { templateDisabledForNonadmin: true };
  const off = { templateDisabledForNonadmin: false };
  it("partner or full users; full users lose it when templates are disabled for non-admins", () => {
    expect(canManageTemplates({ kind: "staff", firmAccess: "partner" }, off)).toBe(true);
    expect(canManageTemplates({ kind: "staff", firmAccess: "full" }, off)).toBe(true);
    expect(canManageTemplates({ kind: "staff", firmAccess: "admin" }, off)).toBe(false);
    expect(canManageTemplates({ kind: "staff", firmAccess: "group" }, off)).toBe(false);
    expect(canManageTemplates({ kind: "client", firmAccess: null }, off)).toBe(false);
    expect(canManageTemplates({ kind: "staff", firmAccess: "partner" }, on)).toBe(true);
    expect(canManageTemplates({ kind: "staff", firmAccess: "full" }, on)).toBe(false);
  });
});

const template = (patch: Partial<EditorTemplate> = {}): EditorTemplate => ({
  name: "Trust organizer",
  description: "",
  sections: [
    {
      key: "s1",
      name: "General",
      sectionType: 3,
      instruction: null,
      tab: null,
      trigger: null,
      document: null,
      questions: [
        { key: "q1", text: "Did the trust sell assets?", questionType: "boolean", options: [], optional: false, followUpOf: null, trigger: null },
        { key: "q2", text: "Brokerage statements", questionType: "upload", options: [], optional: false, followUpOf: "q1", trigger: "Yes" },
      ],
    },
    { key: "s2", name: "Sales", sectionType: 3, instruction: null, tab: null, trigger: { questionKey: "q1", answer: "Yes" }, document: null, questions: [] },
  ],
  ...patch,
});

describe("template editor rules", () => {
  it("needs a name, a section, section names, question text, options for choices and columns for tables", () => {
    expect(templateErrors(template())).toEqual({});
    expect(templateErrors(template({ name: " ", sections: [] }))).toEqual({ name: TEMPLATE_MESSAGES.name, sections: TEMPLATE_MESSAGES.oneSection });
    const broken = template();
    broken.sections[0].name = "";
    broken.sections[0].questions[0] = { ...broken.sections[0].questions[0], text: "", questionType: "select", options: ["Only one"] };
    broken.sections[0].questions[1] = { ...broken.sections[0].questions[1], questionType: "entries", options: [] };
    expect(templateErrors(broken)).toEqual({
      "sections.0.name": TEMPLATE_MESSAGES.sectionName,
      "sections.0.questions.0.text": TEMPLATE_MESSAGES.questionText,
      "sections.0.questions.0.options": TEMPLATE_MESSAGES.options,
      "sections.0.questions.1.options": TEMPLATE_MESSAGES.columns,
    });
  });

  it("prefixes uploads with 'Please upload', keeps valid links and drops links to removed questions", () => {
    const kept = normalizeTemplate(template());
    expect(kept.sections[0].questions[1]).toMatchObject({ text: "Please upload brokerage statements", followUpOf: "q1", trigger: "Yes" });
    expect(kept.sections[1].trigger).toEqual({ questionKey: "q1", answer: "Yes" });
    const removed = template();
    removed.sections[0].questions = removed.sections[0].questions.slice(1);
    const cleaned = normalizeTemplate(removed);
    expect(cleaned.sections[0].questions[0]).toMatchObject({ followUpOf: null, trigger: null });
    expect(cleaned.sections[1].trigger).toBeNull();
  });
});

describe("send notifications", () => {
  const input = {
    kind: "questionnaire" as const,
    firmName: "Summit <CPA> Group",
    brandColor: "#1e3a5f",
    clientFname: "Ann",
    questionnaireName: "Rental Property Questionnaire",
    taxYear: 2025,
    forWording: "for Lee Rentals LLC",
    dueDate: "2026-12-05",
    url: "http://summit.localhost/questionnaire/abc?questionnaireId=q1",
  };
  it("emails in the firm's name and colour, escaping what it shows", () => {
    const mail = notificationEmail(input);
    expect(mail.subject).toBe("Summit <CPA> Group sent you your 2025 Rental Property Questionnaire");
    expect(mail.text).toContain("Hi Ann,");
    expect(mail.text).toContain("your 2025 Rental Property Questionnaire for Lee Rentals LLC. Please complete it by December 5, 2026.");
    expect(mail.html).toContain("background:#1e3a5f");
    expect(mail.html).toContain("Summit &lt;CPA&gt; Group");
    expect(mail.html).not.toContain("<CPA>");
    expect(notificationEmail({ ...input, brandColor: "red;x:y" }).html).not.toContain("red;x:y");
  });
  it("adds the 7-day upload link to drop-offs and texts a short message", () => {
    const mail = notificationEmail({ ...input, kind: "dropoff", uploadUrl: "http://summit.localhost/secure-upload?token=t", uploadExpires: "2026-11-28" });
    expect(mail.text).toContain("secure link (it expires on November 28, 2026):\nhttp://summit.localhost/secure-upload?token=t");
    expect(notificationSms(input)).toBe(
      "Summit <CPA> Group sent you your 2025 Rental Property Questionnaire. Due December 5, 2026. http://summit.localhost/questionnaire/abc?questionnaireId=q1",
    );
  });
});
