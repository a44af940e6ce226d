/**
 * The built-in theme names, labels and default brand colours, without any CSS, so the seed,
 * tenant files, forms and tests can use them without the stylesheet compiler.
 */
export const themeNames = ["classic", "modern", "warm", "slate"] as const;
export type ThemeName = (typeof themeNames)[number];

export interface ThemeInfo {
  label: string;
  description: string;
  defaultBrand: string;
}

export const THEME_INFO: Record<ThemeName, ThemeInfo> = {
  classic: {
    label: "Classic",
    description: "Navy with serif headings: the traditional practice.",
    defaultBrand: "#1F3A5F",
  },
  modern: {
    label: "Modern",
    description: "Teal and a clean sans-serif.",
    defaultBrand: "#0F766E",
  },
  warm: {
    label: "Warm",
    description: "Deep green on earthy neutrals.",
    defaultBrand: "#2F5D3A",
  },
  slate: {
    label: "Slate",
    description: "Indigo on crisp neutral greys.",
    defaultBrand: "#4338CA",
  },
};

/** A firm without a theme setting gets this one. */
export const DEFAULT_THEME: ThemeName = "modern";
/** The product's own site on the root domain (marketing, firm sign-up). */
export const ROOT_THEME: ThemeName = "slate";

/** A known theme name, or the default for anything else (old or hand-edited settings). */
export function toThemeName(value: unknown): ThemeName {
  return isThemeName(value) ? value : DEFAULT_THEME;
}

/** One of the theme names. */
export function isThemeName(value: unknown): value is ThemeName {
  return (themeNames as readonly unknown[]).includes(value);
}
