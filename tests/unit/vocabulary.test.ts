import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createVocabulary, pluralize, useVocabulary, VocabularyProvider } from "../../app/vocabulary";

const organizer = createVocabulary([{ keyWord: "Questionnaire", replacement: "Organizer" }]);

describe("createVocabulary", () => {
  it("replaces a word, keeping its case", () => {
    expect(organizer("Questionnaire")).toBe("Organizer");
    expect(organizer("questionnaire")).toBe("organizer");
    expect(organizer("QUESTIONNAIRE")).toBe("ORGANIZER");
    expect(organizer("Send questionnaire")).toBe("Send organizer");
    expect(organizer("Questionnaire templates")).toBe("Organizer templates");
  });

  it("replaces plurals with plurals", () => {
    expect(organizer("questionnaires")).toBe("organizers");
    expect(organizer("Questionnaires")).toBe("Organizers");
    expect(organizer("QUESTIONNAIRES")).toBe("ORGANIZERS");
    expect(organizer("No questionnaires found")).toBe("No organizers found");
  });

  it("handles -y and -s plurals on both sides", () => {
    const t = createVocabulary([
      { keyWord: "Entity", replacement: "Company" },
      { keyWord: "Business", replacement: "Practice" },
      { keyWord: "Client", replacement: "Family" },
    ]);
    expect(t("Entities")).toBe("Companies");
    expect(t("entity")).toBe("company");
    expect(t("businesses")).toBe("practices");
    expect(t("Clients")).toBe("Families");
  });

  it("replaces whole words only, never inside other words", () => {
    const t = createVocabulary([{ keyWord: "Return", replacement: "Filing" }]);
    expect(t("Returning clients")).toBe("Returning clients");
    expect(t("The return is ready.")).toBe("The filing is ready.");
    expect(t("no-return policy")).toBe("no-filing policy");
    expect(t("return_date")).toBe("return_date");
    expect(t("returns2")).toBe("returns2");
    expect(organizer("subquestionnaire")).toBe("subquestionnaire");
    expect(organizer("questionnaired")).toBe("questionnaired");
  });

  it("replaces next to punctuation and at the edges", () => {
    expect(organizer("Questionnaire: 2024")).toBe("Organizer: 2024");
    expect(organizer("(questionnaire)")).toBe("(organizer)");
    expect(organizer("the questionnaire's due date")).toBe("the organizer's due date");
    expect(organizer("“Questionnaire”")).toBe("“Organizer”");
    expect(organizer("questionnaire, questionnaire.")).toBe("organizer, organizer.");
  });

  it("does not treat accented letters as word boundaries", () => {
    const t = createVocabulary([{ keyWord: "Form", replacement: "Document" }]);
    expect(t("Formé")).toBe("Formé");
    expect(t("éForm")).toBe("éForm");
    expect(t("Form é")).toBe("Document é");
  });

  it("applies several entries in one pass", () => {
    const t = createVocabulary([
      { keyWord: "Questionnaire", replacement: "Organizer" },
      { keyWord: "Entity", replacement: "Account" },
      { keyWord: "Advisor", replacement: "Preparer" },
    ]);
    expect(t("Your advisor sent 2 questionnaires to this entity")).toBe("Your preparer sent 2 organizers to this account");
  });

  it("prefers the longest key and never replaces a replacement again", () => {
    const t = createVocabulary([
      { keyWord: "Return", replacement: "Filing" },
      { keyWord: "Tax Return", replacement: "Return Package" },
    ]);
    expect(t("Tax Return")).toBe("Return Package");
    expect(t("tax returns")).toBe("return packages");
    expect(t("Review the return")).toBe("Review the filing");
    const chain = createVocabulary([
      { keyWord: "A", replacement: "B" },
      { keyWord: "B", replacement: "C" },
    ]);
    expect(chain("A B")).toBe("B C");
  });

  it("matches multi-word keys across any whitespace and keeps title case", () => {
    const t = createVocabulary([{ keyWord: "tax return", replacement: "return package" }]);
    expect(t("Tax Return")).toBe("Return Package");
    expect(t("Tax   return")).toBe("Return package");
    expect(t("TAX RETURN")).toBe("RETURN PACKAGE");
  });

  it("keeps acronyms and the firm's own capitals where the case can't be mirrored", () => {
    const t = createVocabulary([{ keyWord: "Document", replacement: "IRS Form" }]);
    expect(t("document")).toBe("IRS form");
    expect(t("Document")).toBe("IRS Form");
    expect(t("documents")).toBe("IRS forms");
    const mixed = createVocabulary([{ keyWord: "portal", replacement: "MyPortal" }]);
    expect(mixed("Portal")).toBe("MyPortal");
    expect(mixed("pORTAL")).toBe("MyPortal");
  });

  it("is case-insensitive on keys and ignores blank or identical entries", () => {
    const t = createVocabulary([
      { keyWord: "questionnaire", replacement: "Organizer" },
      { keyWord: "  ", replacement: "x" },
      { keyWord: "Entity", replacement: "" },
      { keyWord: "Client", replacement: "client" },
    ]);
    expect(t("Questionnaire for Entity and Client")).toBe("Organizer for Entity and Client");
  });

  it("is the identity without entries, and safe with special characters", () => {
    expect(createVocabulary([])("Questionnaire")).toBe("Questionnaire");
    expect(createVocabulary(undefined)("Questionnaire")).toBe("Questionnaire");
    const t = createVocabulary([{ keyWord: "C++ (beta)", replacement: "$& money $1" }]);
    expect(t("Use C++ (beta) now")).toBe("Use $& money $1 now");
    expect(createVocabulary([{ keyWord: "Questionnaire", replacement: "Organizer" }])("")).toBe("");
  });

  it("does not turn the key's plural into a separate word for a key ending in s", () => {
    const t = createVocabulary([{ keyWord: "Status", replacement: "Stage" }]);
    expect(t("Statuses")).toBe("Stages");
    expect(t("status")).toBe("stage");
  });
});

describe("pluralize", () => {
  it("follows regular English rules on the last word", () => {
    expect(pluralize("organizer")).toBe("organizers");
    expect(pluralize("company")).toBe("companies");
    expect(pluralize("day")).toBe("days");
    expect(pluralize("tax")).toBe("taxes");
    expect(pluralize("batch")).toBe("batches");
    expect(pluralize("Return Package")).toBe("Return Packages");
    expect(pluralize("FORM")).toBe("FORMS");
  });
});

describe("VocabularyProvider", () => {
  it("translates with its own entries, and reuses the translator made from the same entries", () => {
    const seen: ((text: string) => string)[] = [];
    const Probe = () => {
      const t = useVocabulary();
      seen.push(t);
      return createElement("span", null, t("Entity"));
    };
    const render = (entries: { keyWord: string; replacement: string }[]) =>
      renderToString(createElement(VocabularyProvider, { entries, children: createElement(Probe) }));
    expect(render([{ keyWord: "Entity", replacement: "Account" }])).toBe("<span>Account</span>");
    expect(render([{ keyWord: "Entity", replacement: "Account" }])).toBe("<span>Account</span>");
    expect(render([{ keyWord: "Entity", replacement: "Client" }])).toBe("<span>Client</span>");
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
