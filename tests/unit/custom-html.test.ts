import { describe, expect, it } from "vitest";
import { customHtml } from "~/home/custom-html.server";

const firm = (id: string, customElements: string | null, customElementEnabled = true) =>
  ({ id, preferences: { customElementEnabled, customElements } }) as Parameters<typeof customHtml>[0];

describe("the dashboard's custom element", () => {
  it("is sanitised, and null when off or empty", () => {
    expect(customHtml(firm("firm_a", '<h2>Hours</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a>'))).toBe(
      '<h2>Hours</h2><a rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(customHtml(firm("firm_a", "<p>Hi</p>", false))).toBeNull();
    expect(customHtml(firm("firm_a", ""))).toBeNull();
  });

  it("shows a changed setting at once, though the sanitised HTML is kept per firm", () => {
    expect(customHtml(firm("firm_b", "<p>Before</p>"))).toBe("<p>Before</p>");
    expect(customHtml(firm("firm_b", "<p>Before</p>"))).toBe("<p>Before</p>");
    expect(customHtml(firm("firm_b", '<p>After</p><a href="https://example.com">Hours</a>'))).toBe(
      '<p>After</p><a href="https://example.com" rel="noopener noreferrer" target="_blank">Hours</a>',
    );
    // Another firm's element is its own.
    expect(customHtml(firm("firm_c", "<p>Other</p>"))).toBe("<p>Other</p>");
    expect(customHtml(firm("firm_b", '<p>After</p><a href="https://example.com">Hours</a>'))).toContain("After");
    expect(customHtml(firm("firm_b", "<p>Before</p>"))).toBe("<p>Before</p>");
  });
});
