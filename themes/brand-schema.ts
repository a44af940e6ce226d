/** The brand colour as a form field (firm settings): zod lives here so brand.ts stays in every page's bundle without it. */
import * as z from "zod";
import { HEX, normaliseHex } from "./brand";

/** Accepts `#abc`, `#aabbcc` (hash optional, any case). */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(HEX, "Enter a colour as a hex code, e.g. #1F3A5F")
  .transform((value) => normaliseHex(value) as string);
