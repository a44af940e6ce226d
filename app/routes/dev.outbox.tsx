import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as css from "~/outbox/dev-outbox.css";
import { devOutboxPageLoader, type DevOutboxMessage } from "~/outbox/dev-outbox.server";
import { linkify } from "~/outbox/linkify";
import { firmTitle } from "~/meta";

/**
 * /dev/outbox (only on a local portal with no email or SMS provider, see outboxEnabled(); else
 * 404): the firm's latest email and SMS, so a developer can read sign-in links and codes. `?format=json` answers the same list as JSON
 * (served by /dev/outbox.json: a page route can't answer JSON to a document request).
 */
export async function loader(args: LoaderFunctionArgs) {
  return devOutboxPageLoader(args);
}

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Outbox (development)") }, { name: "robots", content: "noindex" }];

export default function DevOutbox() {
  const { firm, limit, messages } = useLoaderData<typeof loader>();
  return (
    <main className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}>Outbox</h1>
        <p className={css.lead}>
          The latest {limit} email and SMS messages of {firm.name}. Local only: never served where email and SMS really go out.{" "}
          <a className={css.link} href="/dev/outbox.json">
            JSON
          </a>
        </p>
      </header>
      {messages.length === 0 ? (
        <p className={css.empty}>No messages yet.</p>
      ) : (
        <ol className={css.list}>
          {messages.map((message) => (
            <OutboxMessage key={message.id} message={message} />
          ))}
        </ol>
      )}
    </main>
  );
}

function OutboxMessage({ message }: { message: DevOutboxMessage }) {
  return (
    <li className={css.message} data-message-id={message.id} data-channel={message.channel}>
      <div className={css.meta}>
        <span className={css.channel}>{message.channel === "email" ? "Email" : "SMS"}</span>
        <span className={css.status[message.status]}>{message.status}</span>
        <span>
          to <span className={css.recipient}>{message.to}</span>
        </span>
        <time dateTime={message.createdAt}>{message.createdAt.replace("T", " ").slice(0, 19)} UTC</time>
        {message.attempts > 1 ? <span>{message.attempts} attempts</span> : null}
      </div>
      {message.subject ? <h2 className={css.subject}>{message.subject}</h2> : null}
      <pre className={css.body}>
        {linkify(message.body).map((part, i) =>
          part.href ? (
            <a key={i} className={css.link} href={part.href}>
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </pre>
      {message.error ? <p className={css.error}>{message.error}</p> : null}
    </li>
  );
}
