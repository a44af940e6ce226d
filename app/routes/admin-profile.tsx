import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { PageHeader } from "~/components/ui/page-header";
import { requireFirmSite } from "~/context.server";
import { profileAction } from "~/profile/profile-action.server";
import type { ProfileActionData } from "~/profile/profile-schema";
import { getUserProfile } from "~/profile/profile.server";
import { UserProfileSection } from "~/profile/user-profile-form";
import * as s from "~/profile/profile.css";
import { firmTitle } from "~/meta";
import { dailyDigestEnabled } from "~/notifications/daily-digest-setting.server";
import { DailyDigestCard } from "~/notifications/ui/daily-digest-card";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Profile Settings") }];

/** Staff spec: /admin-profile, 'Profile Settings' — the staff member's own profile. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const [profile, dailyDigest] = await Promise.all([getUserProfile(portal, user), dailyDigestEnabled(portal.db, user)]);
  return { profile, dailyDigest };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  return profileAction(request, portal, user, "staff");
}

export default function AdminProfilePage() {
  const { profile, dailyDigest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProfileActionData | undefined;
  const navigation = useNavigation();
  return (
    <FirmPage>
      <PageHeader title="Profile Settings" description="Your contact details and sign-in security." />
      <div className={s.page}>
        <UserProfileSection
          profile={profile}
          description="How the portal notifies you, and how you sign in."
          actionData={actionData}
          saving={navigation.state === "submitting" && navigation.formData?.get("intent") === "profile"}
        />
        <DailyDigestCard enabled={dailyDigest} />
      </div>
    </FirmPage>
  );
}
