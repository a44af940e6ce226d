/**
 * A PDF viewer: pdf.js renders one page at a time into a canvas, with page navigation, zoom
 * (relative to the page fitted to the width, so it works at 375 px), loading and error states,
 * and keys (← → PageUp PageDown Home End to move, + − 0 to zoom) on the focusable viewer.
 *
 * pdf.js is never bundled (it breaks under Remix's esbuild): the build copies its files into
 * /pdfjs/ (scripts/copy-pdfjs.mjs) and the viewer imports them by URL the first time it mounts, so
 * only pages that show a PDF ever load it. The PDF itself comes straight from the store through a
 * short-lived presigned GET URL that `getUrl` asks the server for (a retry asks for a fresh one).
 */
import type * as PdfJsModule from "pdfjs-dist";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Alert, Button, ChevronLeftIcon, ChevronRightIcon, Spinner, VisuallyHidden } from "~/components/ui";
import * as s from "./pdf-viewer.css";

type PdfJs = typeof PdfJsModule;

const PDFJS_BASE = "/pdfjs/";
export const PDF_LOAD_FAILED = "Failed to load PDF file";
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js from /pdfjs/, once per page load (a failed load is tried again next time). */
export function loadPdfJs(): Promise<PdfJs> {
  if (!pdfjs) {
    const url = `${PDFJS_BASE}pdf.min.mjs`;
    pdfjs = (import(/* @vite-ignore */ url) as Promise<PdfJs>).then((lib) => {
      lib.GlobalWorkerOptions.workerSrc = `${PDFJS_BASE}pdf.worker.min.mjs`;
      return lib;
    });
    pdfjs.catch(() => {
      pdfjs = null;
    });
  }
  return pdfjs;
}

/** What pdf.js needs to open the PDF at `url` (fonts, character maps and decoders from /pdfjs/). */
export function pdfSource(url: string) {
  return {
    url,
    cMapUrl: `${PDFJS_BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_BASE}standard_fonts/`,
    wasmUrl: `${PDFJS_BASE}wasm/`,
    iccUrl: `${PDFJS_BASE}iccs/`,
    enableXfa: false,
  };
}

/** The next zoom step up or down from `zoom` (clamped to the steps). */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((z) => z > zoom + 1e-6) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1];
  return [...ZOOM_STEPS].reverse().find((z) => z < zoom - 1e-6) ?? ZOOM_STEPS[0];
}

export interface PdfViewerProps {
  /** A fresh short-lived URL of the PDF (called again by Retry). */
  getUrl: () => Promise<string>;
  /** What the PDF is, for screen readers ("Engagement letter"). */
  title: string;
  /** Changes whenever the document behind `getUrl` changes (reloads the viewer). */
  sourceKey: string;
  /** Called when a page is shown: the page number and the page count. */
  onPageChange?: (page: number, pageCount: number) => void;
  className?: string;
}

type LoadState = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; doc: PDFDocumentProxy };

export function PdfViewer({ getUrl, title, sourceKey, onPageChange, className }: PdfViewerProps) {
  const [load, setLoad] = useState<LoadState>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [pageText, setPageText] = useState("1");
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  /** What the canvas shows ("page:zoom:width"), once its render finished: the viewer is ready when it is what was asked for. */
  const [rendered, setRendered] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const getUrlRef = useRef(getUrl);
  getUrlRef.current = getUrl;
  const onPageRef = useRef(onPageChange);
  onPageRef.current = onPageChange;

  // Load pdf.js and the document.
  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<PdfJs["getDocument"]> | null = null;
    setLoad({ state: "loading" });
    setRendered(null);
    setPage(1);
    setPageText("1");
    (async () => {
      try {
        const [lib, url] = await Promise.all([loadPdfJs(), getUrlRef.current()]);
        if (cancelled) return;
        task = lib.getDocument(pdfSource(url));
        const doc = await task.promise;
        if (cancelled) return;
        setLoad({ state: "ready", doc });
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof Error && error.name === "PasswordException"
            ? "This PDF is password-protected and cannot be shown here. Download it to open it."
            : PDF_LOAD_FAILED;
        setLoad({ state: "error", message });
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [sourceKey, attempt]);

  // Follow the stage's width (fit to width, and re-fit when the window or dialog resizes).
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => setWidth(stage.clientWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  const doc = load.state === "ready" ? load.doc : null;
  const pageCount = doc?.numPages ?? 0;

  // Render the current page.
  useEffect(() => {
    if (!doc || width === 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    const key = `${page}:${zoom}:${width}`;
    (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const padding = 32;
        const fit = Math.max(0.1, (width - padding) / natural.width);
        const viewport = pdfPage.getViewport({ scale: fit * zoom });
        const canvas = canvasRef.current;
        if (!canvas) return;
        const ratio = Math.min(window.devicePixelRatio || 1, 3);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (!cancelled) {
          setRendered(key);
          onPageRef.current?.(page, doc.numPages);
        }
      } catch (error) {
        if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) return;
        setLoad({ state: "error", message: PDF_LOAD_FAILED });
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom, width]);

  const go = useCallback(
    (to: number) => {
      if (!pageCount) return;
      const next = Math.min(pageCount, Math.max(1, to));
      setPage(next);
      setPageText(String(next));
    },
    [pageCount],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(page + 1),
      PageDown: () => go(page + 1),
      ArrowLeft: () => go(page - 1),
      PageUp: () => go(page - 1),
      Home: () => go(1),
      End: () => go(pageCount),
      "+": () => setZoom((z) => nextZoom(z, 1)),
      "=": () => setZoom((z) => nextZoom(z, 1)),
      "-": () => setZoom((z) => nextZoom(z, -1)),
      "0": () => setZoom(1),
    };
    const handler = keys[event.key];
    if (handler) {
      event.preventDefault();
      handler();
    }
  }

  return (
    // The viewer is one focusable region that takes the page and zoom keys (arrows, +, -, Home, End).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={`${s.viewer} ${className ?? ""}`}
      role="region"
      aria-label={`${title} (PDF viewer)`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="pdf-viewer"
      data-state={load.state === "ready" ? (rendered === `${page}:${zoom}:${width}` ? "ready" : "rendering") : load.state}
      data-page={page}
      data-pages={pageCount || undefined}
    >
      <div className={s.toolbar}>
        <div className={s.group}>
          <Button size="sm" variant="ghost" aria-label="Previous page" disabled={!doc || page <= 1} onClick={() => go(page - 1)}>
            <ChevronLeftIcon aria-hidden />
          </Button>
          <label className={s.group}>
            <span className={s.status}>Page</span>
            <input
              className={s.pageInput}
              inputMode="numeric"
              aria-label="Page number"
              value={pageText}
              disabled={!doc}
              onChange={(e) => setPageText(e.currentTarget.value.replace(/\D/g, "").slice(0, 5))}
              onBlur={() => go(Number(pageText) || page)}
              onKeyDown={(e) => {
                if (e.key === "Enter") go(Number(pageText) || page);
              }}
            />
            <span className={s.status}>of {pageCount || "–"}</span>
          </label>
          <Button size="sm" variant="ghost" aria-label="Next page" disabled={!doc || page >= pageCount} onClick={() => go(page + 1)}>
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
        <div className={s.group}>
          <Button size="sm" variant="ghost" aria-label="Zoom out" disabled={!doc || zoom <= ZOOM_STEPS[0]} onClick={() => setZoom((z) => nextZoom(z, -1))}>
            −
          </Button>
          <Button size="sm" variant="ghost" aria-label="Fit to width" disabled={!doc} onClick={() => setZoom(1)}>
            <span className={s.status} aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Zoom in"
            disabled={!doc || zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]}
            onClick={() => setZoom((z) => nextZoom(z, 1))}
          >
            +
          </Button>
        </div>
      </div>
      <div className={s.stage} ref={stageRef}>
        <canvas ref={canvasRef} className={s.canvas} role="img" aria-label={`${title}, page ${page} of ${pageCount || "?"}`} hidden={!doc} />
        {load.state === "loading" ? (
          <div className={s.overlay}>
            <Spinner size="lg" label="Loading PDF" />
            <span>Loading PDF…</span>
          </div>
        ) : null}
        {load.state === "error" ? (
          <div className={s.overlay}>
            <Alert tone="danger" title={load.message}>
              <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : null}
      </div>
      <VisuallyHidden>
        <span aria-live="polite">{doc ? `Page ${page} of ${pageCount}` : ""}</span>
      </VisuallyHidden>
    </div>
  );
}

/** An image file shown in the same frame (previews of uploaded images). */
export function ImagePreview({ url, title }: { url: string; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={s.viewer} data-testid="image-preview">
      <div className={s.stage}>
        {failed ? (
          <div className={s.overlay}>
            <Alert tone="danger" title="There was a problem loading this image." />
          </div>
        ) : (
          <img className={s.image} src={url} alt={title} onError={() => setFailed(true)} />
        )}
      </div>
    </div>
  );
}
