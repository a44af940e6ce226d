/** A theme name as a form field (firm settings): zod lives here so catalog.ts stays in every page's bundle without it. */
import * as z from "zod";
import { themeNames } from "./catalog";

export const themeNameSchema = z.enum(themeNames);
