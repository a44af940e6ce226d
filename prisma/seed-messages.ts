/**
 * A demo conversation for each demo firm: the first client writes to the firm about their
 * second entity (their business) and the advisor answers, so the client inbox has something to
 * show. Created once (stable ids), then left alone like the demo questionnaires.
 */
import { createHash } from "node:crypto";
import type { FirmTx } from "~/db.server";
import type { FirmDefinition } from "../tenants/schema";

const id = (...parts: string[]) => `msg_${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 24)}`;

export async function seedDemoConversation(
  tx: FirmTx,
  firmId: string,
  firm: FirmDefinition,
  users: Map<string, string>,
  companies: Map<string, string>,
  today: string,
): Promise<boolean> {
  const client = firm.clients.find((c) => c.email && c.entities.length > 1);
  if (!client?.email) return false;
  const clientId = users.get(client.email);
  const entity = client.entities[1]!;
  const companyId = companies.get(entity.name);
  const advisorId = users.get(client.assignedAdvisorEmail);
  if (!clientId || !companyId || !advisorId) return false;
  const conversationId = id(firmId, "conversation", entity.name);
  if (await tx.conversation.findFirst({ where: { id: conversationId }, select: { id: true } })) return false;

  const base = Date.parse(`${today}T00:00:00Z`);
  const at = (daysAgo: number, hour: number) => new Date(base - daysAgo * 86_400_000 + hour * 3_600_000);
  const lines: { by: "client" | "firm"; text: string; at: Date }[] = [
    { by: "client", at: at(3, 16), text: `Hi! I started the ${entity.name} questionnaire. Do you need the bank statements for every month, or only December?` },
    {
      by: "firm",
      at: at(3, 18),
      text: "Every month, please: upload them to the Bank Statements folder when you have a moment. December's is the most urgent.",
    },
    { by: "client", at: at(2, 15), text: "Thanks, uploading them this week." },
  ];
  await tx.conversation.create({ data: { id: conversationId, firmId, lastMessageAt: lines[lines.length - 1]!.at, createdAt: lines[0]!.at } });
  await tx.conversationCompany.create({ data: { firmId, conversationId, companyId } });
  await tx.conversationParticipant.createMany({
    data: [
      { firmId, conversationId, userId: clientId, isFirmUser: false, joinedAt: lines[0]!.at },
      { firmId, conversationId, userId: advisorId, isFirmUser: true, joinedAt: lines[0]!.at },
    ],
  });
  for (const [i, line] of lines.entries()) {
    const messageId = id(firmId, "message", entity.name, String(i));
    const authorId = line.by === "client" ? clientId : advisorId;
    await tx.message.create({
      data: { id: messageId, firmId, conversationId, authorId, isFirmUser: line.by === "firm", text: line.text, createdAt: line.at, updatedAt: line.at },
    });
    // Everything but the firm's answer has been read by both sides.
    const readers = line.by === "firm" ? [advisorId] : [clientId, advisorId];
    await tx.messageSeen.createMany({ data: readers.map((userId) => ({ firmId, messageId, userId, seenAt: line.at })) });
  }
  return true;
}
