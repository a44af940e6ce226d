/**
 * The server renders the header's menus (account menu, notification bell, entity selector) and
 * each question's Actions menu as their buttons only: Headless UI's menus run in the browser, where
 * they replace those buttons when the reader reaches them (`useLiveOnReach`). Rendering them on the
 * server was about a fifth of a signed-in page's CPU (`scripts/bench/tenant-page.ts`). The buttons
 * keep their names and say they open a menu; tests/e2e/menus-before-code.spec.ts checks the swap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

const SLUG = "acme";

let app: TestApp;
let client: Browser;
let partner: Browser;

beforeAll(async () => {
  app = await bootApp({ name: "server-html-menus" });
  client = await app.signIn(SLUG, "client@acme.test");
  partner = await app.signIn(SLUG, "partner@acme.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** The page's HTML (200). */
async function html(who: Browser, path: string): Promise<string> {
  const response = await who.get(SLUG, path);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.text;
}

/** The opening tags of the page's buttons whose aria-label starts with `label`. */
function buttons(page: string, label: string): string[] {
  return [...page.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`aria-label="${label}`));
}

describe("the server's HTML of a signed-in page", () => {
  it("the client's dashboard: the account menu, the bell and the entity selector are plain buttons", async () => {
    const page = await html(client, "/");
    const account = buttons(page, "Account menu for ");
    expect(account).toHaveLength(1);
    expect(account[0]).toContain('aria-haspopup="menu"');
    expect(account[0]).toContain('aria-expanded="false"');
    expect(buttons(page, "Notifications")).toHaveLength(1);
    // The entity selector (the demo client has two entities) is named by its label and value.
    expect(page).toMatch(/<button[^>]*aria-labelledby="[^"]*-label [^"]*-value"[^>]*aria-expanded="false"/);
    // No Headless UI component was rendered on the server.
    expect(page).not.toContain("data-headlessui-state");
  });

  it("a questionnaire page: each question's Actions menu is a plain button", async () => {
    const { rows } = await app.su.query(
      `SELECT c.hash_id AS hash, q.id FROM questionnaires q JOIN companies c ON c.id = q.company_id
         JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE u.email = 'client@acme.test' AND q.deleted_at IS NULL AND NOT q.is_draft AND NOT q.completed AND NOT q.locked AND q.submitted_at IS NULL AND q.deposit_amount_cents IS NULL
        ORDER BY q.tax_year DESC, q.id LIMIT 1`,
    );
    expect(rows[0], "the demo client has an open questionnaire").toBeTruthy();
    const page = await html(client, `/questionnaire/${rows[0].hash}?questionnaireId=${rows[0].id}`);
    const actions = buttons(page, "Actions for question");
    expect(actions.length).toBeGreaterThan(1);
    for (const tag of actions) expect(tag).toContain('aria-haspopup="menu"');
    expect(page).not.toContain("data-headlessui-state");
  });

  it("a staff page: the account menu and the bell are plain buttons", async () => {
    const page = await html(partner, "/templates");
    expect(buttons(page, "Account menu for ")).toHaveLength(1);
    expect(buttons(page, "Notifications")).toHaveLength(1);
  });
});
