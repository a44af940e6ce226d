import { describe, expect, it } from "vitest";
import { agreementLetter, letterParagraphs } from "~/questionnaires/letter";
import { onlySectionChanged, revalidateUnlessSectionMove, searchWithSection } from "~/questionnaires/section-url";

const url = (search: string) => new URL(`http://acme.localhost/questionnaire/abc123${search}`);

describe("the questionnaire section in the URL", () => {
  it("puts the section beside the other parameters", () => {
    expect(searchWithSection(new URLSearchParams("questionnaireId=q1"), "s2").toString()).toBe("questionnaireId=q1&sectionId=s2");
    expect(searchWithSection(new URLSearchParams("questionnaireId=q1&sectionId=s1"), "s2").toString()).toBe("questionnaireId=q1&sectionId=s2");
  });

  it("knows a move between sections of the same questionnaire", () => {
    expect(onlySectionChanged(url("?questionnaireId=q1&sectionId=s1"), url("?questionnaireId=q1&sectionId=s2"))).toBe(true);
    expect(onlySectionChanged(url("?questionnaireId=q1"), url("?sectionId=s2&questionnaireId=q1"))).toBe(true);
  });

  it("reloads for another questionnaire, another page, or no change at all (a revalidation)", () => {
    expect(onlySectionChanged(url("?questionnaireId=q1&sectionId=s1"), url("?questionnaireId=q2&sectionId=s2"))).toBe(false);
    expect(onlySectionChanged(url("?sectionId=s1"), new URL("http://acme.localhost/questionnaire/other?sectionId=s2"))).toBe(false);
    expect(onlySectionChanged(url("?questionnaireId=q1&sectionId=s1"), url("?questionnaireId=q1&sectionId=s1"))).toBe(false);
  });

  it("keeps the loaded questionnaire for a section move, but not after a form post", () => {
    const args = { currentUrl: url("?sectionId=s1"), nextUrl: url("?sectionId=s2"), defaultShouldRevalidate: true } as Parameters<
      typeof revalidateUnlessSectionMove
    >[0];
    expect(revalidateUnlessSectionMove(args)).toBe(false);
    expect(revalidateUnlessSectionMove({ ...args, formMethod: "POST" })).toBe(true);
    expect(revalidateUnlessSectionMove({ ...args, nextUrl: args.currentUrl })).toBe(true);
  });
});

describe("the engagement letter", () => {
  it("is the custom element, or else the instruction", () => {
    expect(agreementLetter({ customElement: "Letter", instruction: "Please sign" })).toBe("Letter");
    expect(agreementLetter({ customElement: null, instruction: "Dear Jordan," })).toBe("Dear Jordan,");
    expect(agreementLetter({ customElement: "", instruction: null })).toBeNull();
  });

  it("keeps its paragraphs and the line breaks inside them", () => {
    expect(letterParagraphs("Dear Jordan,\r\n\r\nThank you.\nSee below.\n\n  \n\nSign here.")).toEqual([
      "Dear Jordan,",
      "Thank you.\nSee below.",
      "Sign here.",
    ]);
  });
});
