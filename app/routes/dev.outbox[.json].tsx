import type { LoaderFunctionArgs } from "@remix-run/node";
import { devOutboxJsonLoader } from "~/outbox/dev-outbox.server";

/** /dev/outbox.json: the development outbox as JSON (404 unless outboxEnabled()). See dev.outbox.tsx. */
export async function loader(args: LoaderFunctionArgs) {
  return devOutboxJsonLoader(args);
}
