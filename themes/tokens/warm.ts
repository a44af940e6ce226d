import { brandColors } from "../brand";
import { THEME_INFO } from "../catalog";
import type { ThemeTokens } from "./types";
import { fontSize, fontWeight, layout, lineHeight, motion, space, status, systemMono, systemSans } from "./shared";

/** Warm: deep green, earthy neutrals, a bookish serif for headings. */
export const warm: ThemeTokens = {
  color: {
    ...brandColors(THEME_INFO.warm.defaultBrand),
    text: "#2A2621",
    textMuted: "#665D52",
    textInverse: "#FFFFFF",
    surface: "#FFFEFB",
    surfaceAlt: "#F7F3EC",
    page: "#F2EDE4",
    border: "#E5DDCF",
    borderStrong: "#CFC4B2",
    focus: "#B7791F",
    overlay: "rgba(42, 38, 33, 0.5)",
    ...status,
  },
  font: {
    body: systemSans,
    heading: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, "DejaVu Serif", Georgia, serif',
    mono: systemMono,
  },
  fontSize,
  fontWeight,
  lineHeight,
  letterSpacing: { heading: "-0.005em", caps: "0.06em" },
  space,
  radius: { sm: "4px", md: "6px", lg: "10px", xl: "14px", full: "9999px" },
  shadow: {
    sm: "0 1px 2px rgba(60, 48, 30, 0.06)",
    md: "0 1px 3px rgba(60, 48, 30, 0.07), 0 6px 14px rgba(60, 48, 30, 0.07)",
    lg: "0 14px 36px rgba(60, 48, 30, 0.16), 0 2px 6px rgba(60, 48, 30, 0.08)",
  },
  layout,
  motion,
};
