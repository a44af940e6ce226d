/**
 * Adopting a signature: draw it with a mouse, pen or finger on a canvas, or type a name shown in a
 * script face. A drawn signature is sent as a PNG data URL (the server checks it is a PNG of at
 * most 1 MB); a typed one as its text.
 */
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, Tabs, TextField } from "~/components/ui";
import { MAX_TYPED_SIGNATURE_LENGTH } from "../signing/rules";
import * as s from "./client.css";

export type Adopted = { method: "drawn"; image: string } | { method: "typed"; text: string };

export function SignaturePadDialog({
  open,
  onClose,
  onAdopt,
  defaultName,
}: {
  open: boolean;
  onClose: () => void;
  onAdopt: (a: Adopted) => void;
  defaultName: string;
}) {
  const [tab, setTab] = useState("draw");
  const [typed, setTyped] = useState(defaultName);
  const [drawn, setDrawn] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  function adopt() {
    if (tab === "draw") {
      const canvas = canvasRef.current;
      if (!canvas || !drawn) return;
      onAdopt({ method: "drawn", image: canvas.toDataURL("image/png") });
    } else {
      const text = typed.trim();
      if (!text) return;
      onAdopt({ method: "typed", text });
    }
  }
  const ready = tab === "draw" ? drawn : typed.trim().length > 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Adopt your signature"
      description="Draw your signature or type your name. It will be placed in each of your signature fields."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={adopt} disabled={!ready}>
            Adopt and sign
          </Button>
        </>
      }
    >
      <Tabs
        label="Signature method"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "draw", label: "Draw", content: <DrawPad canvasRef={canvasRef} onDrawn={setDrawn} /> },
          {
            id: "type",
            label: "Type",
            content: (
              <div style={{ display: "grid", gap: 12 }}>
                <TextField
                  label="Your name"
                  value={typed}
                  maxLength={MAX_TYPED_SIGNATURE_LENGTH}
                  onChange={(e) => setTyped(e.currentTarget.value)}
                  autoComplete="name"
                />
                <div className={s.typedPreview} data-testid="typed-preview">
                  {typed}
                </div>
              </div>
            ),
          },
        ]}
      />
    </Dialog>
  );
}

function DrawPad({ canvasRef, onDrawn }: { canvasRef: React.MutableRefObject<HTMLCanvasElement | null>; onDrawn: (drawn: boolean) => void }) {
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  const hasInk = useRef(false);

  useEffect(() => onDrawn(false), [onDrawn]);

  /**
   * Sizes the backing store to the drawn size (crisp on high-density screens, far under 1 MB).
   * Done at the first stroke: while the dialog opens the canvas may not be laid out yet.
   */
  function ensureSized(canvas: HTMLCanvasElement) {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const width = Math.floor(canvas.clientWidth * ratio);
    const height = Math.floor(canvas.clientHeight * ratio);
    if (hasInk.current || (canvas.width === width && canvas.height === height)) return;
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#10246a";
  }

  function point(e: React.PointerEvent<HTMLCanvasElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }
  function down(e: React.PointerEvent<HTMLCanvasElement>) {
    ensureSized(e.currentTarget);
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    last.current = point(e);
  }
  function move(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current || !last.current) return;
    const ctx = e.currentTarget.getContext("2d");
    const p = point(e);
    if (!ctx) return;
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = p;
    hasInk.current = true;
    onDrawn(true);
  }
  function up() {
    drawing.current = false;
    last.current = null;
  }
  function clear() {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    hasInk.current = false;
    onDrawn(false);
  }
  return (
    <div style={{ display: "grid", gap: 8 }}>
      <canvas
        ref={canvasRef}
        className={s.pad}
        role="img"
        aria-label="Signature pad: draw your signature with your mouse, pen or finger"
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <div>
        <Button size="sm" variant="ghost" onClick={clear}>
          Clear
        </Button>
      </div>
    </div>
  );
}
