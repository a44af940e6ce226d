import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

/** The profile pages: cards in one column, as wide as a comfortable form. */
export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "48rem" });

export const form = style({ display: "grid", gap: vars.space.lg });

/** A <fieldset> that only groups (disabling every control inside it at once). */
export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0, display: "grid", gap: vars.space.md });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

/** 'Waiting for confirmation' above the form. */
export const pendingEmail = style({ marginBottom: vars.space.lg });

export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: 0 });

export const twoColumns = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.md,
  alignItems: "start",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

/** Work phone and its (short) extension. */
export const phoneAndExtension = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "start",
});

/** City, state/province and zip/postal code. */
export const cityRegionZip = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1.6fr) minmax(0, 1.4fr) minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "start",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const actions = style({
  display: "flex",
  justifyContent: "flex-end",
  alignItems: "center",
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [mq.mobile]: { flexDirection: "column-reverse", alignItems: "stretch" } },
});

export const switchNote = style({ display: "flex", alignItems: "flex-start", gap: vars.space.xs });

export const lockIcon = style({ flex: "none", marginTop: "2px", color: vars.color.textMuted });

/** The entity selector above the entity form (half the card on wide screens). */
export const entityPicker = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: vars.space.sm,
  alignItems: "end",
  paddingBottom: vars.space.lg,
  marginBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const entityName = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const strong = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: "anywhere" });

/** The confirm-email page. */
export const confirmForm = style({ display: "grid", gap: vars.space.md });
