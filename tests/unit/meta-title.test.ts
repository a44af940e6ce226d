import { describe, expect, it } from "vitest";
import { firmTitle } from "~/meta";

const summitRoot = {
  id: "root",
  data: {
    firm: {
      vocabulary: [
        { keyWord: "Entity", replacement: "Account" },
        { keyWord: "Questionnaire", replacement: "Checklist" },
      ],
    },
  },
};

describe("firmTitle", () => {
  it("puts a page title in the firm's words, singular and plural", () => {
    expect(firmTitle([summitRoot, { id: "routes/admin._index" }], "Entities")).toBe("Accounts");
    expect(firmTitle([summitRoot], "Questionnaire")).toBe("Checklist");
  });

  it("keeps the product's words on the root site or before the firm is known", () => {
    expect(firmTitle([{ id: "root", data: { firm: null } }], "Entities")).toBe("Entities");
    expect(firmTitle([], "Entities")).toBe("Entities");
  });
});
