/**
 * The custom statuses' colours, without the rules' zod schemas (app/custom-statuses/rules.ts
 * re-exports them): the client dashboard's bundle shows a status's badge and needs nothing else.
 */
import type { BadgeTone } from "~/components/ui/badge";

/**
 * The palette a status can be shown in: the themes' badge tones, whose text and background pairs
 * meet WCAG AA contrast in every theme (the theme contract owns the colours, not the status).
 */
export const STATUS_COLORS = [
  { value: "brand", label: "Firm colour" },
  { value: "info", label: "Blue" },
  { value: "success", label: "Green" },
  { value: "warning", label: "Amber" },
  { value: "danger", label: "Red" },
  { value: "neutral", label: "Grey" },
] as const satisfies readonly { value: BadgeTone; label: string }[];

export type StatusColor = (typeof STATUS_COLORS)[number]["value"];

/** A stored colour as a badge tone; an unknown value (older data) shows in the firm's colour. */
export function statusTone(color: string | null | undefined): BadgeTone {
  return STATUS_COLORS.some((c) => c.value === color) ? (color as BadgeTone) : "brand";
}
