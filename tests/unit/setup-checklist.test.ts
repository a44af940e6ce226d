import { describe, expect, it } from "vitest";
import { setupChecklist, setupComplete, showSetupChecklist, type SetupFacts } from "~/setup/checklist";

const fresh: SetupFacts = { logo: false, brandColor: null, themeName: "default", staffUsers: 1, clientUsers: 0, questionnairesSent: 0 };
const done = (facts: SetupFacts) => Object.fromEntries(setupChecklist(facts).map((s) => [s.id, s.done]));

describe("firm setup checklist", () => {
  it("a new firm has every step to do, in order, and no payments step", () => {
    expect(setupChecklist(fresh).map((s) => s.id)).toEqual(["brand", "team", "client", "questionnaire"]);
    expect(done(fresh)).toEqual({ brand: false, team: false, client: false, questionnaire: false });
  });

  it("the payments step is there when the portal takes payments, done once the firm's account can", () => {
    expect(setupChecklist({ ...fresh, payments: "off" }).map((s) => s.id)).not.toContain("payments");
    expect(setupChecklist({ ...fresh, payments: false }).map((s) => s.id)).toEqual(["brand", "team", "client", "questionnaire", "payments"]);
    expect(done({ ...fresh, payments: false }).payments).toBe(false);
    expect(done({ ...fresh, payments: true }).payments).toBe(true);
    const all = { logo: true, brandColor: null, themeName: "default", staffUsers: 3, clientUsers: 5, questionnairesSent: 2 };
    expect(setupComplete(setupChecklist({ ...all, payments: false }))).toBe(false);
    expect(setupComplete(setupChecklist({ ...all, payments: true }))).toBe(true);
  });

  it("branding ticks with a logo, a brand colour or another theme", () => {
    expect(done({ ...fresh, logo: true }).brand).toBe(true);
    expect(done({ ...fresh, brandColor: "#0a7d4f" }).brand).toBe(true);
    expect(done({ ...fresh, themeName: "warm" }).brand).toBe(true);
  });

  it("a firm that signed itself up (the default theme by name) still has branding to do", () => {
    expect(done({ ...fresh, themeName: "modern" }).brand).toBe(false);
  });

  it("the team ticks with a second staff user; clients and questionnaires with the first", () => {
    expect(done({ ...fresh, staffUsers: 2 }).team).toBe(true);
    expect(done({ ...fresh, clientUsers: 1 }).client).toBe(true);
    expect(done({ ...fresh, questionnairesSent: 1 }).questionnaire).toBe(true);
  });

  it("links each step to where it is done", () => {
    expect(Object.fromEntries(setupChecklist(fresh).map((s) => [s.id, s.to]))).toMatchObject({ brand: "/firm", team: "/settings/team", client: "/clients" });
  });

  it("shows to partners until complete or dismissed", () => {
    const steps = setupChecklist(fresh);
    expect(showSetupChecklist({ firmAccess: "partner", dismissed: false }, steps)).toBe(true);
    expect(showSetupChecklist({ firmAccess: "partner", dismissed: true }, steps)).toBe(false);
    expect(showSetupChecklist({ firmAccess: "full", dismissed: false }, steps)).toBe(false);
    const all = setupChecklist({ logo: true, brandColor: null, themeName: "default", staffUsers: 3, clientUsers: 5, questionnairesSent: 2 });
    expect(setupComplete(all)).toBe(true);
    expect(showSetupChecklist({ firmAccess: "partner", dismissed: false }, all)).toBe(false);
  });
});
