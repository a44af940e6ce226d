import { brandColors } from "../brand";
import { THEME_INFO } from "../catalog";
import type { ThemeTokens } from "./types";
import { fontSize, fontWeight, layout, lineHeight, motion, space, status, systemMono, systemSans } from "./shared";

/** Modern: teal, clean sans, cool greys, generous radii. */
export const modern: ThemeTokens = {
  color: {
    ...brandColors(THEME_INFO.modern.defaultBrand),
    text: "#0F172A",
    textMuted: "#546173",
    textInverse: "#FFFFFF",
    surface: "#FFFFFF",
    surfaceAlt: "#F6F8FA",
    page: "#F3F5F7",
    border: "#E3E8EE",
    borderStrong: "#CBD3DC",
    focus: "#0B84D8",
    overlay: "rgba(15, 23, 42, 0.45)",
    ...status,
  },
  font: { body: systemSans, heading: systemSans, mono: systemMono },
  fontSize,
  fontWeight,
  lineHeight,
  letterSpacing: { heading: "-0.015em", caps: "0.05em" },
  space,
  radius: { sm: "4px", md: "8px", lg: "12px", xl: "16px", full: "9999px" },
  shadow: {
    sm: "0 1px 2px rgba(15, 23, 42, 0.05)",
    md: "0 1px 3px rgba(15, 23, 42, 0.06), 0 4px 12px rgba(15, 23, 42, 0.06)",
    lg: "0 16px 40px rgba(15, 23, 42, 0.14), 0 2px 8px rgba(15, 23, 42, 0.06)",
  },
  layout,
  motion,
};
