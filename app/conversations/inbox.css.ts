import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const layout = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "18rem minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const withThread = style({
  gridTemplateColumns: "16rem minmax(0, 1fr) 18rem",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" }, "screen and (max-width: 1100px)": { gridTemplateColumns: "minmax(0, 1fr) 18rem" } },
});

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  display: "grid",
  alignContent: "start",
});

export const hideOnMobile = style({ "@media": { [mq.mobile]: { display: "none" } } });
export const hideOnNarrow = style({ "@media": { "screen and (max-width: 1100px)": { display: "none" } } });

export const panelHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: "anywhere",
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const conversationList = style({ listStyle: "none", margin: 0, padding: vars.space.xs, display: "grid", gap: vars.space["2xs"] });
export const conversationLink = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt },
    "&[aria-current='page']": { background: vars.color.brandSoft },
  },
});
export const conversationText = style({ display: "grid", minWidth: 0 });
export const conversationName = style({ fontWeight: vars.fontWeight.semibold, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const conversationPreview = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const unseenDot = style({
  minWidth: "1.4rem",
  height: "1.4rem",
  padding: `0 ${vars.space["2xs"]}`,
  borderRadius: vars.radius.full,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
});

export const messages = style({
  listStyle: "none",
  margin: 0,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.md,
  maxHeight: "min(60vh, 40rem)",
  overflowY: "auto",
  scrollBehavior: "smooth",
  "@media": { [mq.mobile]: { maxHeight: "none" } },
});

export const message = style({ display: "grid", gridTemplateColumns: "auto minmax(0, 1fr)", gap: vars.space.sm, alignItems: "start" });
export const bubble = style({
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minWidth: 0,
  selectors: {
    "&[data-mine='true']": { background: vars.color.brandSoft, borderColor: "transparent" },
    "&[data-unseen='true']": { boxShadow: `inset 3px 0 0 ${vars.color.brand}` },
  },
});
export const messageMeta = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "baseline", marginBottom: vars.space["2xs"] });
export const author = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const time = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const body = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", color: vars.color.text });
export const deleted = style({ fontStyle: "italic", color: vars.color.textMuted });
export const threadLink = style({ fontSize: vars.fontSize.sm, color: vars.color.brandText, fontWeight: vars.fontWeight.medium });

export const composer = style({ display: "grid", gap: vars.space.sm, padding: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const composerRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end", justifyContent: "space-between" });
export const banner = style({ margin: vars.space.md });
export const jump = style({ display: "flex", justifyContent: "center", gap: vars.space.sm, padding: vars.space.xs });
export const empty = style({ padding: vars.space.lg });
export const composerOptions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end" });
export const messageFooter = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, marginTop: vars.space.xs });
export const messageActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2xs"] });
export const actionButton = style({ paddingInline: vars.space.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const scheduleToggle = style({ display: "flex", alignItems: "center", minHeight: "2.5rem" });
export const search = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}` });
export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const editForm = style({ display: "grid", gap: vars.space.xs });
export const titleLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });

export const attachmentPicker = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });
export const hiddenInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" });
export const attachmentList = style({ listStyle: "none", margin: `${vars.space.xs} 0 0`, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const attachmentChip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2xs"],
  maxWidth: "100%",
  padding: `${vars.space["2xs"]} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  overflowWrap: "anywhere",
  cursor: "pointer",
});
export const entityUnread = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
