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
          { "Beneficiary": "Eleanor Henderson", "Date": "12/01", "Amount": "12,000" },
          { "Beneficiary": "Thomas Henderson", "Date": "12/01", "Amount": "12,000" },
        ],
      },
      { key: "trust_brokerage", text: "Please upload the trust's brokerage statements and 1099s", type: "upload", options: ["Consolidated 1099", "Year-end statement"] },
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
      { key: "estate_executor", text: "Executor's name and address", type: "textarea", numberOfCharacters: 300, demoAnswer: "Mark Delgado, 1540 Pearl St, Boulder, CO 80302" },
      { key: "estate_letters", text: "Please upload the letters testamentary", type: "upload" },
      { key: "estate_assets", text: "List the estate's assets at the date of death", type: "entries", options: ["Asset", "Value at date of death"], demoEntries: [{ "Asset": "Brokerage account", "Value at date of death": "310,000" }] },
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
          { "Name": "Grace Lindqvist", "Title": "Treasurer", "Hours per week": "3", "Compensation": "0" },
          { "Name": "Harvey Cole", "Title": "President", "Hours per week": "4", "Compensation": "0" },
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
