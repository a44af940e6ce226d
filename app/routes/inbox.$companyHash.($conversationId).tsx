/**
 * /inbox/{companyHash}/{conversationId?}?thread=&before=: the client's conversations with the
 * firm about one entity, and one conversation. Posts: intent=send (text, tag, threadId) and
 * intent=seen.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { requireFirmSite } from "~/context.server";
import { InboxErrorBoundary } from "~/inbox/chat";
import { InboxPage } from "~/inbox/inbox-page";
import { InboxError, loadClientInbox, markConversationSeen, sendClientMessage } from "~/inbox/inbox.server";
import { INBOX_TEXT, sendMessageSchema } from "~/inbox/rules";

export const meta: MetaFunction = () => [{ title: "Messages" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff" || portal.firm.preferences.communicationDisabled) throw redirect("/");
  const url = new URL(request.url);
  try {
    const data = await loadClientInbox(portal, user, params.companyHash ?? "", {
      conversationId: params.conversationId ?? null,
      threadId: url.searchParams.get("thread"),
      before: url.searchParams.get("before"),
    });
    return json(data, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof InboxError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const form = await request.formData();
  const hash = params.companyHash ?? "";
  const conversationId = params.conversationId ?? null;
  try {
    if (form.get("intent") === "seen") {
      if (!conversationId) return json({ ok: false as const, error: "Conversation not found" }, { status: 404 });
      await markConversationSeen(portal, user, hash, conversationId);
      return json({ ok: true as const, conversationId });
    }
    if (form.get("intent") !== "send") return json({ ok: false as const, error: "Unknown action" }, { status: 400 });
    const parsed = sendMessageSchema.safeParse({
      text: form.get("text") ?? "",
      tag: form.get("tag") ?? undefined,
      threadId: form.get("threadId") ?? undefined,
    });
    if (!parsed.success) return json({ ok: false as const, error: parsed.error.issues[0]?.message ?? INBOX_TEXT.emptyMessage }, { status: 400 });
    const sent = await sendClientMessage(portal, user, hash, conversationId, parsed.data);
    // A first message opens its new conversation.
    if (!conversationId) throw redirect(`/inbox/${encodeURIComponent(hash)}/${sent.conversationId}`);
    return json({ ok: true as const, conversationId: sent.conversationId });
  } catch (error) {
    if (error instanceof InboxError) return json({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function InboxRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <InboxPage data={data} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <InboxErrorBoundary back={{ to: "/inbox", label: "Back to Messages" }} />;
}
