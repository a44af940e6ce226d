import type { FirmSettings } from "~/context.server";
import { withFirm } from "~/db.server";
import { logoUrl } from "~/storage.server";

/**
 * The firm's settings for the cache (app/tenancy/firm-registry.server.ts): one read in the
 * firm's scope. The logo URL is presigned for an hour (storage caches it for 50 minutes; this cache keeps entries for 5).
 */
export async function loadFirmSettings(firmId: string): Promise<FirmSettings | null> {
  const firm = await withFirm(firmId, (tx) =>
    tx.firm.findUnique({
      where: { id: firmId },
      include: { preferences: true, vocabs: { select: { keyWord: true, replacement: true }, orderBy: { keyWord: "asc" } } },
    }),
  );
  if (!firm) return null;
  const {
    firmId: _firmId,
    updatedAt: _updatedAt,
    ...preferences
  } = firm.preferences ?? (await withFirm(firmId, (tx) => tx.firmPreferences.create({ data: { firmId } })));
  return {
    id: firm.id,
    slug: firm.slug,
    name: firm.name,
    customDomain: firm.customDomain,
    timeZone: firm.timeZone,
    themeName: firm.themeName,
    brandColor: firm.brandColor,
    logoKey: firm.logoKey,
    logoUrl: firm.logoKey ? await logoUrl({ firmId, key: firm.logoKey }).catch(() => null) : null,
    supportEmail: firm.supportEmail,
    preferences,
    vocabulary: firm.vocabs,
  };
}
