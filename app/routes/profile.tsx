import { Outlet } from "@remix-run/react";

/**
 * /profile and the pages under it. No loader here on purpose: /profile/confirm-email must work
 * for someone who opens the emailed link while signed out, so each child requires what it needs
 * (the profile page itself is profile._index.tsx).
 */
export default function ProfileSection() {
  return <Outlet />;
}
