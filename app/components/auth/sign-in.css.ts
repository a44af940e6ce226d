import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

/** A button that reads as a text link ('Forgot password?', 'Resend code'). */
export const linkButton = style({
  appearance: "none",
  background: "none",
  border: 0,
  padding: `${vars.space["2xs"]} 0`,
  margin: 0,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.brandText,
  textDecoration: "none",
  cursor: "pointer",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px", borderRadius: vars.radius.sm },
    "&:disabled": { color: vars.color.textMuted, cursor: "progress" },
  },
});

/** Secondary ways out under the main button. */
export const links = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  "@media": { [mq.mobile]: { flexDirection: "column", alignItems: "center" } },
});

export const centeredLinks = style([links, { justifyContent: "center" }]);

/** 'or' between the main way and the others. */
export const divider = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { "&::before, &::after": { content: "''", flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Where a code or link went, e.g. j•••n@acme.test. */
export const destination = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, whiteSpace: "nowrap" });

export const explanation = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, textAlign: "center" });

/** The 6-digit code: big, spaced, centred. */
export const codeInput = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  letterSpacing: "0.35em",
  textAlign: "center",
  minHeight: "52px",
  paddingLeft: "0.35em",
});

/** set-sign-in-method: one card per method, the whole card is the label. */
export const methods = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, border: 0, padding: 0, margin: 0, minWidth: 0 });

export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, marginBottom: vars.space.xs, padding: 0 });

/** The radio beside the method's name, with its hint under the name. */
export const method = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "start",
  columnGap: vars.space.md,
  rowGap: vars.space["2xs"],
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  cursor: "pointer",
  transition: `border-color ${vars.motion.fast} ease, background-color ${vars.motion.fast} ease`,
  selectors: {
    "&:hover": { borderColor: vars.color.brand },
    "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSoft, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` },
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const methodRadio = style({ gridRow: "span 2", marginTop: "3px", width: "18px", height: "18px", accentColor: vars.color.brand });

export const methodName = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const methodHint = style({ gridColumn: 2, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: vars.fontWeight.medium });

/** Two fields side by side (first and last name), stacked on phones. */
export const pair = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: vars.space.md,
  "@media": { [mq.mobile]: { gridTemplateColumns: "1fr" } },
});

export const templateName = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const reauth = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, alignItems: "flex-start" });
