/**
 * The placement editor: a PDF's pages (pdf.js, each page rendered when it scrolls into view) with
 * signature and date boxes on top. Click a page to place a box for the chosen signer (only on
 * `placeablePages` when given), drag a box to move it, × to remove it. Keyboard: every box is a
 * focusable button with a visible label; arrow keys nudge it (Shift: further), Delete or Backspace
 * removes it; 'Add box' places one on the page in view. Generic: tax returns and signature requests
 * use it alike (positions are page fractions, see ./placement.ts).
 */
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { Alert, Button, Select, Spinner } from "~/components/ui";
import { loadPdfJs, PDF_LOAD_FAILED, pdfSource } from "~/pdf/pdf-viewer";
import { kindLabel, moveTo, nudge, placeAt, type PlacementField, type PlacementKind, type PlacementSigner } from "./placement";
import * as s from "./placement.css";

export interface PlacementEditorProps {
  /** A presigned URL of the PDF (straight from the store). */
  pdfUrl: string;
  /** What the PDF is, for screen readers. */
  title: string;
  /** The pages to show (1-based); all pages when omitted. */
  pages?: number[];
  /** Pages a box may be placed on (all shown pages when omitted). */
  placeablePages?: number[];
  signers: PlacementSigner[];
  fields: PlacementField[];
  onChange: (fields: PlacementField[]) => void;
  /** Scrolls to this page whenever `nonce` changes (the bookmark index). */
  scrollTo?: { page: number; nonce: number } | null;
  readOnly?: boolean;
}

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; doc: PDFDocumentProxy };

export function PlacementEditor({ pdfUrl, title, pages, placeablePages, signers, fields, onChange, scrollTo, readOnly }: PlacementEditorProps) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [signerKey, setSignerKey] = useState(signers[0]?.key ?? "");
  const [kind, setKind] = useState<PlacementKind>("signature");
  const [visiblePage, setVisiblePage] = useState(1);
  const [message, setMessage] = useState("");
  const pageRefs = useRef(new Map<number, HTMLDivElement>());
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  useEffect(() => {
    if (!signers.some((x) => x.key === signerKey)) setSignerKey(signers[0]?.key ?? "");
  }, [signers, signerKey]);

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    setLoad({ state: "loading" });
    loadPdfJs()
      .then((lib) => {
        const t = lib.getDocument(pdfSource(pdfUrl));
        task = t;
        return t.promise;
      })
      .then((doc) => !cancelled && setLoad({ state: "ready", doc }))
      .catch(() => !cancelled && setLoad({ state: "error" }));
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [pdfUrl]);

  useEffect(() => {
    if (scrollTo) pageRefs.current.get(scrollTo.page)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [scrollTo]);

  const doc = load.state === "ready" ? load.doc : null;
  const shown = pages ?? (doc ? Array.from({ length: doc.numPages }, (_, i) => i + 1) : []);
  const canPlace = (page: number) => !readOnly && (!placeablePages || placeablePages.includes(page)) && signers.some((x) => x.key === signerKey);
  const signerLabel = (key: string) => signers.find((x) => x.key === key)?.label ?? "Signer";

  function add(field: PlacementField) {
    onChange([...fieldsRef.current, field]);
    setMessage(`${kindLabel(field.kind)} box for ${signerLabel(field.signerKey)} placed on page ${field.page}.`);
  }

  function addOnVisiblePage() {
    if (!canPlace(visiblePage)) {
      setMessage(placeablePages ? "Mark this page as part of an e-sign form before placing boxes on it." : "Choose a signer first.");
      return;
    }
    add(placeAt(signerKey, kind, visiblePage, 0.5, 0.5));
  }

  if (load.state === "error") return <Alert tone="danger">{PDF_LOAD_FAILED}</Alert>;

  return (
    <div className={s.editor}>
      {!readOnly ? (
        <div className={s.toolbar} role="toolbar" aria-label="Place signature and date boxes">
          <Select
            label="Signer"
            value={signerKey}
            onChange={(e) => setSignerKey(e.target.value)}
            options={signers.map((x) => ({ value: x.key, label: x.label }))}
            placeholder={signers.length ? undefined : "Choose signers first"}
          />
          <div className={s.kindGroup} role="group" aria-label="Box">
            {(["signature", "date"] as const).map((k) => (
              <Button key={k} size="sm" variant={kind === k ? "primary" : "secondary"} aria-pressed={kind === k} onClick={() => setKind(k)}>
                {kindLabel(k)} box
              </Button>
            ))}
          </div>
          <Button size="sm" variant="secondary" onClick={addOnVisiblePage}>
            Add box on page {visiblePage}
          </Button>
          <p className={s.hint} aria-live="polite">
            {message || "Click a page to place a box. Drag a box to move it; arrow keys nudge the focused box, Delete removes it."}
          </p>
        </div>
      ) : null}
      {load.state === "loading" ? <Spinner label="Loading PDF" /> : null}
      <div className={s.pages} aria-label={title} role="region">
        {doc
          ? shown.map((n) => (
              <PageView
                key={n}
                doc={doc}
                page={n}
                register={(el) => (el ? pageRefs.current.set(n, el) : pageRefs.current.delete(n))}
                onVisible={() => setVisiblePage(n)}
                placeable={canPlace(n)}
                onPlace={(cx, cy) => add(placeAt(signerKey, kind, n, cx, cy))}
                fields={fields.map((f, i) => [f, i] as const).filter(([f]) => f.page === n)}
                signerLabel={signerLabel}
                onMove={(i, f) => onChange(fieldsRef.current.map((g, j) => (j === i ? f : g)))}
                onRemove={(i) => {
                  const removed = fieldsRef.current[i];
                  onChange(fieldsRef.current.filter((_, j) => j !== i));
                  if (removed) setMessage(`${kindLabel(removed.kind)} box for ${signerLabel(removed.signerKey)} removed from page ${removed.page}.`);
                }}
                readOnly={readOnly}
              />
            ))
          : null}
      </div>
    </div>
  );
}

interface PageViewProps {
  doc: PDFDocumentProxy;
  page: number;
  register: (el: HTMLDivElement | null) => void;
  onVisible: () => void;
  placeable: boolean;
  onPlace: (cx: number, cy: number) => void;
  fields: (readonly [PlacementField, number])[];
  signerLabel: (key: string) => string;
  onMove: (index: number, field: PlacementField) => void;
  onRemove: (index: number) => void;
  readOnly?: boolean;
}

function PageView({ doc, page, register, onVisible, placeable, onPlace, fields, signerLabel, onMove, onRemove, readOnly }: PageViewProps) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [ratio, setRatio] = useState(792 / 612);
  const [inView, setInView] = useState(false);
  const [width, setWidth] = useState(0);
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;
  const drag = useRef<{ index: number; dx: number; dy: number; moved: boolean } | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const resize = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => setWidth(el.clientWidth)) : null;
    resize?.observe(el);
    const io =
      typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver(
            (entries) => {
              for (const e of entries) {
                if (e.isIntersecting) setInView(true);
                if (e.intersectionRatio > 0.4) onVisibleRef.current();
              }
            },
            { rootMargin: "400px 0px", threshold: [0, 0.4] },
          )
        : null;
    io?.observe(el);
    if (!io) setInView(true);
    return () => {
      resize?.disconnect();
      io?.disconnect();
    };
  }, []);

  // Lazy: a page is rendered the first time it comes near the viewport (and again when resized).
  useEffect(() => {
    if (!inView || width === 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      try {
        const p = await doc.getPage(page);
        if (cancelled) return;
        const natural = p.getViewport({ scale: 1 });
        setRatio(natural.height / natural.width);
        const viewport = p.getViewport({ scale: width / natural.width });
        const canvas = canvasRef.current;
        if (!canvas) return;
        const dpr = Math.min(window.devicePixelRatio || 1, 2);
        canvas.width = Math.floor(viewport.width * dpr);
        canvas.height = Math.floor(viewport.height * dpr);
        task = p.render({ canvas, viewport, transform: dpr === 1 ? undefined : [dpr, 0, 0, dpr, 0, 0] });
        await task.promise;
        if (!cancelled) canvas.dataset.rendered = "true";
      } catch {
        /* a cancelled render, or a page that cannot be drawn: the page stays blank */
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, inView, width]);

  const fraction = (clientX: number, clientY: number) => {
    const rect = boxRef.current!.getBoundingClientRect();
    return { fx: (clientX - rect.left) / rect.width, fy: (clientY - rect.top) / rect.height };
  };

  function onOverlayClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || !placeable) return;
    const { fx, fy } = fraction(event.clientX, event.clientY);
    onPlace(fx, fy);
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, field: PlacementField, index: number) {
    if (readOnly) return;
    const { fx, fy } = fraction(event.clientX, event.clientY);
    drag.current = { index, dx: fx - field.x, dy: fy - field.y, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>, field: PlacementField) {
    const d = drag.current;
    if (!d) return;
    const { fx, fy } = fraction(event.clientX, event.clientY);
    d.moved = true;
    onMove(d.index, moveTo(field, fx - d.dx, fy - d.dy));
  }

  function onFieldKey(event: KeyboardEvent<HTMLButtonElement>, field: PlacementField, index: number) {
    if (readOnly) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onRemove(index);
      return;
    }
    const moved = nudge(field, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      onMove(index, moved);
    }
  }

  return (
    <div>
      <p className={s.pageLabel} id={`placement-page-${page}`}>
        Page {page}
      </p>
      <div
        className={s.page}
        style={{ aspectRatio: `1 / ${ratio}` }}
        ref={(el) => {
          boxRef.current = el;
          register(el);
        }}
        data-page={page}
      >
        <canvas ref={canvasRef} className={s.canvas} aria-hidden="true" />
        {/* Pointer placement; the keyboard places boxes with the toolbar's "Add box on page N" (and moves them with arrow keys). */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
        <div className={`${s.overlay} ${placeable ? "" : s.overlayOff}`} onClick={onOverlayClick} data-testid={`placement-page-${page}`}>
          {fields.map(([field, index]) => {
            const label = `${kindLabel(field.kind)}: ${signerLabel(field.signerKey)}`;
            return (
              <div
                key={index}
                className={`${s.field} ${field.kind === "date" ? s.dateField : ""}`}
                style={{ left: `${field.x * 100}%`, top: `${field.y * 100}%`, width: `${field.width * 100}%`, height: `${field.height * 100}%` }}
              >
                <button
                  type="button"
                  className={s.fieldBody}
                  aria-label={`${label}, page ${page}. Arrow keys move it; Delete removes it.`}
                  onPointerDown={(e) => onPointerDown(e, field, index)}
                  onPointerMove={(e) => onPointerMove(e, field)}
                  onPointerUp={() => (drag.current = null)}
                  onKeyDown={(e) => onFieldKey(e, field, index)}
                >
                  {label}
                </button>
                {!readOnly ? (
                  <button type="button" className={s.remove} aria-label={`Remove ${label} on page ${page}`} onClick={() => onRemove(index)}>
                    ×
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
