/** Every built-in theme's tokens (they compile into the theme classes), for tests and previews. */
import type { ThemeName } from "../catalog";
import { classic } from "./classic";
import { modern } from "./modern";
import { slate } from "./slate";
import type { ThemeTokens } from "./types";
import { warm } from "./warm";

export const THEME_TOKENS: Record<ThemeName, ThemeTokens> = { classic, modern, warm, slate };
