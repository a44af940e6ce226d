/**
 * /inbox/{companyHash}/{conversationId?}?thread=&before=: the client's conversations with the
 * firm about one entity, and one conversation. Posts: intent=send (text, tag, threadId,
 * scheduledAt, autoRemind, attachmentId…), intent=edit (messageId, text), intent=reschedule
 * (messageId, scheduledAt), intent=remove (messageId: unsend within 30 s, else delete),
 * intent=unseen (messageId: mark unread) and intent=seen.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { requireFirmSite } from "~/context.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { InboxPage } from "~/conversations/inbox-page";
import { loadClientInbox, markConversationSeen, sendClientMessage } from "~/conversations/inbox.server";
import { clientMessageAction } from "~/conversations/client-message-route.server";
import { composeFields, composeSchema } from "~/conversations/compose-rules";
import { failure, refusal, throwRefusal } from "~/conversations/route-answers.server";
import { firstMessage } from "~/errors";
import { INBOX_TEXT } from "~/conversations/rules";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Messages") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff" || portal.firm.preferences.communicationDisabled) throw redirect("/");
  const url = new URL(request.url);
  const inbox = await loadClientInbox(portal, user, params.companyHash ?? "", {
    conversationId: params.conversationId ?? null,
    threadId: url.searchParams.get("thread"),
    before: url.searchParams.get("before"),
  }).catch(throwRefusal);
  return data(inbox, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const form = await request.formData();
  const hash = params.companyHash ?? "";
  const conversationId = params.conversationId ?? null;
  try {
    if (form.get("intent") === "seen") {
      if (!conversationId) return failure("Conversation not found", 404);
      await markConversationSeen(portal, user, hash, conversationId);
      return { ok: true as const, conversationId };
    }
    if (form.get("intent") !== "send") return await clientMessageAction(form, portal, user, hash, conversationId);
    const parsed = composeSchema().safeParse(composeFields(form));
    if (!parsed.success) return failure(firstMessage(parsed.error, INBOX_TEXT.emptyMessage), 400);
    const sent = await sendClientMessage(portal, user, hash, conversationId, parsed.data);
    // A first message opens its new conversation.
    if (!conversationId) throw redirect(`/inbox/${encodeURIComponent(hash)}/${sent.conversationId}`);
    return { ok: true as const, conversationId: sent.conversationId };
  } catch (error) {
    return refusal(error);
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
  return <RouteErrorBoundary titles={{ 404: "Conversation not found" }} back={{ to: "/inbox", label: "Back to Messages" }} />;
}
