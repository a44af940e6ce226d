/**
 * The entity nav of the staff entity view: Overview, Back to Entities, Dashboard (the primary
 * owner's dashboard preview), Messages (disabled with the spec's tooltip when no owner is active)
 * and Documents.
 */
import { TabNav, type TabNavItem } from "~/components/ui";
import { STAFF_INBOX_TEXT } from "~/conversations/staff-rules";
import { useVocabulary } from "~/vocabulary";
import * as s from "./staff.css";

export function EntityNav({ entity }: { entity: { hashId: string; primaryOwnerId: string | null; hasActiveOwners: boolean } }) {
  const t = useVocabulary();
  const base = `/admin/${entity.hashId}`;
  const items: TabNavItem[] = [
    { to: base, label: "Overview", end: true },
    { to: "/admin", label: t("Back to Entities"), end: true },
    entity.primaryOwnerId
      ? { to: `/preview/user/${entity.primaryOwnerId}?previewCompanyHash=${entity.hashId}`, label: "Dashboard" }
      : { to: base, label: "Dashboard", disabled: true, tooltip: t("Entity has no primary owner.") },
    entity.hasActiveOwners
      ? { to: `${base}/messages`, label: "Messages" }
      : { to: `${base}/messages`, label: "Messages", disabled: true, tooltip: t(STAFF_INBOX_TEXT.noActiveOwners) },
    { to: `${base}/documents`, label: "Documents" },
  ];
  return <TabNav items={items} label={t("Entity")} className={s.entityNav} />;
}
