import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";
import { mq } from "../../themes/breakpoints";

export const columns = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(300px, 1fr))", alignItems: "start" });

export const sectionTitle = style({
  margin: 0,
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const details = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const detailRow = style({
  display: "grid",
  gridTemplateColumns: "140px 1fr",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${detailRow} > dt`, { color: vars.color.textMuted });
globalStyle(`${detailRow} > dd`, { margin: 0, color: vars.color.text, overflowWrap: "anywhere" });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const listItem = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, fontSize: vars.fontSize.sm });

export const muted = style({ color: vars.color.textMuted });

export const entityNav = style({ marginBottom: vars.space.lg });

export const switcher = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const selectedCount = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  minHeight: 36,
});

export const headerActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const cardHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space.sm });

export const cardFoot = style({ marginTop: vars.space.md });

export const ownerRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const ownerMain = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const ownerName = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });

export const ownerEmail = style({ color: vars.color.textMuted, overflowWrap: "anywhere" });

/** A card across the whole grid of cards (the questionnaires list). */
export const wide = style({ gridColumn: "1 / -1" });

export const questionnaireRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto minmax(180px, auto) auto",
  alignItems: "center",
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: { "&:last-child": { borderBottom: "none" } },
  "@media": {
    [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr) auto", gap: vars.space.xs, columnGap: vars.space.sm },
  },
});

export const questionnaireName = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: "anywhere" });

export const nextStep = style({ color: vars.color.textMuted });

/** The firm's turn: the step stands out. */
export const nextStepFirm = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });

/** 'Next step:' is read by screen readers and shown on phones, where the columns stack. */
export const nextStepLabel = style({
  "@media": { [mq.tablet]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});

/** Header buttons shown beside the main action from tablet width up, and in 'More actions' on phones. */
export const wideOnly = style({ "@media": { [mq.mobile]: { display: "none !important" } } });
export const phoneOnly = style({ "@media": { [mq.tablet]: { display: "none !important" } } });

export const actionMenu = style({
  zIndex: 300,
  minWidth: 200,
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: "none",
});

export const actionMenuItem = style({
  display: "flex",
  alignItems: "center",
  width: "100%",
  minHeight: 40,
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&:hover, &[data-focus]": { background: vars.color.surfaceAlt } },
});

export const actionMenuItemDanger = style([actionMenuItem, { color: vars.color.danger }]);
