import * as s from "./progress-bar.css";
import { cx } from "./cx";

export interface ProgressBarProps {
  value: number;
  max?: number;
  /** Accessible name; shown above the bar unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /** Shows the value on the right, as `valueText` or a percentage. */
  showValue?: boolean;
  /** e.g. '3 / 8 sections'; also read by screen readers. */
  valueText?: string;
  tone?: "brand" | "success" | "warning" | "danger";
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** A determinate progress bar (role="progressbar" with aria-valuenow/min/max). */
export function ProgressBar({ value, max = 100, label, hideLabel, showValue, valueText, tone = "brand", size = "md", className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  const shown = valueText ?? `${percent}%`;
  return (
    <div className={cx(s.wrap, className)}>
      {!hideLabel || showValue ? (
        <div className={s.labelRow} aria-hidden="true">
          {hideLabel ? <span /> : <span className={s.labelText}>{label}</span>}
          {showValue ? <span className={s.value}>{shown}</span> : null}
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuetext={valueText}
        className={cx(s.track, s.size[size])}
      >
        <div className={cx(s.fill, s.tone[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
