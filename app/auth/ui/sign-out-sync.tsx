import { useEffect } from "react";
import { announceSignOut, listenForSignOut, SIGNED_OUT_ELSEWHERE } from "~/auth/sign-out-broadcast";
import { useToast } from "~/components/ui/toast";

const TOAST_ID = "signed-out-elsewhere";

/**
 * Mounted once in the root layout. Announces this window's sign-outs (any form posting to
 * /signout) and, while signed in, shows the spec's non-auto-closing info toast when another
 * window signs out.
 */
export function SignOutSync({ signedIn }: { signedIn: boolean }) {
  const toast = useToast();

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      if (new URL(form.action, window.location.href).pathname === "/signout") announceSignOut();
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    return listenForSignOut(() =>
      toast.info(SIGNED_OUT_ELSEWHERE, {
        id: TOAST_ID,
        persistent: true,
        action: { label: "Sign in", onClick: () => window.location.assign("/") },
      }),
    );
  }, [signedIn, toast]);

  return null;
}
