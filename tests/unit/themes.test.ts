import { describe, expect, it } from "vitest";
import { brandColors, contrastRatio, normaliseHex, safeBrandColors } from "../../themes/brand";
import { hexColorSchema } from "../../themes/brand-schema";
import { DEFAULT_THEME, THEME_INFO, themeNames, toThemeName } from "../../themes/catalog";
import { THEME_TOKENS } from "../../themes/tokens";
import { themeNameSchema } from "../../themes/theme-name-schema";
import type { ThemeTokens } from "../../themes/tokens/types";

describe("brandColors", () => {
  it("normalises short and long hex, with or without #", () => {
    expect(brandColors("#1f3a5f").brand).toBe("#1F3A5F");
    expect(brandColors("1F3A5F").brand).toBe("#1F3A5F");
    expect(brandColors("#abc").brand).toBe("#AABBCC");
    expect(brandColors("  #0f766e ").brand).toBe("#0F766E");
  });

  it("rejects anything that is not a hex colour", () => {
    for (const bad of ["", "#", "#12", "#1234", "#12345", "#1234567", "#ggg", "red", "rgb(0,0,0)", "#12 345", "javascript:x"]) {
      expect(() => brandColors(bad), bad).toThrow(RangeError);
      expect(safeBrandColors(bad), bad).toBeNull();
    }
    expect(safeBrandColors(null)).toBeNull();
    expect(safeBrandColors(undefined)).toBeNull();
  });

  it("puts white text on dark brands and black text on light ones", () => {
    expect(brandColors("#1F3A5F").brandContrast).toBe("#FFFFFF");
    expect(brandColors("#000000").brandContrast).toBe("#FFFFFF");
    expect(brandColors("#FFD400").brandContrast).toBe("#000000");
    expect(brandColors("#FFFFFF").brandContrast).toBe("#000000");
    expect(brandColors("#7FDBFF").brandContrast).toBe("#000000");
  });

  it("always reaches 4.5:1 between the brand and its text colour", () => {
    for (let r = 0; r < 256; r += 51)
      for (let g = 0; g < 256; g += 51)
        for (let b = 0; b < 256; b += 51) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          const c = brandColors(hex);
          expect(contrastRatio(c.brand, c.brandContrast), hex).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(c.brandText, "#FFFFFF"), hex).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(c.brandText, c.brandSoft), hex).toBeGreaterThanOrEqual(4.5);
        }
  });

  it("makes brandSoft a light tint of the brand", () => {
    const { brandSoft } = brandColors("#1F3A5F");
    expect(brandSoft).toMatch(/^#[0-9A-F]{6}$/);
    expect(contrastRatio(brandSoft, "#FFFFFF")).toBeLessThan(1.3);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(brandSoft.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r); // still bluish
    expect(g).toBeGreaterThan(200);
  });

  it("keeps a brand that already reads as text unchanged as brandText", () => {
    expect(brandColors("#1F3A5F").brandText).toBe("#1F3A5F");
    expect(brandColors("#FFD400").brandText).not.toBe("#FFD400");
  });

  it("validates hex in forms", () => {
    expect(hexColorSchema.parse("#abc")).toBe("#AABBCC");
    expect(hexColorSchema.safeParse("blue").success).toBe(false);
    expect(normaliseHex("#0a0B0c")).toBe("#0A0B0C");
  });
});

function keysDeep(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([k, v]) => (typeof v === "object" && v !== null ? keysDeep(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("built-in themes", () => {
  it("has at least three themes, each a valid name with a label and a valid default brand", () => {
    expect(themeNames.length).toBeGreaterThanOrEqual(3);
    for (const name of themeNames) {
      expect(themeNameSchema.parse(name)).toBe(name);
      expect(THEME_INFO[name].label).toBeTruthy();
      expect(safeBrandColors(THEME_INFO[name].defaultBrand)).not.toBeNull();
    }
    expect(themeNameSchema.safeParse("neon").success).toBe(false);
    expect(toThemeName("neon")).toBe(DEFAULT_THEME);
    expect(toThemeName(undefined)).toBe(DEFAULT_THEME);
    expect(toThemeName("warm")).toBe("warm");
  });

  it("fills in every token of the contract", () => {
    const reference = keysDeep(THEME_TOKENS.classic).sort();
    for (const name of themeNames) {
      expect(keysDeep(THEME_TOKENS[name]).sort(), name).toEqual(reference);
      for (const key of keysDeep(THEME_TOKENS[name])) {
        const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], THEME_TOKENS[name]);
        expect(typeof value === "string" && value.length > 0, `${name}.${key}`).toBe(true);
      }
    }
  });

  it.each(themeNames)("%s passes WCAG AA for text on its surfaces", (name) => {
    const c: ThemeTokens["color"] = THEME_TOKENS[name].color;
    const aa = (fg: string, bg: string) => expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    for (const bg of [c.surface, c.surfaceAlt, c.page]) {
      aa(c.text, bg);
      aa(c.textMuted, bg);
      aa(c.brandText, bg);
    }
    aa(c.brandContrast, c.brand);
    aa(c.brandText, c.brandSoft);
    aa(c.text, c.brandSoft);
    for (const tone of ["success", "warning", "danger", "info"] as const) {
      aa(c[tone], c[`${tone}Soft`]);
      aa(c[tone], c.surface);
      aa("#FFFFFF", c[tone]);
    }
    // The focus ring must stand out from the page (WCAG 1.4.11: 3:1 for UI components).
    expect(contrastRatio(c.focus, c.surface)).toBeGreaterThanOrEqual(3);
  });
});
