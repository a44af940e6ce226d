/** Who hears of a client's uploads on the Documents page, and what the email says. */
import { describe, expect, it } from "vitest";
import { uploadNotice, uploadNoticeRecipients } from "~/documents/upload-notice";
import { createVocabulary } from "~/vocabulary";

const person = (id: string, over: Partial<{ email: string | null; active: boolean; seesEntity: boolean }> = {}) => ({
  id,
  email: `${id}@firm.test`,
  active: true,
  seesEntity: true,
  ...over,
});

describe("uploadNoticeRecipients", () => {
  it("tells the entity's advisors and the staff who chose document notifications, each once", () => {
    const list = uploadNoticeRecipients(["adv", "adv"], ["sub", "adv"], [person("adv"), person("sub"), person("other")]);
    expect(list.map((r) => r.id)).toEqual(["adv", "sub"]);
  });

  it("leaves out deactivated staff and staff who may not see the entity (another firm group)", () => {
    const list = uploadNoticeRecipients(["adv"], ["gone", "group"], [person("adv"), person("gone", { active: false }), person("group", { seesEntity: false })]);
    expect(list.map((r) => r.id)).toEqual(["adv"]);
  });

  it("tells no one when the entity has no advisor and nobody subscribed", () => {
    expect(uploadNoticeRecipients([], [], [person("adv")])).toEqual([]);
  });
});

describe("uploadNotice", () => {
  const facts = {
    entityName: "Rivera Design Studio LLC",
    uploaders: ["Jordan Rivera"],
    files: [
      { name: "W2.pdf", path: "/" },
      { name: "1099.pdf", path: "/2025" },
    ],
    url: "https://acme.example.test/admin/abc/documents",
  };

  it("names the client, the count and every file, with the link", () => {
    const notice = uploadNotice(facts);
    expect(notice.subject).toBe("Jordan Rivera uploaded 2 documents for Rivera Design Studio LLC");
    expect(notice.text).toContain("- W2.pdf\n- /2025/1099.pdf");
    expect(notice.text).toContain(facts.url);
    expect(uploadNotice({ ...facts, files: [facts.files[0]!] }).subject).toBe("Jordan Rivera uploaded 1 document for Rivera Design Studio LLC");
  });

  it("speaks the firm's words", () => {
    const t = createVocabulary([
      { keyWord: "Questionnaire", replacement: "Checklist" },
      { keyWord: "Entity", replacement: "Account" },
    ]);
    expect(uploadNotice(facts, t).text).toContain("not attached to a checklist yet: they are listed under Unattached in the account's checklists.");
  });
});
