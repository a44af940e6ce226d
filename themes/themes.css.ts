/** The built-in themes as class names; put one on the root element. */
import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { classic } from "./tokens/classic";
import { modern } from "./tokens/modern";
import { slate } from "./tokens/slate";
import { warm } from "./tokens/warm";

export const classicTheme = createTheme(vars, classic, "classic");
export const modernTheme = createTheme(vars, modern, "modern");
export const warmTheme = createTheme(vars, warm, "warm");
export const slateTheme = createTheme(vars, slate, "slate");
