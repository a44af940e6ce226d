/**
 * Sections of the demo firms' own (non-canned) questionnaires: trusts, estates, exempt
 * organisations and additional-items requests. Data only.
 */
import { SECTION_TYPES, type SectionDefinition } from "../app/templates/canned";

const reviewAndSubmit: SectionDefinition = {
  key: "review_and_submit",
  type: SECTION_TYPES.review_and_submit,
  name: "Review and Submit",
  instruction: "Check your answers, then submit.",
};

export const TRUST_SECTIONS: SectionDefinition[] = [
  {
    key: "trust_information",
    type: SECTION_TYPES.questionnaire,
    name: "Trust Information",
    questions: [
      { key: "trust_trustee_changed", text: "Did the trustee change during the year?", type: "boolean", demoAnswer: "No" },
      { key: "trust_new_trustee", text: "Name and address of the new trustee", type: "textarea", numberOfCharacters: 300, followUpOf: "trust_trustee_changed" },
      { key: "trust_distributions", text: "Did the trust make distributions to beneficiaries?", type: "boolean", demoAnswer: "Yes" },
      {
        key: "trust_beneficiaries",
        text: "List each distribution",
        type: "entries",
        options: ["Beneficiary", "Date", "Amount"],
        followUpOf: "trust_distributions",
        demoEntries: [
          { Beneficiary: "Eleanor Henderson", Date: "12/01", Amount: "12,000" },
          { Beneficiary: "Thomas Henderson", Date: "12/01", Amount: "12,000" },
        ],
      },
      {
        key: "trust_brokerage",
        text: "Please upload the trust's brokerage statements and 1099s",
        type: "upload",
        options: ["Consolidated 1099", "Year-end statement"],
      },
      { key: "trust_sold_property", text: "Did the trust sell real estate or other property?", type: "boolean", demoAnswer: "No" },
    ],
  },
  reviewAndSubmit,
];

export const ESTATE_SECTIONS: SectionDefinition[] = [
  {
    key: "estate_information",
    type: SECTION_TYPES.questionnaire,
    name: "Estate Information",
    questions: [
      { key: "estate_date_of_death", text: "Date of death", type: "date", demoAnswer: "2025-02-17" },
      {
        key: "estate_executor",
        text: "Executor's name and address",
        type: "textarea",
        numberOfCharacters: 300,
        demoAnswer: "Mark Delgado, 1540 Pearl St, Boulder, CO 80302",
      },
      { key: "estate_letters", text: "Please upload the letters testamentary", type: "upload" },
      {
        key: "estate_assets",
        text: "List the estate's assets at the date of death",
        type: "entries",
        options: ["Asset", "Value at date of death"],
        demoEntries: [{ Asset: "Brokerage account", "Value at date of death": "310,000" }],
      },
      { key: "estate_income", text: "Please upload the 1099s issued to the estate", type: "upload", optional: true },
    ],
  },
  reviewAndSubmit,
];

export const EXEMPT_ORGANIZATION_SECTIONS: SectionDefinition[] = [
  {
    key: "organization",
    type: SECTION_TYPES.questionnaire,
    name: "Organization",
    questions: [
      { key: "org_gross_receipts", text: "Total gross receipts for the year", type: "text", numberOfCharacters: 15, demoAnswer: "$186,400" },
      { key: "org_mission_changed", text: "Did the organization change its mission or activities?", type: "boolean", demoAnswer: "No" },
      { key: "org_mission_detail", text: "Describe the change", type: "textarea", numberOfCharacters: 1000, followUpOf: "org_mission_changed" },
      { key: "org_grants", text: "Did the organization receive grants?", type: "boolean", demoAnswer: "Yes" },
      { key: "org_grant_letters", text: "Please upload the grant award letters", type: "upload", followUpOf: "org_grants" },
      {
        key: "org_board",
        text: "List the officers and board members",
        type: "entries",
        options: ["Name", "Title", "Hours per week", "Compensation"],
        demoEntries: [
          { Name: "Grace Lindqvist", Title: "Treasurer", "Hours per week": "3", Compensation: "0" },
          { Name: "Harvey Cole", Title: "President", "Hours per week": "4", Compensation: "0" },
        ],
      },
      { key: "org_financials", text: "Please upload the year-end financial statements", type: "upload", options: ["Balance sheet", "Statement of activities"] },
    ],
  },
  reviewAndSubmit,
];

export const ADDITIONAL_ITEMS_SECTIONS: SectionDefinition[] = [
  {
    key: "additional_items",
    type: SECTION_TYPES.questionnaire,
    name: "Additional Items",
    instruction: "We need a few more things to finish your return.",
    questions: [
      { key: "extra_brokerage", text: "Please upload the corrected 1099-B from your brokerage", type: "upload" },
      { key: "extra_hsa", text: "Please upload Form 5498-SA for your HSA", type: "upload" },
      { key: "extra_estimates", text: "When did you make your fourth-quarter estimated payment?", type: "date", demoAnswer: "2026-01-14" },
    ],
  },
];

const LOREM_RETURN = [
  "This draft is prepared from the documents and answers you gave us. Please read every page before you approve it.",
  "Income: wages, interest, dividends, business income and capital gains are reported as shown on the statements you sent. Please tell us about any statement that is missing.",
  "Deductions: we compared the standard deduction with your itemized deductions and used the larger. Charitable gifts, mortgage interest and state taxes are listed on Schedule A.",
  "Credits and payments: estimated payments, withholding and credits are applied as shown. The balance due or refund is on the last line of page 2.",
  "Nothing is filed until you approve this draft and sign the e-file authorization.",
  "If anything looks wrong, use Request Changes and tell us what to correct.",
];

/** A return-season request built on the document kinds: a checklist, a draft to review, a form to sign, a copy to download, the final delivery. */
export const RETURN_REVIEW_SECTIONS: SectionDefinition[] = [
  {
    key: "year_end_documents",
    type: SECTION_TYPES.document_checklist,
    name: "Year-End Documents",
    instruction: "Upload each document on the list, or tell us you will provide it elsewhere.",
    questions: [
      { key: "checklist_bank_statements", text: "Please upload the December bank statements for every business account", type: "upload" },
      { key: "checklist_payroll", text: "Please upload the year-end payroll summary (Forms W-2 and W-3)", type: "upload" },
      { key: "checklist_1099s", text: "Please upload any 1099s the business received", type: "upload", optional: true },
    ],
  },
  {
    key: "draft_return_review",
    type: SECTION_TYPES.pdf_review,
    name: "Review Your Draft Return",
    instruction: "Read the draft return, then approve it or request changes.",
    demoDocument: { name: "2025 Draft Return.pdf", title: "2025 Draft Tax Return - for review", paragraphs: LOREM_RETURN, pages: 3 },
  },
  {
    key: "efile_authorization",
    type: SECTION_TYPES.pdf_signature,
    name: "Sign the E-file Authorization",
    instruction: "Review Form 8879 and sign it so we can file your return electronically.",
    demoDocument: {
      name: "Form 8879 E-file Authorization.pdf",
      title: "Form 8879 - IRS e-file Signature Authorization",
      paragraphs: [
        "Under penalties of perjury, I declare that I have examined a copy of the income tax return and accompanying schedules and statements for the tax year, and to the best of my knowledge and belief, it is true, correct, and complete.",
        "I consent to allow my electronic return originator, transmitter, or intermediate service provider to send my return to the IRS and to receive acknowledgement of receipt or reason for rejection of the transmission.",
        "I authorize my firm to enter or generate my PIN as my signature on my tax year electronically filed income tax return.",
      ],
    },
  },
  {
    key: "organizer_copy",
    type: SECTION_TYPES.download_document,
    name: "Download Your Engagement Summary",
    instruction: "Download and keep a copy of the services we agreed for this season.",
    demoDocument: {
      name: "2025 Engagement Summary.pdf",
      title: "Engagement Summary - 2025 season",
      paragraphs: [
        "Services: preparation of the federal and state income tax returns for the 2025 tax year.",
        "Fees are billed when the returns are delivered. Questions? Send us a message from the portal.",
      ],
    },
  },
  {
    key: "final_return_delivery",
    type: SECTION_TYPES.delivery,
    name: "Your Final Return",
    instruction: "Here is the return as filed. Download it for your records and confirm you received it.",
    demoDocument: { name: "2024 Filed Return.pdf", title: "2024 Tax Return - as filed", paragraphs: LOREM_RETURN.slice(1, 4), pages: 2 },
  },
];
