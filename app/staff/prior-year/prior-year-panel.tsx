/**
 * The entity page's Prior-year items card: the items the firm keeps for the entity by year, with
 * their rollover line items. Advisors add, edit (name, year, don't roll over) and delete items,
 * and add or remove line items (unless a line item is marked not removable). Data and actions go
 * through /api/staff/prior-year/{companyHash}.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Badge, Button, Card, Checkbox, EmptyState, Spinner, TextField, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { lineItemRemovable } from "./rules";

interface Item {
  id: string;
  name: string;
  year: number;
  source: string | null;
  doNotRollover: boolean;
  lineItems: { id: string; category: string; value: string; removable: boolean }[];
}
type ListData = { items: Item[]; canManage: boolean } | { error: string };
type Reply = { ok: true; message: string } | { ok: false; error: string };

const row = { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-end" } as const;

export function PriorYearPanel({ hashId }: { hashId: string }) {
  const t = useVocabulary();
  const url = `/api/staff/prior-year/${hashId}`;
  const list = useFetcher<ListData>();
  const act = useFetcher<Reply>();
  const toast = useToast();
  const handled = useRef<Reply | undefined>(undefined);
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    list.load(url);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  useEffect(() => {
    const reply = act.data;
    if (act.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    if (reply.ok) {
      toast.success(reply.message);
      setEditing(null);
      setFormKey((k) => k + 1);
      list.load(url);
    } else toast.error(reply.error);
  }, [act.state, act.data, toast, list, url]);

  const data = list.data;
  const busy = act.state !== "idle";
  const post = (fields: Record<string, string>) => act.submit(fields, { method: "post", action: url });

  return (
    <Card>
      <h2 style={{ margin: "0 0 12px", fontSize: "1rem" }}>Prior-year items</h2>
      {!data ? (
        <Spinner label="Loading prior-year items" />
      ) : "error" in data ? (
        <p role="alert">{data.error}</p>
      ) : (
        <>
          {data.items.length === 0 ? (
            <EmptyState
              compact
              titleAs="p"
              title="No prior-year items yet."
              description={t("Items added here can be included when a questionnaire is sent.")}
            />
          ) : (
            <ul aria-label="Prior-year items" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
              {data.items.map((item) => (
                <li key={item.id} style={{ borderBottom: "1px solid var(--border, #e5e7eb)", paddingBottom: 12 }}>
                  {editing === item.id ? (
                    <act.Form method="post" action={url} style={row}>
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={item.id} />
                      <TextField label="Name" name="name" defaultValue={item.name} required />
                      <TextField label="Year" name="year" type="number" defaultValue={String(item.year)} required style={{ width: "7rem" }} />
                      <Checkbox label="Don't roll over" name="doNotRollover" defaultChecked={item.doNotRollover} />
                      <Button type="submit" size="sm" loading={busy}>
                        Save
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </act.Form>
                  ) : (
                    <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" }}>
                      <strong>{item.name}</strong>
                      <Badge>{item.year}</Badge>
                      {item.doNotRollover ? <Badge tone="warning">Not rolled over</Badge> : null}
                      {item.source ? <span style={{ color: "var(--muted, #6b7280)", fontSize: "0.85rem" }}>{item.source}</span> : null}
                      {data.canManage ? (
                        <span style={{ marginLeft: "auto", display: "flex", gap: 4 }}>
                          <Button size="sm" variant="ghost" onClick={() => setEditing(item.id)} aria-label={`Edit ${item.name}`}>
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={busy}
                            onClick={() => post({ intent: "delete", id: item.id })}
                            aria-label={`Delete ${item.name}`}
                          >
                            Delete
                          </Button>
                        </span>
                      ) : null}
                    </div>
                  )}
                  {item.lineItems.length ? (
                    <ul aria-label={`Line items of ${item.name}`} style={{ margin: "8px 0 0", paddingLeft: 16 }}>
                      {item.lineItems.map((l) => (
                        <li key={l.id}>
                          {l.category}: {l.value}
                          {data.canManage && lineItemRemovable(l) ? (
                            <Button
                              size="sm"
                              variant="ghost"
                              disabled={busy}
                              onClick={() => post({ intent: "line-delete", id: l.id })}
                              aria-label={`Remove ${l.category}`}
                            >
                              Remove
                            </Button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {data.canManage ? (
                    <act.Form key={`${item.id}-${formKey}`} method="post" action={url} style={{ ...row, marginTop: 8 }}>
                      <input type="hidden" name="intent" value="line-add" />
                      <input type="hidden" name="priorYearItemId" value={item.id} />
                      <TextField label="Category" name="category" required />
                      <TextField label="Value" name="value" required />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        Add line item
                      </Button>
                    </act.Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {data.canManage ? (
            <act.Form key={`add-${formKey}`} method="post" action={url} style={{ ...row, marginTop: 16 }} aria-label="Add a prior-year item">
              <input type="hidden" name="intent" value="add" />
              <TextField label="Item name" name="name" required />
              <TextField label="Year" name="year" type="number" defaultValue={String(new Date().getFullYear() - 1)} required style={{ width: "7rem" }} />
              <Button type="submit" size="sm" disabled={busy}>
                Add item
              </Button>
            </act.Form>
          ) : null}
        </>
      )}
    </Card>
  );
}
