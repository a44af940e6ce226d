import { describe, expect, it } from "vitest";
import { openTaxReturn, viewAllUrl } from "~/deliver/entity/entity-deliver";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { classificationUrl } from "~/deliver/table/table";

describe("the entity page's tax return link", () => {
  it("opens the classification page as the Deliver table does", () => {
    const row = { id: "tr_1", companyId: "co 1", status: "sent" as const };
    expect(openTaxReturn(row)).toEqual({ href: classificationUrl(row) });
    expect(openTaxReturn(row)).toEqual({ href: "/tax-return-delivery-admin-view/tr_1?companyId=co%201" });
  });

  it("shows the spec's info toast for a return still processing", () => {
    expect(openTaxReturn({ id: "tr_1", companyId: "co_1", status: "processing" })).toEqual({ toast: TAX_RETURN_MESSAGES.stillProcessing });
  });
});

describe("View all", () => {
  it("searches the table by the entity's name", () => {
    expect(viewAllUrl("/tax-returns", "Jordan & Casey Rivera")).toBe("/tax-returns?q=Jordan%20%26%20Casey%20Rivera");
    expect(viewAllUrl("/signature-requests", "Acme")).toBe("/signature-requests?q=Acme");
  });
});
