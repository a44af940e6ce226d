import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { PageHeader } from "~/components/ui/page-header";
import { requireFirmSite } from "~/context.server";
import { EntityProfileSection } from "~/profile/entity-profile-form";
import { getEntityProfiles } from "~/profile/entity-profile.server";
import { profileAction } from "~/profile/profile-action.server";
import type { ProfileActionData } from "~/profile/profile-schema";
import { getUserProfile } from "~/profile/profile.server";
import { UserProfileSection } from "~/profile/user-profile-form";
import { OwnerNotificationSettingsCard } from "~/notifications/ui/owner-settings-dialog";
import { useVocabulary } from "~/vocabulary";
import * as s from "~/profile/profile.css";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Profile") }];

/** The client's profile and their selected entity's profile (`?entity=<hashId>`). Staff have /admin-profile. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff") throw redirect("/admin-profile");
  const [profile, entities] = await Promise.all([
    getUserProfile(portal, user),
    getEntityProfiles(portal, user, new URL(request.url).searchParams.get("entity")),
  ]);
  return { profile, entities };
}

/** Intents: profile ('Update Profile'), entity ('Save Information', clients only), cancel-email-change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  // Staff never edit a client's profile or entity here (their own profile is /admin-profile).
  if (user.kind !== "client") throw new Response("Forbidden", { status: 403 });
  return profileAction(request, portal, user, "client");
}

export default function ProfilePage() {
  const { profile, entities } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProfileActionData | undefined;
  const navigation = useNavigation();
  const t = useVocabulary();
  const submitting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <FirmPage>
      <PageHeader title="Profile" description={`Your contact details, sign-in security and your ${t("entity")}'s information.`} />
      <div className={s.page}>
        <UserProfileSection profile={profile} actionData={actionData} saving={submitting("profile")} />
        {entities.selected ? (
          <EntityProfileSection
            entities={entities.entities}
            selected={entities.selected}
            actionData={actionData}
            saving={submitting("entity")}
            readOnlyUser={profile.readOnly}
          />
        ) : null}
        {entities.selected ? <OwnerNotificationSettingsCard entityHashId={entities.selected.hashId} entityName={entities.selected.name} /> : null}
      </div>
    </FirmPage>
  );
}
