/**
 * Document splits in progress: each is polled (`split_status`) until it is no longer `processing`,
 * then the page says how it ended and reloads its data. Splits still running when the page loads
 * are followed too.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui";
import type { SplitOptions } from "../split-dialog";
import type { DocumentApi } from "./use-document-api";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useSplitPolling(split: SplitOptions | undefined, api: DocumentApi) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  /** Documents being split: document id → its split. */
  const [splitting, setSplitting] = useState<Record<string, string>>({});
  const polling = useRef(new Set<string>());
  // The poll outlives renders: it reads the latest options and helpers, not those it started with.
  const latest = useRef({ split, api, toast, revalidate });
  useEffect(() => {
    latest.current = { split, api, toast, revalidate };
  });

  const follow = useCallback(async (documentId: string, extractedDocumentId: string) => {
    const options = latest.current.split;
    if (!options || polling.current.has(extractedDocumentId)) return;
    polling.current.add(extractedDocumentId);
    setSplitting((current) => ({ ...current, [documentId]: extractedDocumentId }));
    let status = "processing";
    try {
      for (let loop = 0; loop < options.pollMaxLoops && status === "processing"; loop++) {
        await sleep(options.pollIntervalMs);
        const result = await latest.current.api.call<{ split?: { status: string } }>({ intent: "split_status", extractedDocumentId });
        status = result.split?.status ?? "processing";
      }
      if (status === "processing") latest.current.toast.info(options.messages.stillProcessing);
      else if (status === "split_failed") latest.current.toast.error(options.messages.failed);
      else latest.current.toast.success(options.messages.done);
    } catch (error) {
      latest.current.toast.error((error as Error).message || options.messages.failed);
    } finally {
      polling.current.delete(extractedDocumentId);
      setSplitting((current) => {
        const { [documentId]: _done, ...rest } = current;
        return rest;
      });
      latest.current.revalidate();
    }
  }, []);

  const bySource = split?.bySource;
  useEffect(() => {
    if (!bySource) return;
    for (const [documentId, s] of Object.entries(bySource)) if (s.status === "processing") void follow(documentId, s.extractedDocumentId);
  }, [bySource, follow]);

  return { splitting, follow };
}
