/** Collect's filters: in the toolbar on wide screens, folded under a Filters button on phones. */
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import * as t from "~/components/data-table/data-table.css";
import { stateToSearch, withFilter, type TableState } from "~/components/data-table/state";
import { Button, Select, type SelectOption } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import * as s from "./collect.css";
import type { CollectData } from "./collect-overview";
import { COLLECT_TABLE, DELETED_FILTERS, STATUS_FILTERS } from "./table";

export function CollectFilters({ current, options }: { current: TableState; options: CollectData["options"] }) {
  const tr = useVocabulary();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = (next: TableState) => navigate(stateToSearch(next, COLLECT_TABLE), { preventScrollReset: true });
  const count = Object.keys(current.filters).length;
  const filter = (name: string, label: string, allLabel: string, opts: readonly SelectOption[]) => (
    <Select
      key={name}
      className={t.filter}
      label={label}
      value={current.filters[name]?.[0] ?? ""}
      onChange={(e) => go(withFilter(current, name, [e.currentTarget.value]))}
      options={[{ value: "", label: allLabel }, ...opts]}
    />
  );
  return (
    <>
      <span className={s.filtersToggle}>
        <Button variant="secondary" aria-expanded={open} aria-controls="collect-filters" onClick={() => setOpen((o) => !o)}>
          {`Filters${count ? ` (${count})` : ""}`}
        </Button>
      </span>
      <div id="collect-filters" className={s.filters} data-open={open}>
        {filter("status", "Status", "Any status", STATUS_FILTERS)}
        {filter("year", "Year", "Any year", options.years)}
        {filter("advisor", "Assigned", "Anyone", [{ value: "none", label: tr("No advisor") }, ...options.advisors])}
        {options.customStatuses.length
          ? filter("custom_status", "Custom status", "Any custom status", [{ value: "none", label: "No custom status" }, ...options.customStatuses])
          : null}
        {options.groups.length ? filter("group", "Firm group", "Any group", [{ value: "none", label: "No group" }, ...options.groups]) : null}
        {filter(
          "entity_type",
          tr("Entity type"),
          "Any type",
          options.entityTypes.map((o) => ({ ...o, label: tr(o.label) })),
        )}
        {filter("deleted", "Show", "Active", DELETED_FILTERS)}
      </div>
    </>
  );
}
