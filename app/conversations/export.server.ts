/**
 * Conversation export for staff (staff spec "Conversation export"): one conversation's messages in
 * a timeframe as CSV or PDF, made in the request (at most EXPORT_MESSAGE_LIMIT messages, the
 * newest), for a conversation the staff member may see (404 otherwise, nothing written). Deleted,
 * automatic and not-yet-due scheduled messages are left out. Each export writes one activity entry.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { withFirm } from "~/db.server";
import {
  conversationCsv,
  EXPORT_MESSAGE_LIMIT,
  EXPORT_TIMEFRAME_LABELS,
  exportFileName,
  exportSince,
  type ExportedMessage,
  type ExportFormat,
  type ExportTimeframe,
} from "./export-rules";
import { reachConversation, type StaffInboxViewer } from "./staff-inbox.server";

export interface ConversationExport {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

export async function exportConversation(
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  conversationId: string,
  request: { format: ExportFormat; timeframe: ExportTimeframe },
  now = new Date(),
): Promise<ConversationExport> {
  const firmId = portal.firm.id;
  const team = `${portal.firm.name} Team`;
  const since = exportSince(request.timeframe, now);
  const { title, messages } = await withFirm(firmId, async (tx) => {
    const conversation = await reachConversation(tx, viewer.facts, conversationId);
    const rows = await tx.message.findMany({
      where: {
        conversationId: conversation.id,
        isLog: false,
        deletedAt: null,
        OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }],
        ...(since ? { createdAt: { gte: since } } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: EXPORT_MESSAGE_LIMIT,
      select: {
        createdAt: true,
        scheduledAt: true,
        text: true,
        tag: true,
        isFirmUser: true,
        author: { select: { fname: true, lname: true } },
        thread: { select: { createdAt: true } },
      },
    });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.chat,
      title: "Exported a conversation",
      description: `${request.format.toUpperCase()}, ${EXPORT_TIMEFRAME_LABELS[request.timeframe].toLowerCase()}: ${rows.length} message(s)`,
      actorId: viewer.user.id,
      companyId: conversation.entity?.id ?? null,
      ipAddress: portal.clientAddress,
    });
    const exported: ExportedMessage[] = rows.reverse().map((m) => {
      const name = m.author ? `${m.author.fname} ${m.author.lname}`.trim() : "";
      return {
        sentAt: m.scheduledAt ?? m.createdAt,
        author: m.isFirmUser ? (name ? `${name} (${team})` : team) : name || "Client",
        text: m.text,
        tag: m.tag,
        inThreadOf: m.thread?.createdAt ?? null,
      };
    });
    return { title: conversation.entity?.name ?? "Archived conversation", messages: exported };
  });
  const fileName = exportFileName(title, request.format, now);
  if (request.format === "csv")
    return { fileName, contentType: "text/csv; charset=utf-8", body: new TextEncoder().encode(`\uFEFF${conversationCsv(messages)}`) };
  return {
    fileName,
    contentType: "application/pdf",
    body: await conversationPdf(title, portal.firm.name, EXPORT_TIMEFRAME_LABELS[request.timeframe], messages, now),
  };
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;

/** Helvetica speaks WinAnsi only: other characters are shown as "?". */
export function printable(text: string): string {
  return text.replace(/\t/g, "    ").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of printable(paragraph).split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line is cut.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

async function conversationPdf(title: string, firmName: string, timeframe: string, messages: readonly ExportedMessage[], now: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${title} - messages`));
  pdf.setProducer(printable(firmName));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.12)) => {
    if (y - size < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    page.drawText(text, { x: PAGE.margin, y: y - size, size, font, color });
    y -= size * 1.4;
  };
  for (const l of wrap(title, bold, 16, width)) line(l, bold, 16);
  line(
    printable(`${firmName} · ${timeframe} · exported ${now.toISOString().slice(0, 16).replace("T", " ")} UTC · ${messages.length} message(s)`),
    regular,
    9,
    rgb(0.4, 0.4, 0.45),
  );
  y -= 8;
  if (messages.length === 0) line("No messages in this timeframe.", regular, 11);
  for (const m of messages) {
    const when = m.sentAt.toISOString().slice(0, 16).replace("T", " ");
    const meta = `${m.author} · ${when} UTC${m.tag !== "general" ? ` · ${m.tag}` : ""}${m.inThreadOf ? " · reply in a thread" : ""}`;
    for (const l of wrap(meta, bold, 10, width)) line(l, bold, 10);
    for (const l of wrap(m.text, regular, 10, width)) line(l, regular, 10);
    y -= 6;
  }
  return pdf.save();
}
