import type { FirmSettings } from "~/context.server";
import { withFirm } from "~/db.server";
import { createInlineUrl } from "~/storage.server";

const LOGO_URL_SECONDS = 60 * 60;

/**
 * The firm's settings for the cache (app/tenancy/firm-registry.server.ts): one read in the
 * firm's scope. The logo URL is presigned for an hour; the cache keeps entries for less.
 */
export async function loadFirmSettings(firmId: string): Promise<FirmSettings | null> {
  const firm = await withFirm(firmId, (tx) =>
    tx.firm.findUnique({
      where: { id: firmId },
      include: { preferences: true, vocabs: { select: { keyWord: true, replacement: true }, orderBy: { keyWord: "asc" } } },
    }),
  );
  if (!firm) return null;
  const { firmId: _firmId, updatedAt: _updatedAt, ...preferences } =
    firm.preferences ?? (await withFirm(firmId, (tx) => tx.firmPreferences.create({ data: { firmId } })));
  return {
    id: firm.id,
    slug: firm.slug,
    name: firm.name,
    customDomain: firm.customDomain,
    timeZone: firm.timeZone,
    themeName: firm.themeName,
    brandColor: firm.brandColor,
    logoKey: firm.logoKey,
    logoUrl: firm.logoKey ? await createInlineUrl({ firmId, key: firm.logoKey, expiresInSeconds: LOGO_URL_SECONDS }) : null,
    supportEmail: firm.supportEmail,
    preferences,
    vocabulary: firm.vocabs,
  };
}
