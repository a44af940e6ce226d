import { describe, expect, it } from "vitest";
import {
  additionalItemsErrors,
  canSaveDraft,
  canSendTemplate,
  customErrors,
  defaultDueDate,
  defaultTaxYear,
  dropOffErrors,
  itemQuestionText,
  needsBulkConfirmation,
  parseDollars,
  SEND_MESSAGES,
  sendTemplateErrors,
  TAX_YEARS,
  type SendTemplateForm,
} from "~/collect/send/rules";
import { addMonths, firstRunDate, nextRunDate, nthRunDate, runDateOf, runInstant } from "~/collect/send/schedule";
import { byDueDate, forWording, substituteTags, tagValues, unknownTags } from "~/collect/send/tags";
import { CANNED_TEMPLATES } from "~/templates/canned";

const TODAY = "2026-11-21";

describe("template tags", () => {
  const values = tagValues({
    clientFname: "Jordan",
    taxYear: 2025,
    questionnaireName: "Schedule C Business Questionnaire",
    entityName: "Studio North LLC",
    clientFullName: "Jordan Ellis",
    numberOfItemsLeft: 12,
    dueDate: "2026-12-05",
    firmName: "Acme Tax & Advisory",
  });

  it("replaces every tag the spec names", () => {
    expect(
      substituteTags(
        "Hi {client_fname}, your {questionnaire_year} {questionnaire_name} {for_wording} has {number_of_items_left} items left, due {by_due_date}. {firm_name}",
        values,
      ),
    ).toBe("Hi Jordan, your 2025 Schedule C Business Questionnaire for Studio North LLC has 12 items left, due by December 5, 2026. Acme Tax & Advisory");
  });

  it("drops an empty tag with the space before it, and leaves unknown tags as typed", () => {
    const individual = tagValues({
      clientFname: "Ann",
      taxYear: 2025,
      questionnaireName: "Organizer",
      entityName: "Ann Lee",
      clientFullName: "Ann Lee",
      numberOfItemsLeft: 0,
      dueDate: null,
      firmName: "F",
    });
    expect(substituteTags("Your organizer {for_wording} is ready {by_due_date}.", individual)).toBe("Your organizer is ready.");
    expect(substituteTags("Dear {client_lname} {client_fname}", individual)).toBe("Dear {client_lname} Ann");
    expect(unknownTags("{client_lname} {firm_name} {x}")).toEqual(["client_lname", "x"]);
  });

  it("words the entity and the due date", () => {
    expect(forWording("Ann Lee", "ann lee")).toBe("");
    expect(forWording("Lee Farms", "Ann Lee")).toBe("for Lee Farms");
    expect(byDueDate(null)).toBe("");
    expect(byDueDate("2027-01-31")).toBe("by January 31, 2027");
  });
});

describe("scheduler frequencies", () => {
  it("once runs one time", () => {
    expect(nextRunDate("once", "2026-12-01", "2026-12-01")).toBeNull();
  });

  it("weekly, quarterly and yearly count from the first run", () => {
    expect(nextRunDate("weekly", "2026-12-01", "2026-12-01")).toBe("2026-12-08");
    expect(nextRunDate("weekly", "2026-12-01", "2026-12-29")).toBe("2027-01-05");
    expect(nextRunDate("quarterly", "2026-11-30", "2026-11-30")).toBe("2027-02-28");
    expect(nextRunDate("quarterly", "2026-11-30", "2027-02-28")).toBe("2027-05-30");
    expect(nextRunDate("yearly", "2028-02-29", "2028-02-29")).toBe("2029-02-28");
    expect(nextRunDate("yearly", "2028-02-29", "2031-02-28")).toBe("2032-02-29");
  });

  it("monthly keeps the anchor's day instead of drifting", () => {
    expect(nextRunDate("monthly", "2027-01-31", "2027-01-31")).toBe("2027-02-28");
    expect(nextRunDate("monthly", "2027-01-31", "2027-02-28")).toBe("2027-03-31");
    expect(nextRunDate("monthly", "2027-01-31", "2027-12-31")).toBe("2028-01-31");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
  });

  it("month_end and month_start run on the last and first day of each month", () => {
    expect(firstRunDate("month_end", "2026-11-21")).toBe("2026-11-30");
    expect(nextRunDate("month_end", "2026-11-30", "2026-11-30")).toBe("2026-12-31");
    expect(nextRunDate("month_end", "2026-11-30", "2027-01-31")).toBe("2027-02-28");
    expect(firstRunDate("month_start", "2026-11-21")).toBe("2026-12-01");
    expect(firstRunDate("month_start", "2026-12-01")).toBe("2026-12-01");
    expect(nextRunDate("month_start", "2026-12-01", "2026-12-01")).toBe("2027-01-01");
    expect(nthRunDate("month_start", "2026-12-01", 13)).toBe("2028-01-01");
  });

  it("is always strictly after the last run, even when runs were missed", () => {
    expect(nextRunDate("weekly", "2026-01-01", "2026-03-04")).toBe("2026-03-05");
    expect(nextRunDate("monthly", "2026-01-15", "2026-06-20")).toBe("2026-07-15");
  });

  it("runs at 10:00 UTC on its date", () => {
    expect(runInstant("2026-12-01").toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(runDateOf(runInstant("2026-12-01"))).toBe("2026-12-01");
  });
});

const form = (patch: Partial<SendTemplateForm> = {}): SendTemplateForm => ({
  templateId: "t1",
  taxYear: 2025,
  companyIds: ["c1"],
  dueDate: "2026-11-28",
  scheduled: false,
  frequency: "",
  sendDate: "",
  depositRequired: false,
  depositAmount: "",
  extraQuestions: [],
  ...patch,
});

describe("send template validation", () => {
  it("offers 2018–2025 and defaults to the year of ten months ago", () => {
    expect(TAX_YEARS[0]).toBe(2025);
    expect(TAX_YEARS.at(-1)).toBe(2018);
    expect(defaultTaxYear("2026-11-21")).toBe(2025);
    expect(defaultTaxYear("2025-10-31")).toBe(2024);
    expect(defaultTaxYear("2025-11-01")).toBe(2025);
    expect(defaultTaxYear("2018-03-01")).toBe(2018);
    expect(defaultDueDate(TODAY)).toBe("2026-11-28");
  });

  it("names each missing field with the spec's message", () => {
    expect(sendTemplateErrors(form(), TODAY)).toEqual({});
    expect(sendTemplateErrors(form({ templateId: "", taxYear: null, companyIds: [], dueDate: "" }), TODAY)).toEqual({
      templateId: SEND_MESSAGES.template,
      taxYear: SEND_MESSAGES.taxYear,
      companyIds: SEND_MESSAGES.company,
      dueDate: SEND_MESSAGES.dueDate,
    });
    expect(SEND_MESSAGES.template).toBe("Please select a template");
    expect(sendTemplateErrors(form({ taxYear: 2026 }), TODAY).taxYear).toBe("Please select a tax year");
    expect(sendTemplateErrors(form({ dueDate: "2026-11-20" }), TODAY).dueDate).toBe("Please select a valid due date");
    expect(sendTemplateErrors(form({ dueDate: "2026-02-30" }), TODAY).dueDate).toBe("Please select a valid due date");
    expect(sendTemplateErrors(form({ dueDate: TODAY }), TODAY)).toEqual({});
  });

  it("asks for a frequency and send date when scheduled, and a deposit amount when required", () => {
    expect(sendTemplateErrors(form({ scheduled: true }), TODAY)).toEqual({ frequency: "Please select a frequency", sendDate: "Please select a send date" });
    expect(sendTemplateErrors(form({ scheduled: true, frequency: "monthly", sendDate: "2026-12-01", dueDate: "2026-12-15" }), TODAY)).toEqual({});
    expect(sendTemplateErrors(form({ scheduled: true, frequency: "monthly", sendDate: "2026-12-01", dueDate: "2026-11-28" }), TODAY).dueDate).toBe(
      SEND_MESSAGES.dueDate,
    );
    expect(sendTemplateErrors(form({ depositRequired: true, depositAmount: "" }), TODAY)).toEqual({ depositAmount: "Please enter a deposit amount" });
    expect(sendTemplateErrors(form({ depositRequired: true, depositAmount: "$1,250.50" }), TODAY)).toEqual({});
    expect(parseDollars("$1,250.50")).toBe(125050);
    expect(parseDollars("0")).toBeNull();
    expect(parseDollars("12.345")).toBeNull();
  });

  it("enables Send only with template, entity, year, valid due date and text on every extra question; Save Draft not when scheduled", () => {
    expect(canSendTemplate(form(), TODAY)).toBe(true);
    expect(canSendTemplate(form({ companyIds: [] }), TODAY)).toBe(false);
    expect(canSendTemplate(form({ extraQuestions: [{ text: " ", questionType: "text", options: [] }] }), TODAY)).toBe(false);
    expect(canSaveDraft({ scheduled: true })).toBe(false);
    expect(canSaveDraft({ scheduled: false })).toBe(true);
    expect(needsBulkConfirmation(9)).toBe(false);
    expect(needsBulkConfirmation(10)).toBe(true);
  });
});

describe("items, custom questionnaires and drop-offs", () => {
  it("prefixes upload items with 'Please upload ' unless the firm turns it off", () => {
    expect(itemQuestionText({ text: "W-2 forms", questionType: "upload" }, false)).toBe("Please upload w-2 forms");
    expect(itemQuestionText({ text: "Please upload your 1099s", questionType: "upload" }, false)).toBe("Please upload your 1099s");
    expect(itemQuestionText({ text: "W-2 forms", questionType: "upload" }, true)).toBe("W-2 forms");
    expect(itemQuestionText({ text: "Your new address", questionType: "text" }, false)).toBe("Your new address");
  });

  it("needs text on every additional item, no slashes or periods in document options, and a due date not in the past", () => {
    const ok = { dueDate: "2026-11-30", items: [{ text: "Brokerage statement", questionType: "upload" as const, options: ["1099-B", "Year end summary"] }] };
    expect(additionalItemsErrors(ok, TODAY)).toEqual({});
    expect(additionalItemsErrors({ ...ok, items: [{ ...ok.items[0], text: "" }] }, TODAY).items).toBe(SEND_MESSAGES.itemText);
    expect(additionalItemsErrors({ ...ok, items: [{ ...ok.items[0], options: ["1099/B"] }] }, TODAY).items).toBe(SEND_MESSAGES.optionCharacters);
    expect(additionalItemsErrors({ ...ok, items: [{ ...ok.items[0], options: ["v1.2"] }] }, TODAY).items).toBe(SEND_MESSAGES.optionCharacters);
    expect(additionalItemsErrors({ ...ok, dueDate: "2026-11-01" }, TODAY).dueDate).toBe("Due date must be in the future");
  });

  it("custom questionnaires need entities, subject, year, one item with text and a due date from today", () => {
    const ok = {
      companyIds: ["c"],
      name: "Year-end items",
      taxYear: 2025,
      dueDate: TODAY,
      items: [{ text: "Payroll report", questionType: "upload" as const, options: [] }],
    };
    expect(customErrors(ok, TODAY)).toEqual({});
    expect(customErrors({ ...ok, items: [] }, TODAY).items).toBe(SEND_MESSAGES.oneItem);
    expect(customErrors({ ...ok, name: " " }, TODAY).name).toBe(SEND_MESSAGES.subject);
    expect(customErrors({ ...ok, dueDate: "2026-11-20" }, TODAY).dueDate).toBe(SEND_MESSAGES.dueDate);
  });

  it("drop-offs need entities and year, a due date to send (not to draft), an item, and named rollover items", () => {
    const ok = { companyIds: ["c"], taxYear: 2025, dueDate: "", rolloverItems: [{ name: "Schwab 1099" }], additionalItems: [] };
    expect(dropOffErrors(ok, TODAY, true)).toEqual({});
    expect(dropOffErrors(ok, TODAY, false).dueDate).toBe(SEND_MESSAGES.dueDate);
    expect(dropOffErrors({ ...ok, rolloverItems: [] }, TODAY, true).items).toBe(SEND_MESSAGES.oneItem);
    expect(dropOffErrors({ ...ok, rolloverItems: [{ name: "" }] }, TODAY, true).rolloverItems).toBe("Please enter a name");
  });
});

describe("canned templates", () => {
  it("have the tabs and sections the spec names", () => {
    const tabs = new Set(CANNED_TEMPLATES.flatMap((t) => t.sections.map((s) => s.tab).filter(Boolean)));
    for (const tab of [
      "Rental",
      "Business Income",
      "Farm",
      "Business Activity Income and Expenses",
      "Businesses Activities",
      "Rental Activity",
      "Rental Activities",
      "Farm Activities",
      "S-Corps and Partnerships",
    ]) {
      expect(tabs, tab).toContain(tab);
    }
    const names = (key: string) => CANNED_TEMPLATES.find((t) => t.key === key)!.sections.map((s) => s.name);
    for (const name of ["General", "Income", "Cost of Goods Sold", "Expenses", "Home Office", "Business Use of Vehicle", "New Asset"])
      expect(names("schedule_c")).toContain(name);
    for (const name of ["Financial Information", "Payroll", "Auto", "Loans", "K-1", "Rental", "Estimated Tax Payments"])
      expect(names("s_corp_partnership")).toContain(name);
    for (const key of ["rental", "farm"]) expect(names(key).length).toBeGreaterThanOrEqual(4);
  });
});
