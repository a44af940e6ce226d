import { brandColors } from "../brand";
import { THEME_INFO } from "../catalog";
import type { ThemeTokens } from "./types";
import { fontSize, fontWeight, layout, lineHeight, motion, space, status, systemMono, systemSans } from "./shared";

/** Classic: navy, serif headings, warm paper background. The traditional CPA office. */
export const classic: ThemeTokens = {
  color: {
    ...brandColors(THEME_INFO.classic.defaultBrand),
    text: "#1B2430",
    textMuted: "#5A6370",
    textInverse: "#FFFFFF",
    surface: "#FFFFFF",
    surfaceAlt: "#F8F7F3",
    page: "#F4F2EC",
    border: "#E2DED4",
    borderStrong: "#C9C3B6",
    focus: "#2E6BC6",
    overlay: "rgba(20, 27, 38, 0.48)",
    ...status,
  },
  font: {
    body: systemSans,
    heading: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", Georgia, serif',
    mono: systemMono,
  },
  fontSize: { ...fontSize, "2xl": "1.625rem", "3xl": "2rem" },
  fontWeight,
  lineHeight,
  letterSpacing: { heading: "0", caps: "0.06em" },
  space,
  radius: { sm: "3px", md: "5px", lg: "8px", xl: "12px", full: "9999px" },
  shadow: {
    sm: "0 1px 2px rgba(27, 36, 48, 0.06)",
    md: "0 2px 4px rgba(27, 36, 48, 0.06), 0 6px 16px rgba(27, 36, 48, 0.08)",
    lg: "0 12px 32px rgba(27, 36, 48, 0.16), 0 2px 6px rgba(27, 36, 48, 0.08)",
  },
  layout,
  motion,
};
