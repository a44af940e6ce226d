/**
 * React's destination for a page, and the response body it fills: the page's bytes in as few
 * writes as React's bursts allow. React hands over its HTML in chunks (text of up to 8 K
 * characters, scripts/lib/page-render-strings.mjs), and each became a write to the socket (a
 * fifth of a page's CPU was spent in them): chunks written in one go are joined and turned into
 * bytes together once that burst ends; a later Suspense boundary or data chunk still goes
 * out as soon as it is rendered. React writes straight into the body (a web stream, as Remix
 * answers with), without a Node stream between them: that layer, and the abort React makes when a
 * Node destination closes after the page has ended (two error objects, stack traces and all), cost
 * a page about 2% of its CPU. `onClose` is called once the body has ended, failed or been
 * cancelled (whoever reads it gave up: React must stop).
 */
export function pageBody(onClose: (cancelled: boolean) => void) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // React's pieces as it wrote them: text (its renderer writes text, scripts/lib/page-render-strings.mjs) or bytes.
  let pending: (Uint8Array | string)[] = [];
  let scheduled = false;
  let ended = false;
  let done = false;
  const finish = (cancelled: boolean) => {
    done = true;
    pending = [];
    onClose(cancelled);
  };
  const release = () => {
    scheduled = false;
    if (done) return;
    if (pending.length) {
      // Turned into bytes once: all text joined, else each piece.
      const text = pending.every((chunk) => typeof chunk === "string");
      controller.enqueue(
        text ? Buffer.from(pending.join("")) : Buffer.concat(pending.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk))),
      );
      pending = [];
    }
    if (ended) {
      controller.close();
      finish(false);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(release);
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      if (!done) finish(true);
    },
  });
  /** What React's pipe uses of a Node writable: write, end, destroy (a failed render), and `on`. */
  const destination = {
    write(chunk: Uint8Array | string) {
      if (done) return true;
      pending.push(chunk);
      schedule();
      return true;
    },
    end() {
      ended = true;
      schedule();
    },
    destroy(error?: Error) {
      if (done) return;
      controller.error(error ?? new Error("The page could not be rendered."));
      finish(false);
    },
    // React listens for drain (never needed: a write always has room), and for error and close
    // (a cancelled body says so through onClose instead).
    on() {
      return destination;
    },
  };
  return { body, destination: destination as unknown as NodeJS.WritableStream };
}
