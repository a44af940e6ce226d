import { data, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/shell";
import { Alert } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { DROP_OFF_MESSAGES } from "~/drop-off/request-rules";
import { openSecureUpload } from "~/drop-off/drop-off.server";
import { DropOffUploadForm } from "~/drop-off/upload-form";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Secure upload") }, { name: "robots", content: "noindex" }];

// The link's token is in this page's URL: the loader's no-store and no-referrer apply to the page too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Public: /secure-upload?token=… — the holder of a live link sends files into that one entity, without signing in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const firm = { name: portal.firm.name, logoUrl: portal.firm.logoUrl };
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  try {
    const target = await openSecureUpload(portal, token);
    if (!target) return data({ firm, open: false as const, message: DROP_OFF_MESSAGES.expired }, { status: 404, headers });
    return data({ firm, open: true as const, token, companyName: target.companyName, expiresAt: target.expiresAt?.toISOString() ?? null }, { headers });
  } catch (error) {
    if (isPortalError(error)) return data({ firm, open: false as const, message: error.message }, { status: error.status, headers });
    throw error;
  }
}

export default function SecureUploadPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.open) {
    return (
      <AuthCard firmName={data.firm.name} logoUrl={data.firm.logoUrl} title="Link not available">
        <Alert tone="warning">{data.message}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      firmName={data.firm.name}
      logoUrl={data.firm.logoUrl}
      title="Secure upload"
      description={`Send documents for ${data.companyName} to ${data.firm.name} securely. No account needed.`}
      footer={data.expiresAt ? <span>This link expires on {new Date(data.expiresAt).toLocaleDateString()}.</span> : null}
    >
      <DropOffUploadForm endpoint="/api/secure-upload" fields={{ token: data.token }} firmName={data.firm.name} finish />
    </AuthCard>
  );
}
