/**
 * The canned questionnaire templates every firm gets (staff spec §3 "Canned questionnaire
 * templates"), as plain data, plus the schema of a template definition. The same section
 * definitions describe inline questionnaires in the demo firms (tenants/).
 *
 * Keys (`key` of templates, sections and questions) are stable: the seed and
 * `installCannedTemplates` use them to find what a firm already has, so never rename one.
 *
 * Conventions the questionnaire engine relies on:
 * - Upload questions start with "Please upload" (staff spec §9). Options on an upload question
 *   are the kinds of document the client picks before uploading.
 * - `entries` questions list their columns in `options`; the answer is the number of entries.
 * - A follow-up question (`followUpOf`) is shown when the boolean question it follows up, in the
 *   same section, is answered `trigger` ("Yes" unless said otherwise).
 * - A section with `trigger` is shown only when that question (of an earlier section) has that answer.
 * - Text may use the template tags {client_fname}, {questionnaire_year} and {firm_name}, replaced
 *   when a questionnaire is created from the template.
 */
import * as z from "zod";

export const QUESTION_TYPES = ["boolean", "select", "upload", "multiple", "entries", "password", "date", "text", "textarea"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** section_type numbers (client spec §2). */
export const SECTION_TYPES = {
  custom: 0,
  agreement_signature: 2,
  questionnaire: 3,
  review_and_submit: 4,
  pdf_review: 6,
  payment_request: 7,
  download_document: 8,
  pdf_signature: 9,
  document_checklist: 10,
  delivery: 11,
} as const;
export type SectionTypeName = keyof typeof SECTION_TYPES;
const SECTION_TYPE_NUMBERS: readonly number[] = Object.values(SECTION_TYPES);

export const BOOLEAN_ANSWERS = ["Yes", "No"] as const;

/** Simplified home office method, dollars per square foot (staff spec §9), up to 300 sq ft (IRS). */
export const HOME_OFFICE_RATE_PER_SQUARE_FOOT = 5;
export const HOME_OFFICE_MAX_SQUARE_FEET = 300;
/** Asset thresholds (staff spec §9). */
export const ASSET_THRESHOLD_FURNITURE_FIXTURES = 2500;
export const ASSET_THRESHOLD_EQUIPMENT_REPAIRS = 500;

const key = z.string().regex(/^[a-z0-9_]+$/, "Keys are lower_snake_case");

export const questionDefinitionSchema = z
  .object({
    key,
    text: z.string().trim().min(1),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.string().min(1)).optional(),
    optional: z.boolean().optional(),
    numberOfCharacters: z.number().int().positive().optional(),
    disableAnswerLater: z.boolean().optional(),
    disableNotApplicable: z.boolean().optional(),
    documentLink: z.url().optional(),
    /** Key of the question (same section) this one follows up. */
    followUpOf: key.optional(),
    /** The answer of `followUpOf` that shows this question (default "Yes"). */
    trigger: z.string().optional(),
    /** A believable answer for demo data; never shown to clients. */
    demoAnswer: z.string().optional(),
    /** Demo rows of an `entries` question, by column. */
    demoEntries: z.array(z.record(z.string(), z.string())).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.type === "select" || q.type === "multiple" || q.type === "entries") && !q.options?.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: `A ${q.type} question needs options` });
    }
    if (q.type === "upload" && !q.text.startsWith("Please upload")) {
      ctx.addIssue({ code: "custom", path: ["text"], message: 'Upload questions start with "Please upload"' });
    }
    if (q.numberOfCharacters && q.type !== "text" && q.type !== "textarea") {
      ctx.addIssue({ code: "custom", path: ["numberOfCharacters"], message: "Only text answers have a length limit" });
    }
  });
export type QuestionDefinition = z.infer<typeof questionDefinitionSchema>;

export const sectionDefinitionSchema = z.object({
  key,
  type: z.number().refine((n) => SECTION_TYPE_NUMBERS.includes(n), "Unknown section type"),
  name: z.string().trim().min(1),
  /** Canned templates group sections in tabs. */
  tab: z.string().optional(),
  instruction: z.string().optional(),
  customElement: z.string().optional(),
  trigger: z.object({ question: key, answer: z.string() }).optional(),
  questions: z.array(questionDefinitionSchema).default([]),
  /** Demo data only: the PDF the seed makes and attaches to a document section (pdf_review, download_document, pdf_signature, delivery). */
  demoDocument: z
    .object({
      name: z.string().regex(/\.pdf$/),
      title: z.string().min(1),
      paragraphs: z.array(z.string().min(1)).min(1),
      pages: z.number().int().min(1).max(10).optional(),
    })
    .optional(),
});
export type SectionDefinition = z.input<typeof sectionDefinitionSchema>;

/** Sections of one template or questionnaire, with the references between them checked. */
export const sectionListSchema = z
  .array(sectionDefinitionSchema)
  .min(1)
  .superRefine((sections, ctx) => {
    const sectionKeys = new Set<string>();
    const seen = new Map<string, QuestionDefinition>();
    sections.forEach((section, s) => {
      if (sectionKeys.has(section.key)) ctx.addIssue({ code: "custom", path: [s, "key"], message: `Duplicate section key ${section.key}` });
      sectionKeys.add(section.key);
      if (section.trigger) {
        const trigger = seen.get(section.trigger.question);
        if (!trigger)
          ctx.addIssue({
            code: "custom",
            path: [s, "trigger"],
            message: `Unknown trigger question ${section.trigger.question} (must be in an earlier section)`,
          });
        else if (trigger.type === "boolean" && !(BOOLEAN_ANSWERS as readonly string[]).includes(section.trigger.answer))
          ctx.addIssue({ code: "custom", path: [s, "trigger", "answer"], message: "A boolean trigger answer is Yes or No" });
      }
      const inSection = new Map<string, QuestionDefinition>();
      section.questions.forEach((question, q) => {
        if (seen.has(question.key)) ctx.addIssue({ code: "custom", path: [s, "questions", q, "key"], message: `Duplicate question key ${question.key}` });
        if (question.followUpOf) {
          const parent = inSection.get(question.followUpOf);
          if (!parent)
            ctx.addIssue({
              code: "custom",
              path: [s, "questions", q, "followUpOf"],
              message: `Unknown follow-up parent ${question.followUpOf} (an earlier question of the same section)`,
            });
          else if (parent.type !== "boolean" && parent.type !== "select")
            ctx.addIssue({ code: "custom", path: [s, "questions", q, "followUpOf"], message: "Follow-ups hang off boolean or select questions" });
        }
        seen.set(question.key, question);
        inSection.set(question.key, question);
      });
    });
  });

export const CANNED_TEMPLATE_KEYS = ["individual_organizer", "rental", "schedule_c", "farm", "s_corp_partnership"] as const;
export type CannedTemplateKey = (typeof CANNED_TEMPLATE_KEYS)[number];

export interface CannedTemplate {
  key: CannedTemplateKey;
  name: string;
  description: string;
  disclaimer?: string;
  sections: SectionDefinition[];
}

// ───────────────────────────── Shared sections ─────────────────────────────

const ASSET_QUESTION_TEXT =
  `Did you buy any furniture or fixtures costing more than $${ASSET_THRESHOLD_FURNITURE_FIXTURES.toLocaleString("en-US")}, ` +
  `or equipment or repairs costing more than $${ASSET_THRESHOLD_EQUIPMENT_REPAIRS}, during {questionnaire_year}?`;

function newAssetSection(tab: string, prefix: string): SectionDefinition {
  return {
    key: `${prefix}_new_asset`,
    type: SECTION_TYPES.questionnaire,
    name: "New Asset",
    tab,
    instruction: `List assets over $${ASSET_THRESHOLD_FURNITURE_FIXTURES.toLocaleString("en-US")} (furniture and fixtures) or $${ASSET_THRESHOLD_EQUIPMENT_REPAIRS} (equipment and repairs); smaller purchases can be expensed.`,
    questions: [
      { key: `${prefix}_bought_assets`, text: ASSET_QUESTION_TEXT, type: "boolean", demoAnswer: "Yes" },
      {
        key: `${prefix}_asset_list`,
        text: "List each asset",
        type: "entries",
        options: ["Description", "Date placed in service", "Cost", "New or used"],
        followUpOf: `${prefix}_bought_assets`,
        trigger: "Yes",
        demoEntries: [{ Description: "Laptop and docking station", "Date placed in service": "03/14", Cost: "2,480", "New or used": "New" }],
      },
      {
        key: `${prefix}_asset_receipts`,
        text: "Please upload the invoices or receipts for these assets",
        type: "upload",
        optional: true,
        followUpOf: `${prefix}_bought_assets`,
        trigger: "Yes",
      },
      { key: `${prefix}_sold_assets`, text: "Did you sell, trade in or dispose of any business assets?", type: "boolean", demoAnswer: "No" },
      {
        key: `${prefix}_sold_assets_detail`,
        text: "Describe what was sold, when, and for how much",
        type: "textarea",
        numberOfCharacters: 500,
        followUpOf: `${prefix}_sold_assets`,
        trigger: "Yes",
      },
    ],
  };
}

function vehicleSection(tab: string, prefix: string, name = "Business Use of Vehicle"): SectionDefinition {
  return {
    key: `${prefix}_vehicle`,
    type: SECTION_TYPES.questionnaire,
    name,
    tab,
    questions: [
      { key: `${prefix}_used_vehicle`, text: "Did you use a car or truck for this activity?", type: "boolean", demoAnswer: "Yes" },
      {
        key: `${prefix}_vehicle_description`,
        text: "Year, make and model of the vehicle",
        type: "text",
        numberOfCharacters: 80,
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "2021 Toyota Tacoma",
      },
      {
        key: `${prefix}_vehicle_in_service`,
        text: "Date the vehicle was first used for business",
        type: "date",
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "2021-06-01",
      },
      {
        key: `${prefix}_vehicle_total_miles`,
        text: "Total miles driven during the year",
        type: "text",
        numberOfCharacters: 10,
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "14,200",
      },
      {
        key: `${prefix}_vehicle_business_miles`,
        text: "Business miles",
        type: "text",
        numberOfCharacters: 10,
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "6,850",
      },
      {
        key: `${prefix}_vehicle_commuting_miles`,
        text: "Commuting miles",
        type: "text",
        numberOfCharacters: 10,
        optional: true,
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "1,200",
      },
      {
        key: `${prefix}_vehicle_method`,
        text: "Which method do you want us to consider?",
        type: "select",
        options: ["Standard mileage rate", "Actual expenses", "Whichever is larger"],
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "Whichever is larger",
      },
      {
        key: `${prefix}_vehicle_evidence`,
        text: "Do you have a mileage log or other written evidence of business use?",
        type: "boolean",
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "Yes",
      },
      {
        key: `${prefix}_vehicle_personal`,
        text: "Was the vehicle available for personal use during off-duty hours?",
        type: "boolean",
        followUpOf: `${prefix}_used_vehicle`,
        demoAnswer: "Yes",
      },
    ],
  };
}

const ACCOUNTING_METHODS = ["Cash", "Accrual", "Other"];

// ───────────────────────────── Individual Tax Organizer ─────────────────────────────

const ENGAGEMENT_LETTER = `Dear {client_fname},

Thank you for choosing {firm_name}. This letter confirms the terms of our engagement to prepare your {questionnaire_year} federal and state income tax returns.

We will prepare your returns from the information you provide in this organizer. We will not audit or otherwise verify that information, but we may ask you to clarify some of it. You are responsible for the completeness and accuracy of the information, and for keeping the records that support it.

Our fees are based on the time required and the complexity of your returns. Returns are filed only after you review and sign the authorization forms we send you.

Please sign below to accept these terms.`;

const individualOrganizer: CannedTemplate = {
  key: "individual_organizer",
  name: "Individual Tax Organizer",
  description: "The annual 1040 organizer: engagement letter, personal information, income, deductions and documents.",
  disclaimer: "I confirm that the information and documents I provided are true, correct and complete to the best of my knowledge.",
  sections: [
    {
      key: "engagement_letter",
      type: SECTION_TYPES.agreement_signature,
      name: "Engagement Letter",
      instruction: ENGAGEMENT_LETTER,
    },
    {
      key: "personal_information",
      type: SECTION_TYPES.questionnaire,
      name: "Personal Information",
      instruction: "Tell us what changed since last year so your return reflects your situation on December 31.",
      questions: [
        { key: "marital_status_changed", text: "Did your marital status change during {questionnaire_year}?", type: "boolean", demoAnswer: "No" },
        {
          key: "new_marital_status",
          text: "What is your marital status on December 31?",
          type: "select",
          options: ["Single", "Married", "Divorced or legally separated", "Widowed"],
          followUpOf: "marital_status_changed",
          trigger: "Yes",
        },
        { key: "marital_status_date", text: "Date of the change", type: "date", followUpOf: "marital_status_changed", trigger: "Yes" },
        { key: "address_changed", text: "Did your home address change?", type: "boolean", demoAnswer: "No" },
        {
          key: "new_address",
          text: "Your new address and the date you moved",
          type: "textarea",
          numberOfCharacters: 300,
          followUpOf: "address_changed",
          trigger: "Yes",
        },
        {
          key: "filing_status",
          text: "Which filing status do you expect to use?",
          type: "select",
          options: ["Single", "Married filing jointly", "Married filing separately", "Head of household", "Qualifying surviving spouse", "Not sure"],
          demoAnswer: "Married filing jointly",
        },
        {
          key: "dependents",
          text: "List the dependents you support (children and others)",
          type: "entries",
          options: ["First name", "Last name", "Date of birth", "Relationship", "Months lived with you"],
          optional: true,
          demoEntries: [
            { "First name": "Maya", "Last name": "", "Date of birth": "04/12/2014", Relationship: "Daughter", "Months lived with you": "12" },
            { "First name": "Leo", "Last name": "", "Date of birth": "09/30/2017", Relationship: "Son", "Months lived with you": "12" },
          ],
        },
        { key: "ip_pin_received", text: "Did the IRS send you or your spouse an Identity Protection PIN (IP PIN)?", type: "boolean", demoAnswer: "No" },
        {
          key: "ip_pin",
          text: "Enter your six-digit IP PIN",
          type: "password",
          followUpOf: "ip_pin_received",
          trigger: "Yes",
          disableAnswerLater: true,
        },
        {
          key: "refund_method",
          text: "How would you like to receive a refund?",
          type: "select",
          options: ["Direct deposit", "Paper check", "Apply to next year's estimated tax"],
          demoAnswer: "Direct deposit",
        },
        {
          key: "bank_account",
          text: "Please upload a voided check or bank letter for direct deposit",
          type: "upload",
          optional: true,
        },
      ],
    },
    {
      key: "income",
      type: SECTION_TYPES.questionnaire,
      name: "Income",
      questions: [
        {
          key: "income_types",
          text: "Which kinds of income did you receive in {questionnaire_year}?",
          type: "multiple",
          options: [
            "Wages (W-2)",
            "Interest",
            "Dividends",
            "Sales of stocks or funds",
            "Retirement distributions",
            "Social Security",
            "Unemployment",
            "Rental income",
            "Self-employment",
            "Other",
          ],
          demoAnswer: "Wages (W-2)&!&Interest&!&Dividends",
        },
        { key: "w2_forms", text: "Please upload your Forms W-2", type: "upload" },
        {
          key: "forms_1099",
          text: "Please upload your 1099 forms",
          type: "upload",
          options: ["1099-INT", "1099-DIV", "1099-B", "1099-R", "1099-G", "1099-NEC", "1099-MISC", "1099-K", "SSA-1099"],
          optional: true,
        },
        {
          key: "digital_assets",
          text: "At any time in {questionnaire_year}, did you receive, sell, exchange or otherwise dispose of a digital asset (cryptocurrency)?",
          type: "boolean",
          demoAnswer: "No",
        },
        {
          key: "digital_asset_reports",
          text: "Please upload your digital asset transaction reports",
          type: "upload",
          followUpOf: "digital_assets",
          trigger: "Yes",
        },
        { key: "self_employed", text: "Did you run a business, freelance or work as an independent contractor?", type: "boolean", demoAnswer: "No" },
        {
          key: "other_income",
          text: "Describe any other income (alimony, gambling, prizes, jury duty, foreign income)",
          type: "textarea",
          numberOfCharacters: 500,
          optional: true,
        },
      ],
    },
    {
      key: "self_employment",
      type: SECTION_TYPES.questionnaire,
      name: "Self-Employment",
      instruction: "You told us you were self-employed. A few questions about that work.",
      trigger: { question: "self_employed", answer: "Yes" },
      questions: [
        { key: "se_business_description", text: "What does the business do?", type: "text", numberOfCharacters: 120, demoAnswer: "Freelance photography" },
        { key: "se_gross_receipts", text: "Gross receipts for the year", type: "text", numberOfCharacters: 15, demoAnswer: "$38,400" },
        { key: "se_profit_and_loss", text: "Please upload your profit and loss statement or a summary of income and expenses", type: "upload" },
        {
          key: "se_home_office",
          text: "Did you use part of your home regularly and exclusively for this business?",
          type: "boolean",
          demoAnswer: "No",
        },
        {
          key: "se_home_office_square_feet",
          text: `Square feet used for business (the simplified method allows $${HOME_OFFICE_RATE_PER_SQUARE_FOOT} per square foot, up to ${HOME_OFFICE_MAX_SQUARE_FEET} sq ft)`,
          type: "text",
          numberOfCharacters: 6,
          followUpOf: "se_home_office",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "deductions",
      type: SECTION_TYPES.questionnaire,
      name: "Deductions",
      questions: [
        { key: "mortgage_interest", text: "Did you pay mortgage interest on your home?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "form_1098",
          text: "Please upload your Forms 1098 (mortgage interest statements)",
          type: "upload",
          followUpOf: "mortgage_interest",
          trigger: "Yes",
        },
        {
          key: "property_tax",
          text: "Real estate taxes paid on your home (if not on Form 1098)",
          type: "text",
          numberOfCharacters: 15,
          optional: true,
          demoAnswer: "$6,240",
        },
        {
          key: "charitable_gifts",
          text: "List your charitable contributions",
          type: "entries",
          options: ["Organization", "Date", "Cash or property", "Amount"],
          optional: true,
          demoEntries: [
            { Organization: "Oregon Food Bank", Date: "12/15", "Cash or property": "Cash", Amount: "500" },
            { Organization: "Goodwill", Date: "08/02", "Cash or property": "Property", Amount: "250" },
          ],
        },
        { key: "child_care", text: "Did you pay for child or dependent care so you could work?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "child_care_providers",
          text: "List each care provider",
          type: "entries",
          options: ["Provider name", "Address", "Tax ID or SSN", "Amount paid"],
          followUpOf: "child_care",
          trigger: "Yes",
          demoEntries: [
            {
              "Provider name": "Little Sprouts Learning Center",
              Address: "412 SE Oak St, Portland, OR",
              "Tax ID or SSN": "93-1234567",
              "Amount paid": "4,800",
            },
          ],
        },
        { key: "education_expenses", text: "Please upload Forms 1098-T for tuition paid", type: "upload", optional: true },
        { key: "estimated_payments", text: "Did you make estimated tax payments for {questionnaire_year}?", type: "boolean", demoAnswer: "No" },
        {
          key: "estimated_payment_list",
          text: "List each estimated payment",
          type: "entries",
          options: ["Date paid", "Federal or state", "Amount"],
          followUpOf: "estimated_payments",
          trigger: "Yes",
        },
        { key: "hsa_contributions", text: "Did you contribute to a Health Savings Account (HSA) outside of payroll?", type: "boolean", demoAnswer: "No" },
        {
          key: "notes_for_preparer",
          text: "Anything else we should know about this year?",
          type: "textarea",
          numberOfCharacters: 1000,
          optional: true,
          demoAnswer: "We refinanced the house in June.",
        },
      ],
    },
    {
      key: "documents",
      type: SECTION_TYPES.document_checklist,
      name: "Documents",
      instruction: "Upload each document you have. Use Upload Later if something has not arrived yet.",
      questions: [
        { key: "photo_id", text: "Please upload a photo ID for you and your spouse (front and back)", type: "upload", disableNotApplicable: true },
        { key: "prior_year_return", text: "Please upload last year's tax return if we did not prepare it", type: "upload", optional: true },
        {
          key: "other_tax_documents",
          text: "Please upload any other tax documents you received",
          type: "upload",
          options: ["1095-A", "1099-SA", "5498-SA", "K-1", "Property tax statement", "Other"],
          optional: true,
        },
      ],
    },
    {
      key: "review_and_submit",
      type: SECTION_TYPES.review_and_submit,
      name: "Review and Submit",
      instruction: "Check your answers, then submit the organizer to {firm_name}.",
    },
  ],
};

// ───────────────────────────── Rental ─────────────────────────────

const rental: CannedTemplate = {
  key: "rental",
  name: "Rental Property Questionnaire",
  description: "Schedule E rental real estate: the property, rents, expenses and new assets.",
  sections: [
    {
      key: "rental_general",
      type: SECTION_TYPES.questionnaire,
      name: "General",
      tab: "Rental",
      questions: [
        { key: "rental_address", text: "Property address", type: "textarea", numberOfCharacters: 200, demoAnswer: "2218 NE Alberta St, Portland, OR 97211" },
        {
          key: "rental_property_type",
          text: "Type of property",
          type: "select",
          options: ["Single family residence", "Multi-family residence", "Vacation or short-term rental", "Commercial", "Land", "Other"],
          demoAnswer: "Single family residence",
        },
        { key: "rental_days_rented", text: "Days rented at a fair rental price", type: "text", numberOfCharacters: 3, demoAnswer: "365" },
        { key: "rental_days_personal", text: "Days of personal use", type: "text", numberOfCharacters: 3, demoAnswer: "0" },
        { key: "rental_bought_or_sold", text: "Did you buy or sell this property during {questionnaire_year}?", type: "boolean", demoAnswer: "No" },
        {
          key: "rental_closing_statement",
          text: "Please upload the closing statement",
          type: "upload",
          followUpOf: "rental_bought_or_sold",
          trigger: "Yes",
        },
        { key: "rental_manager", text: "Does a property manager handle this rental?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "rental_manager_statement",
          text: "Please upload the property manager's year-end statement",
          type: "upload",
          followUpOf: "rental_manager",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "rental_income",
      type: SECTION_TYPES.questionnaire,
      name: "Income",
      tab: "Rental Activity",
      questions: [
        { key: "rental_rents_received", text: "Total rents received", type: "text", numberOfCharacters: 15, demoAnswer: "$28,800" },
        {
          key: "rental_other_income",
          text: "Other rental income (late fees, pet fees, forfeited deposits)",
          type: "text",
          numberOfCharacters: 15,
          optional: true,
          demoAnswer: "$350",
        },
        {
          key: "rental_1099",
          text: "Please upload any 1099 forms you received for this rental",
          type: "upload",
          options: ["1099-MISC", "1099-K"],
          optional: true,
        },
      ],
    },
    {
      key: "rental_expenses",
      type: SECTION_TYPES.questionnaire,
      name: "Expenses",
      tab: "Rental Activity",
      instruction: "Enter yearly totals. Leave blank what does not apply.",
      questions: [
        { key: "rental_advertising", text: "Advertising", type: "text", numberOfCharacters: 15, optional: true },
        { key: "rental_cleaning", text: "Cleaning and maintenance", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$1,150" },
        { key: "rental_insurance", text: "Insurance", type: "text", numberOfCharacters: 15, demoAnswer: "$1,420" },
        { key: "rental_mortgage_interest", text: "Mortgage interest paid", type: "text", numberOfCharacters: 15, demoAnswer: "$7,930" },
        { key: "rental_property_taxes", text: "Property taxes", type: "text", numberOfCharacters: 15, demoAnswer: "$4,310" },
        { key: "rental_repairs", text: "Repairs", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$2,060" },
        { key: "rental_utilities", text: "Utilities", type: "text", numberOfCharacters: 15, optional: true },
        { key: "rental_management_fees", text: "Management fees", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$2,880" },
        {
          key: "rental_other_expenses",
          text: "Other expenses",
          type: "entries",
          options: ["Description", "Amount"],
          optional: true,
          demoEntries: [{ Description: "HOA dues", Amount: "960" }],
        },
      ],
    },
    newAssetSection("Rental Activities", "rental"),
  ],
};

// ───────────────────────────── Schedule C ─────────────────────────────

const scheduleC: CannedTemplate = {
  key: "schedule_c",
  name: "Schedule C Business Questionnaire",
  description: "Sole proprietors and single-member LLCs: income, cost of goods sold, expenses, home office, vehicle and assets.",
  sections: [
    {
      key: "business_general",
      type: SECTION_TYPES.questionnaire,
      name: "General",
      tab: "Business Income",
      questions: [
        { key: "business_name", text: "Business name", type: "text", numberOfCharacters: 100, demoAnswer: "Studio North Photography" },
        {
          key: "business_activity",
          text: "Principal business or profession",
          type: "text",
          numberOfCharacters: 100,
          demoAnswer: "Event and portrait photography",
        },
        { key: "business_ein", text: "Employer identification number (if any)", type: "text", numberOfCharacters: 10, optional: true },
        { key: "business_method", text: "Accounting method", type: "select", options: ACCOUNTING_METHODS, demoAnswer: "Cash" },
        { key: "business_started", text: "Did you start or acquire this business in {questionnaire_year}?", type: "boolean", demoAnswer: "No" },
        { key: "business_started_date", text: "Date the business started", type: "date", followUpOf: "business_started", trigger: "Yes" },
        { key: "business_inventory", text: "Does the business sell products or keep inventory?", type: "boolean", demoAnswer: "No" },
        { key: "business_home_office", text: "Did you use part of your home regularly and exclusively for the business?", type: "boolean", demoAnswer: "Yes" },
        { key: "business_paid_contractors", text: "Did you pay anyone $600 or more for services?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "business_filed_1099s",
          text: "Did you or will you file the required Forms 1099?",
          type: "boolean",
          followUpOf: "business_paid_contractors",
          trigger: "Yes",
          demoAnswer: "Yes",
        },
      ],
    },
    {
      key: "business_income",
      type: SECTION_TYPES.questionnaire,
      name: "Income",
      tab: "Business Income",
      questions: [
        { key: "business_gross_receipts", text: "Gross receipts or sales", type: "text", numberOfCharacters: 15, demoAnswer: "$84,500" },
        { key: "business_returns", text: "Returns and allowances", type: "text", numberOfCharacters: 15, optional: true },
        { key: "business_other_income", text: "Other business income", type: "text", numberOfCharacters: 15, optional: true },
        {
          key: "business_1099",
          text: "Please upload the 1099 forms the business received",
          type: "upload",
          options: ["1099-NEC", "1099-K", "1099-MISC"],
          optional: true,
        },
      ],
    },
    {
      key: "business_cogs",
      type: SECTION_TYPES.questionnaire,
      name: "Cost of Goods Sold",
      tab: "Business Income",
      trigger: { question: "business_inventory", answer: "Yes" },
      questions: [
        { key: "cogs_method", text: "Method used to value closing inventory", type: "select", options: ["Cost", "Lower of cost or market", "Other"] },
        { key: "cogs_beginning", text: "Inventory at the beginning of the year", type: "text", numberOfCharacters: 15 },
        { key: "cogs_purchases", text: "Purchases", type: "text", numberOfCharacters: 15 },
        { key: "cogs_labor", text: "Cost of labor (not paid to yourself)", type: "text", numberOfCharacters: 15, optional: true },
        { key: "cogs_materials", text: "Materials and supplies", type: "text", numberOfCharacters: 15, optional: true },
        { key: "cogs_ending", text: "Inventory at the end of the year", type: "text", numberOfCharacters: 15 },
      ],
    },
    {
      key: "business_expenses",
      type: SECTION_TYPES.questionnaire,
      name: "Expenses",
      tab: "Business Activity Income and Expenses",
      instruction: "Enter yearly totals, or upload a profit and loss statement that shows them.",
      questions: [
        { key: "business_pl", text: "Please upload your profit and loss statement", type: "upload", optional: true },
        { key: "business_advertising", text: "Advertising", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$1,200" },
        { key: "business_contract_labor", text: "Contract labor", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$6,000" },
        { key: "business_insurance", text: "Insurance (other than health)", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$890" },
        { key: "business_legal", text: "Legal and professional services", type: "text", numberOfCharacters: 15, optional: true },
        { key: "business_office", text: "Office expense and supplies", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$2,340" },
        { key: "business_rent", text: "Rent or lease (vehicles, equipment, other property)", type: "text", numberOfCharacters: 15, optional: true },
        { key: "business_travel", text: "Travel", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$1,760" },
        { key: "business_meals", text: "Business meals", type: "text", numberOfCharacters: 15, optional: true },
        { key: "business_phone", text: "Phone and internet (business share)", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$1,020" },
        {
          key: "business_other_expenses",
          text: "Other expenses",
          type: "entries",
          options: ["Description", "Amount"],
          optional: true,
          demoEntries: [{ Description: "Software subscriptions", Amount: "720" }],
        },
      ],
    },
    {
      key: "business_home_office_section",
      type: SECTION_TYPES.questionnaire,
      name: "Home Office",
      tab: "Business Activity Income and Expenses",
      trigger: { question: "business_home_office", answer: "Yes" },
      instruction: `The simplified method allows $${HOME_OFFICE_RATE_PER_SQUARE_FOOT} per square foot of office, up to ${HOME_OFFICE_MAX_SQUARE_FEET} square feet.`,
      questions: [
        {
          key: "home_office_square_feet",
          text: "Square feet used regularly and exclusively for business",
          type: "text",
          numberOfCharacters: 6,
          demoAnswer: "180",
        },
        { key: "home_square_feet", text: "Total square feet of your home", type: "text", numberOfCharacters: 6, demoAnswer: "1,850" },
        {
          key: "home_office_method",
          text: "Which method should we use?",
          type: "select",
          options: [`Simplified method ($${HOME_OFFICE_RATE_PER_SQUARE_FOOT} per square foot)`, "Regular method (actual expenses)", "Whichever is larger"],
          demoAnswer: "Whichever is larger",
        },
        {
          key: "home_expenses",
          text: "Home expenses for the year (regular method)",
          type: "entries",
          options: ["Expense", "Amount"],
          followUpOf: "home_office_method",
          trigger: "Regular method (actual expenses)",
        },
      ],
    },
    vehicleSection("Business Activity Income and Expenses", "business"),
    newAssetSection("Businesses Activities", "business"),
  ],
};

// ───────────────────────────── Farm ─────────────────────────────

const farm: CannedTemplate = {
  key: "farm",
  name: "Farm Questionnaire",
  description: "Schedule F farming: income, expenses, vehicles and new assets.",
  sections: [
    {
      key: "farm_general",
      type: SECTION_TYPES.questionnaire,
      name: "General",
      tab: "Farm",
      questions: [
        { key: "farm_name", text: "Name of the farm", type: "text", numberOfCharacters: 100, demoAnswer: "Willow Creek Farm" },
        { key: "farm_activity", text: "Principal crop or activity", type: "text", numberOfCharacters: 100, demoAnswer: "Hay and cattle" },
        { key: "farm_method", text: "Accounting method", type: "select", options: ACCOUNTING_METHODS, demoAnswer: "Cash" },
        { key: "farm_participation", text: "Did you materially participate in the farm's operation?", type: "boolean", demoAnswer: "Yes" },
        { key: "farm_crop_insurance", text: "Did you receive crop insurance proceeds or disaster payments?", type: "boolean", demoAnswer: "No" },
        {
          key: "farm_crop_insurance_detail",
          text: "Amount received and whether you elect to defer it to next year",
          type: "textarea",
          numberOfCharacters: 300,
          followUpOf: "farm_crop_insurance",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "farm_income",
      type: SECTION_TYPES.questionnaire,
      name: "Income",
      tab: "Farm Activities",
      questions: [
        { key: "farm_sales_livestock", text: "Sales of livestock and produce you raised", type: "text", numberOfCharacters: 15, demoAnswer: "$142,300" },
        { key: "farm_sales_resale", text: "Sales of livestock and items you bought for resale", type: "text", numberOfCharacters: 15, optional: true },
        { key: "farm_program_payments", text: "Agricultural program payments", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$8,400" },
        {
          key: "farm_1099",
          text: "Please upload the farm's 1099 forms",
          type: "upload",
          options: ["1099-PATR", "1099-G", "CCC-1099-G", "1099-MISC"],
          optional: true,
        },
      ],
    },
    {
      key: "farm_expenses",
      type: SECTION_TYPES.questionnaire,
      name: "Expenses",
      tab: "Farm Activities",
      questions: [
        { key: "farm_feed", text: "Feed", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$21,900" },
        { key: "farm_seed", text: "Seeds and plants", type: "text", numberOfCharacters: 15, optional: true },
        { key: "farm_fertilizer", text: "Fertilizers and lime", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$6,750" },
        { key: "farm_fuel", text: "Gasoline, fuel and oil", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$9,120" },
        { key: "farm_labor", text: "Labor hired", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$18,000" },
        { key: "farm_rent", text: "Rent or lease of land and equipment", type: "text", numberOfCharacters: 15, optional: true },
        { key: "farm_vet", text: "Veterinary, breeding and medicine", type: "text", numberOfCharacters: 15, optional: true, demoAnswer: "$3,480" },
        { key: "farm_repairs", text: "Repairs and maintenance", type: "text", numberOfCharacters: 15, optional: true },
        { key: "farm_other_expenses", text: "Other expenses", type: "entries", options: ["Description", "Amount"], optional: true },
      ],
    },
    vehicleSection("Farm Activities", "farm"),
    newAssetSection("Farm Activities", "farm"),
  ],
};

// ───────────────────────────── S-corporations and partnerships ─────────────────────────────

const sCorpPartnership: CannedTemplate = {
  key: "s_corp_partnership",
  name: "S-Corporation and Partnership Questionnaire",
  description: "Form 1120-S and 1065: books, payroll, vehicles, loans, K-1s, rentals and estimated payments.",
  sections: [
    {
      key: "entity_general",
      type: SECTION_TYPES.questionnaire,
      name: "General",
      tab: "S-Corps and Partnerships",
      questions: [
        { key: "entity_ownership_changed", text: "Did ownership change during {questionnaire_year}?", type: "boolean", demoAnswer: "No" },
        {
          key: "entity_owners",
          text: "List the owners and their percentages",
          type: "entries",
          options: ["Owner name", "Percentage at start of year", "Percentage at end of year"],
          followUpOf: "entity_ownership_changed",
          trigger: "Yes",
        },
        { key: "entity_distributions", text: "Did the business make distributions to owners?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "entity_distributions_amount",
          text: "Total distributions per owner",
          type: "textarea",
          numberOfCharacters: 300,
          followUpOf: "entity_distributions",
          trigger: "Yes",
          demoAnswer: "Each owner received $24,000.",
        },
        {
          key: "entity_states",
          text: "In which states did the business have employees, property or sales?",
          type: "multiple",
          options: ["Oregon", "Washington", "California", "Idaho", "Colorado", "Utah", "Arizona", "Other"],
          demoAnswer: "Oregon&!&Washington",
        },
      ],
    },
    {
      key: "entity_financials",
      type: SECTION_TYPES.questionnaire,
      name: "Financial Information",
      tab: "S-Corps and Partnerships",
      questions: [
        {
          key: "entity_books",
          text: "Please upload your year-end financial statements",
          type: "upload",
          options: ["Balance sheet", "Profit and loss", "General ledger", "Trial balance"],
        },
        {
          key: "entity_bookkeeping",
          text: "Where are the books kept?",
          type: "select",
          options: ["QuickBooks Online", "QuickBooks Desktop", "Xero", "Spreadsheet", "Other"],
          demoAnswer: "QuickBooks Online",
        },
        { key: "entity_books_password", text: "Password for the financial statement files, if they are protected", type: "password", optional: true },
        { key: "entity_bank_statements", text: "Please upload December bank and credit card statements", type: "upload", optional: true },
      ],
    },
    {
      key: "entity_payroll",
      type: SECTION_TYPES.questionnaire,
      name: "Payroll",
      tab: "S-Corps and Partnerships",
      questions: [
        { key: "entity_has_employees", text: "Did the business have employees?", type: "boolean", demoAnswer: "Yes" },
        {
          key: "entity_payroll_reports",
          text: "Please upload your payroll reports",
          type: "upload",
          options: ["Form 941", "Form 940", "W-2 and W-3", "State payroll returns"],
          followUpOf: "entity_has_employees",
          trigger: "Yes",
        },
        {
          key: "entity_officer_wages",
          text: "Were owners who work in the business paid reasonable wages through payroll?",
          type: "boolean",
          demoAnswer: "Yes",
        },
        {
          key: "entity_retirement_plan",
          text: "Does the business sponsor a retirement plan?",
          type: "select",
          options: ["None", "SIMPLE IRA", "SEP IRA", "401(k)", "Other"],
          demoAnswer: "SIMPLE IRA",
        },
      ],
    },
    {
      key: "entity_auto",
      type: SECTION_TYPES.questionnaire,
      name: "Auto",
      tab: "S-Corps and Partnerships",
      questions: [
        { key: "entity_owns_vehicles", text: "Does the business own or lease vehicles?", type: "boolean", demoAnswer: "No" },
        {
          key: "entity_vehicles",
          text: "List each vehicle",
          type: "entries",
          options: ["Vehicle", "Owned or leased", "Total miles", "Business miles"],
          followUpOf: "entity_owns_vehicles",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "entity_loans",
      type: SECTION_TYPES.questionnaire,
      name: "Loans",
      tab: "S-Corps and Partnerships",
      questions: [
        { key: "entity_owner_loans", text: "Are there loans between the business and its owners?", type: "boolean", demoAnswer: "No" },
        {
          key: "entity_owner_loan_list",
          text: "List each loan",
          type: "entries",
          options: ["Lender", "Borrower", "Balance at year end", "Interest rate"],
          followUpOf: "entity_owner_loans",
          trigger: "Yes",
        },
        { key: "entity_new_loans", text: "Did the business take out new loans or lines of credit?", type: "boolean", demoAnswer: "No" },
        { key: "entity_loan_statements", text: "Please upload the year-end loan statements", type: "upload", followUpOf: "entity_new_loans", trigger: "Yes" },
      ],
    },
    {
      key: "entity_k1",
      type: SECTION_TYPES.questionnaire,
      name: "K-1",
      tab: "S-Corps and Partnerships",
      questions: [
        {
          key: "entity_received_k1",
          text: "Did the business receive Schedules K-1 from other partnerships, S-corporations or trusts?",
          type: "boolean",
          demoAnswer: "No",
        },
        {
          key: "entity_k1_uploads",
          text: "Please upload the Schedules K-1 the business received",
          type: "upload",
          followUpOf: "entity_received_k1",
          trigger: "Yes",
        },
        { key: "entity_owner_addresses", text: "Did any owner's address change?", type: "boolean", demoAnswer: "No" },
        {
          key: "entity_owner_address_detail",
          text: "Owner and new address",
          type: "textarea",
          numberOfCharacters: 300,
          followUpOf: "entity_owner_addresses",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "entity_rental",
      type: SECTION_TYPES.questionnaire,
      name: "Rental",
      tab: "S-Corps and Partnerships",
      questions: [
        { key: "entity_owns_rentals", text: "Does the business own rental real estate?", type: "boolean", demoAnswer: "No" },
        {
          key: "entity_rental_detail",
          text: "Describe each property, its rents and its expenses",
          type: "textarea",
          numberOfCharacters: 1000,
          followUpOf: "entity_owns_rentals",
          trigger: "Yes",
        },
      ],
    },
    {
      key: "entity_estimates",
      type: SECTION_TYPES.questionnaire,
      name: "Estimated Tax Payments",
      tab: "S-Corps and Partnerships",
      questions: [
        {
          key: "entity_estimated_payments",
          text: "List the estimated tax payments the business made",
          type: "entries",
          options: ["Date paid", "Federal or state", "Jurisdiction", "Amount"],
          optional: true,
          demoEntries: [
            { "Date paid": "04/15", "Federal or state": "State", Jurisdiction: "OR", Amount: "150" },
            { "Date paid": "06/15", "Federal or state": "State", Jurisdiction: "OR", Amount: "150" },
          ],
        },
        { key: "entity_extension", text: "Date the extension was filed, if any", type: "date", optional: true },
      ],
    },
    newAssetSection("S-Corps and Partnerships", "entity"),
  ],
};

/** Every canned template, in the order the template list shows them. */
export const CANNED_TEMPLATES: readonly CannedTemplate[] = [individualOrganizer, rental, scheduleC, farm, sCorpPartnership];

export function cannedTemplate(key: CannedTemplateKey): CannedTemplate {
  const template = CANNED_TEMPLATES.find((t) => t.key === key);
  if (!template) throw new Error(`Unknown canned template ${key}`);
  return template;
}
