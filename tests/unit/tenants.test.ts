import { describe, expect, it } from "vitest";
import { Prisma, QuestionType } from "../../app/generated/prisma/browser";
import {
  ASSET_THRESHOLD_EQUIPMENT_REPAIRS,
  ASSET_THRESHOLD_FURNITURE_FIXTURES,
  CANNED_TEMPLATES,
  CANNED_TEMPLATE_KEYS,
  HOME_OFFICE_RATE_PER_SQUARE_FOOT,
  QUESTION_TYPES,
  SECTION_TYPES,
  sectionListSchema,
  type SectionDefinition,
} from "../../app/templates/canned";
import { acme } from "../../tenants/acme";
import { demoFirms } from "../../tenants/index";
import {
  BUILT_IN_ENTITY_TYPES,
  QUESTIONNAIRE_SCENARIOS,
  firmDefinitionSchema,
  firmPreferencesSchema,
  type FirmDefinition,
  type FirmDefinitionInput,
} from "../../tenants/schema";
import { summit } from "../../tenants/summit";

const bySlug = (slug: string): FirmDefinition => demoFirms.find((f) => f.slug === slug)!;
const questionnairesOf = (firm: FirmDefinition) => firm.clients.flatMap((c) => c.entities.flatMap((e) => e.questionnaires));
const questionsOf = (sections: SectionDefinition[]) => sections.flatMap((s) => s.questions ?? []);

describe("demo firm definitions", () => {
  it("validate against the firm schema", () => {
    for (const firm of [acme, summit]) {
      const result = firmDefinitionSchema.safeParse(firm);
      expect(result.success, result.error?.message).toBe(true);
    }
    expect(demoFirms.map((f) => f.slug)).toEqual(["acme", "summit"]);
  });

  it("are two different firms: slug, name, theme, brand colour, vocabulary and preferences", () => {
    const [a, s] = [bySlug("acme"), bySlug("summit")];
    expect(a.name).toBe("Acme Tax & Advisory");
    expect(s.name).toBe("Summit CPA Group");
    expect(a.themeName).toBe("modern");
    expect(s.themeName).toBe("classic");
    expect(a.brandColor.toLowerCase()).not.toBe(s.brandColor.toLowerCase());
    expect(a.vocabulary).toContainEqual(expect.objectContaining({ keyWord: "Questionnaire", replacement: "Organizer" }));
    expect(s.vocabulary).toContainEqual(expect.objectContaining({ keyWord: "Entity", replacement: "Account" }));
    expect(a.preferences.documentDropOffEnabled).toBe(true);
    expect(s.preferences.documentDropOffEnabled).toBeFalsy();
    expect(s.preferences.newTaxReturnDeliveryEnabled).toBe(true);
    expect(a.preferences.newTaxReturnDeliveryEnabled).toBeFalsy();
    expect(s.preferences.hasFirmGroups).toBe(true);
    expect(s.groups.length).toBeGreaterThan(0);
  });

  it("name preferences exactly as the FirmPreferences model does", () => {
    const modelFields = Object.keys(Prisma.FirmPreferencesScalarFieldEnum).filter((k) => k !== "firmId" && k !== "updatedAt");
    expect(Object.keys(firmPreferencesSchema.shape).sort()).toEqual(modelFields.sort());
  });

  for (const slug of ["acme", "summit"]) {
    describe(slug, () => {
      const firm = bySlug(slug);
      const clientsWhere = (test: (c: FirmDefinition["clients"][number]) => boolean) => firm.clients.filter(test);

      it("has a partner, an admin and an advisor who can sign in with the demo emails", () => {
        const staff = (local: string) => firm.staff.find((s) => s.email === `${local}@${slug}.test`);
        expect(staff("partner")).toMatchObject({ firmAccess: "partner", isAdvisor: true });
        expect(staff("admin")).toMatchObject({ firmAccess: "admin" });
        expect(staff("advisor")).toMatchObject({ firmAccess: "full", isAdvisor: true });
      });

      it("has at least 25 clients with individual and business entities of every built-in type", () => {
        expect(firm.clients.length).toBeGreaterThanOrEqual(25);
        const types = new Set(firm.clients.flatMap((c) => c.entities.map((e) => e.entityType)));
        for (const type of BUILT_IN_ENTITY_TYPES) expect(types, type).toContain(type);
        const individuals = firm.clients.flatMap((c) => c.entities).filter((e) => e.entityType === "Individual");
        expect(individuals.some((e) => e.name.includes(" & "))).toBe(true);
      });

      it(`gives client@${slug}.test two active entities (an individual and a business) and several questionnaires`, () => {
        const client = firm.clients.find((c) => c.email === `client@${slug}.test`)!;
        expect(client).toBeDefined();
        const active = client.entities.filter((e) => !e.inactive);
        expect(active).toHaveLength(2);
        expect(active.map((e) => e.entityType)).toContain("Individual");
        expect(active.some((e) => e.entityType !== "Individual")).toBe(true);
        expect(active.flatMap((e) => e.questionnaires).length).toBeGreaterThanOrEqual(3);
        expect(client.spouse).toBeDefined();
      });

      it("covers every questionnaire scenario, both tax years and a custom firm status", () => {
        const questionnaires = questionnairesOf(firm);
        const scenarios = new Set(questionnaires.map((q) => q.status));
        for (const scenario of QUESTIONNAIRE_SCENARIOS) expect(scenarios, scenario).toContain(scenario);
        expect(new Set(questionnaires.map((q) => q.taxYear))).toEqual(new Set([2024, 2025]));
        expect(questionnaires.some((q) => q.customStatus)).toBe(true);
        expect(questionnaires.some((q) => q.openItem)).toBe(true);
        expect(questionnaires.some((q) => q.sections)).toBe(true);
        const templates = new Set(questionnaires.flatMap((q) => (q.template ? [q.template] : [])));
        for (const key of CANNED_TEMPLATE_KEYS) expect(templates, key).toContain(key);
      });

      it("has the special clients: only inactive entities, read-only, deactivated, read-only entity, spouse, no email", () => {
        expect(clientsWhere((c) => c.entities.every((e) => e.inactive))).toHaveLength(1);
        expect(clientsWhere((c) => c.readonlyAccess).length).toBeGreaterThanOrEqual(1);
        expect(clientsWhere((c) => !c.paying).length).toBeGreaterThanOrEqual(1);
        expect(firm.clients.flatMap((c) => c.entities).filter((e) => e.readonlyAccess).length).toBeGreaterThanOrEqual(1);
        expect(clientsWhere((c) => !!c.spouse).length).toBeGreaterThanOrEqual(1);
        expect(clientsWhere((c) => !c.email).length).toBeGreaterThanOrEqual(1);
        expect(firm.clients.flatMap((c) => c.entities).some((e) => e.coOwnerEmails.length > 0)).toBe(true);
      });
    });
  }
});

describe("firm definition schema", () => {
  const minimal = (): FirmDefinitionInput => ({
    slug: "sample",
    name: "Sample Firm",
    themeName: "warm",
    brandColor: "#336699",
    supportEmail: "help@sample.test",
    timeZone: "Central Time (US & Canada)",
    staff: [{ email: "partner@sample.test", fname: "Pat", lname: "Lee", firmAccess: "partner", isAdvisor: true }],
    clients: [
      {
        email: "one@example.com",
        fname: "Ann",
        lname: "One",
        assignedAdvisorEmail: "partner@sample.test",
        entities: [
          {
            name: "Ann One",
            entityType: "Individual",
            street: "1 Main St",
            city: "Austin",
            state: "TX",
            zip: "78701",
            questionnaires: [{ name: "2025 Individual Tax Organizer", taxYear: 2025, template: "individual_organizer", status: "sent" }],
          },
        ],
      },
    ],
  });
  const problems = (firm: FirmDefinitionInput) => {
    const result = firmDefinitionSchema.safeParse(firm);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it("accepts a minimal firm and fills defaults", () => {
    const parsed = firmDefinitionSchema.parse(minimal());
    expect(parsed.preferences).toEqual({});
    expect(parsed.clients[0].paying).toBe(true);
    expect(parsed.clients[0].entities[0].country).toBe("US");
  });

  it("rejects an unknown theme, a bad colour and an unknown preference", () => {
    expect(problems({ ...minimal(), themeName: "neon" as "warm" }).length).toBeGreaterThan(0);
    expect(problems({ ...minimal(), brandColor: "teal" })).toContain("A #rrggbb colour");
    expect(problems({ ...minimal(), preferences: { notAFlag: true } as never }).length).toBeGreaterThan(0);
  });

  it("rejects a client whose advisor is not on staff, and duplicate emails", () => {
    const firm = minimal();
    firm.clients[0].assignedAdvisorEmail = "nobody@sample.test";
    expect(problems(firm)).toContain("nobody@sample.test is not an advisor of the firm");
    const twice = minimal();
    twice.clients[0].email = "partner@sample.test";
    expect(problems(twice).some((m) => m.includes("used twice"))).toBe(true);
  });

  it("applies the spec's entity name rules", () => {
    const firm = minimal();
    firm.clients.push({ ...firm.clients[0], email: "two@example.com" });
    expect(problems(firm)).toContain("Entity Name already exists.");
    const slash = minimal();
    slash.clients[0].entities[0].name = "A/B Holdings";
    expect(problems(slash)).toContain('Entity Name cannot contain a "/" character.');
  });

  it("wants either a template or sections on a questionnaire, and known custom statuses", () => {
    const both = minimal();
    both.clients[0].entities[0].questionnaires = [
      { name: "X", taxYear: 2025, template: "rental", sections: [{ key: "s", type: 3, name: "S" }], status: "sent" },
    ];
    expect(problems(both)).toContain("A questionnaire has either a template or its own sections");
    const status = minimal();
    status.clients[0].entities[0].questionnaires![0].customStatus = "Mystery";
    expect(problems(status)).toContain("Unknown custom status Mystery");
  });

  it("requires a firm group for every client when the firm has groups", () => {
    const firm = { ...minimal(), preferences: { hasFirmGroups: true }, groups: ["Individuals"] };
    expect(problems(firm)).toContain("Firm group is required when the firm has groups");
  });
});

describe("canned questionnaire templates", () => {
  const allQuestions = CANNED_TEMPLATES.flatMap((t) => questionsOf(t.sections));

  it("are valid section lists with stable, unique keys", () => {
    expect(CANNED_TEMPLATES.map((t) => t.key)).toEqual([...CANNED_TEMPLATE_KEYS]);
    for (const template of CANNED_TEMPLATES) {
      const result = sectionListSchema.safeParse(template.sections);
      expect(result.success, `${template.key}: ${result.error?.message}`).toBe(true);
    }
  });

  it("use the database's question types, every one of them", () => {
    expect([...QUESTION_TYPES].sort()).toEqual(Object.values(QuestionType).sort());
    expect(new Set(allQuestions.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
  });

  it("start upload questions with 'Please upload', some with document options", () => {
    const uploads = allQuestions.filter((q) => q.type === "upload");
    expect(uploads.every((q) => q.text.startsWith("Please upload"))).toBe(true);
    expect(uploads.some((q) => q.options?.length)).toBe(true);
  });

  it("have follow-up questions on a boolean answer, triggered sections and length-limited text", () => {
    expect(allQuestions.some((q) => q.followUpOf && q.trigger === "Yes")).toBe(true);
    expect(CANNED_TEMPLATES.some((t) => t.sections.some((s) => s.trigger))).toBe(true);
    expect(allQuestions.some((q) => q.type === "textarea" && q.numberOfCharacters)).toBe(true);
  });

  it("give the Individual Tax Organizer its engagement letter, questions, documents and review", () => {
    const organizer = CANNED_TEMPLATES.find((t) => t.key === "individual_organizer")!;
    expect(organizer.name).toBe("Individual Tax Organizer");
    const untriggered = organizer.sections.filter((s) => !s.trigger);
    expect(untriggered.map((s) => [s.name, s.type])).toEqual([
      ["Engagement Letter", SECTION_TYPES.agreement_signature],
      ["Personal Information", SECTION_TYPES.questionnaire],
      ["Income", SECTION_TYPES.questionnaire],
      ["Deductions", SECTION_TYPES.questionnaire],
      ["Documents", SECTION_TYPES.document_checklist],
      ["Review and Submit", SECTION_TYPES.review_and_submit],
    ]);
  });

  it("have the sections and tabs the spec names", () => {
    const sections = (key: string) => CANNED_TEMPLATES.find((t) => t.key === key)!.sections.map((s) => s.name);
    expect(sections("schedule_c")).toEqual(
      expect.arrayContaining(["General", "Income", "Cost of Goods Sold", "Expenses", "Home Office", "Business Use of Vehicle", "New Asset"]),
    );
    expect(sections("s_corp_partnership")).toEqual(
      expect.arrayContaining(["Financial Information", "Payroll", "Auto", "Loans", "K-1", "Rental", "Estimated Tax Payments"]),
    );
    const tabs = new Set(CANNED_TEMPLATES.flatMap((t) => t.sections.flatMap((s) => (s.tab ? [s.tab] : []))));
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
  });

  it("quote the spec's home office rate and asset thresholds", () => {
    const text = JSON.stringify(CANNED_TEMPLATES);
    expect(HOME_OFFICE_RATE_PER_SQUARE_FOOT).toBe(5);
    expect(ASSET_THRESHOLD_FURNITURE_FIXTURES).toBe(2500);
    expect(ASSET_THRESHOLD_EQUIPMENT_REPAIRS).toBe(500);
    expect(text).toContain("$5 per square foot");
    expect(text).toContain("$2,500");
    expect(text).toContain("$500");
  });
});
