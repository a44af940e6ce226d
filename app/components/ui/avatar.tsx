import * as s from "./avatar.css";
import { cx } from "./cx";

/** Up to two initials: first and last word ('Jane Q. Doe' → 'JD'); '?' for an empty name. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "")
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...words[0]][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? "") : "";
  return (first + last).toUpperCase();
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: "xs" | "sm" | "md" | "lg";
  className?: string;
  /** Decorative when the name is already shown next to it. */
  decorative?: boolean;
}

/** A round picture, or the person's initials on the brand tint. */
export function Avatar({ name, src, size = "md", className, decorative }: AvatarProps) {
  return (
    <span
      className={cx(s.avatar, s.size[size], className)}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      title={decorative ? undefined : name}
    >
      {src ? <img className={s.image} src={src} alt="" /> : initials(name)}
    </span>
  );
}

/** Overlapping avatars, cut at `max` with a '+N' (spec: thread avatars cut at 3). */
export function AvatarGroup({ names, max = 3, size = "sm" }: { names: string[]; max?: number; size?: AvatarProps["size"] }) {
  const shown = names.slice(0, max);
  const rest = names.length - shown.length;
  return (
    <span className={s.group} role="group" aria-label={names.join(", ")}>
      {shown.map((name, i) => (
        <Avatar key={`${name}-${i}`} name={name} size={size} className={s.groupItem} decorative />
      ))}
      {rest > 0 ? (
        <span className={cx(s.avatar, s.size[size], s.groupItem, s.more)} aria-hidden="true">
          +{rest}
        </span>
      ) : null}
    </span>
  );
}
