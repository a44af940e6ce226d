import { describe, expect, it } from "vitest";
import { defaultExportName, exportFileName, exportRequestSchema, isNoOrNa, optionsFor, orderDocuments, uniqueNames, zipFolder } from "~/exports/rules";

describe("export rules", () => {
  it("names an export '{company} - {questionnaire} ({tax year}) {date}' without characters a file can't hold", () => {
    expect(defaultExportName({ entityName: "Rivera / Design", questionnaireName: "2025 Organizer", taxYear: 2025, today: "2026-02-03" })).toBe(
      "Rivera - Design - 2025 Organizer (2025) 2026-02-03",
    );
    expect(exportFileName("A", "spreadsheet")).toBe("A.xlsx");
    expect(exportFileName("A", "zip")).toBe("A.zip");
  });

  it("'PDF only' and 'zipped only' options apply to their format only", () => {
    expect(optionsFor("spreadsheet", { removeNosAndNa: true, convertImagesToPdfs: true })).toMatchObject({
      removeNosAndNa: false,
      convertImagesToPdfs: false,
      includeDocuments: false,
    });
    expect(optionsFor("pdf", { removeNosAndNa: true })).toMatchObject({ removeNosAndNa: true });
    expect(optionsFor("zip", { convertImagesToPdfs: true })).toMatchObject({ convertImagesToPdfs: true, includeDocuments: true });
  });

  it("drops No and N/A answers, never Yes, pending or other answers", () => {
    expect(isNoOrNa({ answer: "No", specialAnswer: null, answerBy: null })).toBe(true);
    expect(isNoOrNa({ answer: null, specialAnswer: "not_applicable", answerBy: null })).toBe(true);
    expect(isNoOrNa({ answer: "N/A", specialAnswer: null, answerBy: null })).toBe(true);
    expect(isNoOrNa({ answer: "Yes", specialAnswer: null, answerBy: null })).toBe(false);
    expect(isNoOrNa({ answer: "Nothing", specialAnswer: null, answerBy: null })).toBe(false);
    expect(isNoOrNa({ answer: null, specialAnswer: "provided_elsewhere", answerBy: null })).toBe(false);
  });

  it("orders documents by the firm's document export order, others next, blank or Unknown Document last", () => {
    const files = [
      { name: "b", path: "/", documentType: "Unknown Document" },
      { name: "c", path: "/", documentType: "1099-INT" },
      { name: "d", path: "/", documentType: null },
      { name: "a", path: "/", documentType: "W-2" },
      { name: "e", path: "/", documentType: "1098" },
    ];
    expect(orderDocuments(files, ["W-2", "1099-INT"]).map((f) => f.name)).toEqual(["a", "c", "e", "b", "d"]);
    expect(orderDocuments(files, ["1098"]).map((f) => f.name)).toEqual(["e", "c", "a", "b", "d"]);
  });

  it("keeps zip entries inside the export's folder and unique", () => {
    expect(zipFolder("X", "/../../etc")).toBe("X/etc");
    expect(zipFolder("X", "/")).toBe("X");
    expect(uniqueNames(["X/a.pdf", "X/A.pdf", "X/a.pdf"])).toEqual(["X/a.pdf", "X/A (2).pdf", "X/a (3).pdf"]);
  });

  it("refuses bad requests with the product's messages", () => {
    expect(exportRequestSchema.safeParse({ questionnaireIds: [], format: "pdf" }).error?.issues[0]?.message).toBe("Please select at least one questionnaire.");
    expect(exportRequestSchema.safeParse({ questionnaireIds: ["a"], format: "doc" }).error?.issues[0]?.message).toBe(
      "Please choose PDF, Spreadsheet or Zipped Folder.",
    );
    expect(exportRequestSchema.safeParse({ questionnaireIds: ["a"], format: "pdf", saveAsNames: ["a/b"] }).success).toBe(false);
  });
});
