/**
 * The tax return's pages one under another, each scaled to the column's width (so 375 px works)
 * and rendered by pdf.js when it comes near the screen. Each page has an overlay in which
 * `overlay(page)` draws boxes positioned in fractions of the page (signature and date fields).
 * pdf.js is loaded from /pdfjs/ like the shared viewer does (app/pdf/pdf-viewer.tsx).
 */
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Spinner } from "~/components/ui";
import { loadPdfJs, pdfSource } from "~/pdf/pdf-viewer";
import { TAX_RETURN_MESSAGES } from "../rules";
import * as s from "./client.css";

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; doc: PDFDocumentProxy; sizes: { width: number; height: number }[] };

export const pageAnchor = (page: number) => `tax-return-page-${page}`;

export function PdfPages({ url, title, overlay }: { url: string; title: string; overlay?: (page: number) => ReactNode }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<typeof loadPdfJs>>["getDocument"]> | null = null;
    setLoad({ state: "loading" });
    (async () => {
      try {
        const lib = await loadPdfJs();
        task = lib.getDocument(pdfSource(url));
        const doc = await task.promise;
        const sizes = await Promise.all(
          Array.from({ length: doc.numPages }, async (_, i) => {
            const viewport = (await doc.getPage(i + 1)).getViewport({ scale: 1 });
            return { width: viewport.width, height: viewport.height };
          }),
        );
        if (!cancelled) setLoad({ state: "ready", doc, sizes });
      } catch {
        if (!cancelled) setLoad({ state: "error" });
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, attempt]);

  if (load.state === "error") {
    return (
      <Alert tone="danger">
        {TAX_RETURN_MESSAGES.loadPdfFailed}{" "}
        <Button size="sm" variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (load.state === "loading") return <Spinner label="Loading the tax return" />;
  return (
    <div className={s.pages} role="region" aria-label={`${title}, ${load.sizes.length} pages`} data-testid="tax-return-pages">
      {load.sizes.map((size, i) => (
        <PdfPage key={i} doc={load.doc} page={i + 1} size={size} overlay={overlay?.(i + 1)} />
      ))}
    </div>
  );
}

function PdfPage({ doc, page, size, overlay }: { doc: PDFDocumentProxy; page: number; size: { width: number; height: number }; overlay: ReactNode }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    setWidth(frame.clientWidth);
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "800px 0px" });
    seen.observe(frame);
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => setWidth(frame.clientWidth));
    resized?.observe(frame);
    return () => {
      seen.disconnect();
      resized?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!near || width === 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      const pdfPage = await doc.getPage(page);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = pdfPage.getViewport({ scale: (width / size.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas, viewport });
      await task.promise.catch(() => {});
      if (!cancelled) canvas.dataset.rendered = "true";
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, near, width, size.width]);

  return (
    <div id={pageAnchor(page)} ref={frameRef} className={s.pageFrame} style={{ aspectRatio: `${size.width} / ${size.height}` }} data-page={page}>
      <canvas ref={canvasRef} aria-label={`Page ${page}`} role="img" />
      <span className={s.pageLabel} aria-hidden>
        {page}
      </span>
      {overlay}
    </div>
  );
}
