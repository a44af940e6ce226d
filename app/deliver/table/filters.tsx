/** The Deliver table's filters (tax year, status, reminder): in the toolbar on wide screens, under a Filters button on phones. */
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import * as t from "~/components/data-table/data-table.css";
import { stateToSearch, withFilter, type TableState } from "~/components/data-table/state";
import { Button, Select, type SelectOption } from "~/components/ui";
import * as s from "./deliver.css";
import { REMINDER_FILTERS, STATUS_FILTERS, TAX_RETURNS_TABLE } from "./table";

export function DeliverFilters({ current, years }: { current: TableState; years: SelectOption[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = (next: TableState) => navigate(stateToSearch(next, TAX_RETURNS_TABLE), { preventScrollReset: true });
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
        <Button variant="secondary" aria-expanded={open} aria-controls="deliver-filters" onClick={() => setOpen((o) => !o)}>
          {`Filters${count ? ` (${count})` : ""}`}
        </Button>
      </span>
      <div id="deliver-filters" className={s.filters} data-open={open}>
        {filter("year", "Tax year", "Any year", years)}
        {filter("status", "Status", "Any status", STATUS_FILTERS)}
        {filter("reminder", "Reminders", "On or off", REMINDER_FILTERS)}
      </div>
    </>
  );
}
