import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const bulkBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.brandSoft,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const bulkCount = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, marginRight: vars.space.sm });

export const rowCheck = style({ width: 18, height: 18, accentColor: vars.color.brand, cursor: "pointer" });

export const linkButton = style({
  all: "unset",
  cursor: "pointer",
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const inline = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const dialogHeader = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", marginBottom: vars.space.md });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const listItem = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  "@media": { "screen and (max-width: 600px)": { flexDirection: "column", gap: vars.space.xs } },
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
});

export const answer = style({ color: vars.color.textMuted, whiteSpace: "pre-wrap", wordBreak: "break-word" });

export const note = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.text,
  background: vars.color.warningSoft,
  padding: `${vars.space["2xs"]} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  marginTop: vars.space.xs,
});

export const item = style({
  display: "grid",
  gridTemplateColumns: "1fr 140px auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr" } },
});

export const stats = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** A question in the preview dialog: its text, the answer, and the notes; it may shrink (long file names, wide entries). */
export const questionBody = style({ display: "grid", gap: vars.space.xs, minWidth: 0, flex: 1 });

/** Collect's notes cell: the client's notes count and the newest one's start; opens the preview at it. */
export const noteButton = style({
  display: "grid",
  gap: vars.space["2xs"],
  justifyItems: "start",
  maxWidth: 220,
  padding: 0,
  border: 0,
  background: "none",
  color: "inherit",
  font: "inherit",
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const notePreview = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: "100%",
  selectors: { [`${noteButton}:hover &`]: { textDecoration: "underline" } },
});

/** A row's action buttons (Open, Status), side by side. */
export const rowActions = style({ display: "flex", gap: vars.space.xs, alignItems: "center", flexWrap: "nowrap" });
