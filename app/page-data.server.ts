import type { EntryContext } from "@remix-run/node";

type RenderMeta = NonNullable<EntryContext["renderMeta"]>;
type Entry = NonNullable<RenderMeta["streamCache"]>[number];

const LATER = Symbol("later");
const afterThisTurn = () => new Promise<typeof LATER>((resolve) => setImmediate(resolve, LATER));

function entry(content: Pick<Entry, "result" | "error">): Entry {
  return Object.assign(Promise.resolve(), content);
}

/**
 * The loaders' data, as Remix hands it to the browser (single fetch: a stream that Remix's
 * StreamTransfer writes into the page as scripts), read before the page renders. StreamTransfer
 * suspends on each chunk it reads (the data, then the stream's end), and each suspension costs
 * React another round of work, with its own chunk encoding and write: about a tenth of a page's
 * CPU. What of the data is ready is read here and given to StreamTransfer through its cache (the
 * `renderMeta.streamCache` it fills itself otherwise), so a page whose data is all there renders in
 * one pass. Data that is not there before the next turn of the event loop (a loader's promise)
 * stays a stream: StreamTransfer reads it on, as before, from where this left off.
 */
export async function takeReadyPageData(context: Pick<EntryContext, "serverHandoffStream" | "renderMeta">) {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta || meta.streamCache) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let later: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  // RemixServer takes a reader of its own: it gets the rest of the stream (if any), read only when
  // asked for (no high-water mark: a stream that fills its queue would read on from under this).
  context.serverHandoffStream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const result = await (later ?? reader.read());
        later = null;
        if (result.done) controller.close();
        else controller.enqueue(result.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  const deadline = afterThisTurn();
  try {
    for (;;) {
      const read = reader.read();
      const result = await Promise.race([read, deadline]);
      if (result === LATER) {
        // Its failure is StreamTransfer's to report, if the page still reads on.
        read.catch(() => {});
        later = read;
        break;
      }
      if (result.done) {
        // Each chunk is whole text (the encoder writes one line at a time): nothing is held back.
        meta.streamCache = { 0: entry({ result: { done: true, value: text + decoder.decode() } }) };
        return;
      }
      text += decoder.decode(result.value, { stream: true });
    }
  } catch (error) {
    meta.streamCache = { 0: entry({ error }) };
    return;
  }
  if (text) meta.streamCache = { 0: entry({ result: { done: false, value: text + decoder.decode() } }) };
}
