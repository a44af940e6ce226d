import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useLiveEvents } from "~/realtime/live-events";
import { Banner } from "~/components/ui/alert";
import { dismissCookie, dismissedBanners, type PortalBanner } from "~/firms/banners";

/**
 * The maintenance alert and the firm's in-app banner, across the top of the page. Dismissing one
 * hides it for this browser session (a session cookie the server reads, so it stays hidden on the
 * next page without flashing).
 */
export function PortalBanners({ banners }: { banners: PortalBanner[] }) {
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  // A changed maintenance alert or firm banner shows at once (live events).
  const revalidator = useRevalidator();
  useLiveEvents("banner", () => revalidator.state === "idle" && revalidator.revalidate());
  const shown = banners.filter((b) => !hidden.has(b.key));
  if (!shown.length) return null;
  function dismiss(key: string) {
    document.cookie = dismissCookie(dismissedBanners(document.cookie), key);
    setHidden((prev) => new Set(prev).add(key));
  }
  return (
    <div data-testid="portal-banners">
      {shown.map((b) => (
        <Banner
          key={b.key}
          tone={b.kind === "maintenance" ? "warning" : "info"}
          role="status"
          aria-label={b.kind === "maintenance" ? "Maintenance alert" : "Announcement"}
          onDismiss={() => dismiss(b.key)}
        >
          <span dangerouslySetInnerHTML={{ __html: b.html }} />
        </Banner>
      ))}
    </div>
  );
}
