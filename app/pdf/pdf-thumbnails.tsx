/**
 * Page thumbnails of a PDF (the bulk upload processor's review): `usePdfDocument` opens the PDF
 * with the lazy pdf.js loader (imported by URL from /pdfjs/ the first time, never bundled), and
 * `PdfPageThumbnail` renders one page into a small canvas when it scrolls into view, so a long
 * PDF only renders the pages someone looks at.
 */
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { loadPdfJs, PDF_LOAD_FAILED, pdfSource } from "./pdf-viewer";

export type PdfDocumentState = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; doc: PDFDocumentProxy };

/** Opens the PDF behind `getUrl` (again when `sourceKey` or `attempt` changes); closes it on unmount. */
export function usePdfDocument(getUrl: () => Promise<string>, sourceKey: string, attempt = 0): PdfDocumentState {
  const [load, setLoad] = useState<PdfDocumentState>({ state: "loading" });
  const getUrlRef = useRef(getUrl);
  getUrlRef.current = getUrl;
  useEffect(() => {
    let cancelled = false;
    let task: { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } | null = null;
    setLoad({ state: "loading" });
    (async () => {
      try {
        const [lib, url] = await Promise.all([loadPdfJs(), getUrlRef.current()]);
        if (cancelled) return;
        task = lib.getDocument(pdfSource(url));
        const doc = await task.promise;
        if (!cancelled) setLoad({ state: "ready", doc });
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof Error && error.name === "PasswordException" ? "This PDF is password-protected and cannot be shown here." : PDF_LOAD_FAILED;
        setLoad({ state: "error", message });
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [sourceKey, attempt]);
  return load;
}

/** CSS width of a thumbnail; the canvas is drawn at the screen's pixel ratio (at most 2). */
export const THUMBNAIL_WIDTH = 160;

export function PdfPageThumbnail({ doc, page, className, label }: { doc: PDFDocumentProxy; page: number; className?: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<"waiting" | "rendering" | "ready" | "error">("waiting");

  // Render once the thumbnail is near the viewport.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: "300px" });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    setState("rendering");
    (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const viewport = pdfPage.getViewport({ scale: THUMBNAIL_WIDTH / natural.width });
        const canvas = canvasRef.current;
        if (!canvas) return;
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (!cancelled) setState("ready");
      } catch (error) {
        if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) return;
        setState("error");
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, visible]);

  // A US-letter placeholder keeps the grid steady until the page is drawn.
  return (
    <canvas
      ref={canvasRef}
      className={className}
      width={THUMBNAIL_WIDTH}
      height={Math.round(THUMBNAIL_WIDTH * 1.294)}
      role="img"
      aria-label={label}
      data-state={state}
    />
  );
}
