/**
 * What the app needs from the themes: the class for a theme name, and the inline style that
 * applies a firm's brand colour. Root puts both on <html>:
 *
 *   <html className={themeClass(firm.theme)} style={brandVars(firm.brandColor)}>
 */
import { assignInlineVars } from "@vanilla-extract/dynamic";
import { safeBrandColors } from "./brand";
import { DEFAULT_THEME, ROOT_THEME, THEME_INFO, isThemeName, themeNames, toThemeName, type ThemeName } from "./catalog";
import { vars } from "./contract.css";
import { globalStylesApplied } from "./global.css";
import { classicTheme, modernTheme, slateTheme, warmTheme } from "./themes.css";

export { vars } from "./contract.css";
export { mq } from "./breakpoints";
export { brandColors, safeBrandColors, contrastRatio, type BrandColors } from "./brand";
export { DEFAULT_THEME, ROOT_THEME, isThemeName, themeNames, toThemeName, type ThemeName };

const classNames: Record<ThemeName, string> = {
  classic: classicTheme,
  modern: modernTheme,
  warm: warmTheme,
  slate: slateTheme,
};

export const THEMES: Record<ThemeName, { className: string; label: string; description: string; defaultBrand: string }> = Object.fromEntries(
  themeNames.map((name) => [name, { ...THEME_INFO[name], className: classNames[name] }]),
) as Record<ThemeName, { className: string; label: string; description: string; defaultBrand: string }>;

/** The class name of a theme; unknown or missing names get the default theme. */
export function themeClass(name: string | null | undefined): string {
  // Referencing the global styles keeps them in the CSS bundle.
  void globalStylesApplied;
  return THEMES[toThemeName(name)].className;
}

/**
 * Inline CSS variables that apply a firm's brand colour on top of its theme, for the `style`
 * prop of the root element (or any element, to scope a preview). Empty for a missing or
 * invalid colour, so the theme's own brand shows.
 */
export function brandVars(hex: string | null | undefined): Record<string, string> {
  const key = hex ?? "";
  let made = madeBrandVars.get(key);
  if (!made) {
    const colors = safeBrandColors(hex);
    made = Object.freeze(
      colors
        ? (assignInlineVars({
            [vars.color.brand]: colors.brand,
            [vars.color.brandContrast]: colors.brandContrast,
            [vars.color.brandSoft]: colors.brandSoft,
            [vars.color.brandText]: colors.brandText,
          }) as Record<string, string>)
        : {},
    );
    if (madeBrandVars.size >= 500) madeBrandVars.clear();
    madeBrandVars.set(key, made);
  }
  return made;
}

/** brandVars' answers by colour (every page computes its firm's): the same colour, the same variables. */
const madeBrandVars = new Map<string, Readonly<Record<string, string>>>();
