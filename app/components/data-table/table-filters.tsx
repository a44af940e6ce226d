/**
 * A staff table's filters: one select per filter in the toolbar on wide screens, folded under a
 * "Filters (n)" button on phones. Choosing a value navigates to the table's new state (the loader
 * reads it from the URL).
 *
 *   <DataTable … filterControls={<TableFilters id="deliver-filters" current={current} config={TABLE} filters={[…]} />} />
 */
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Button, Select } from "~/components/ui";
import type { DataTableFilter } from "./data-table";
import * as s from "./data-table.css";
import { stateToSearch, withFilter, type TableConfig, type TableState } from "./state";

export interface TableFiltersProps {
  /** The panel's id (the phone button controls it). */
  id: string;
  current: TableState;
  config: TableConfig;
  /** In their order; leave out those that do not apply. */
  filters: DataTableFilter[];
}

export function TableFilters({ id, current, config, filters }: TableFiltersProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = Object.keys(current.filters).length;
  const go = (next: TableState) => navigate(stateToSearch(next, config), { preventScrollReset: true });
  return (
    <>
      <span className={s.filtersToggle}>
        <Button variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {`Filters${count ? ` (${count})` : ""}`}
        </Button>
      </span>
      <div id={id} className={s.filters} data-open={open}>
        {filters.map((f) => (
          <Select
            key={f.name}
            className={s.filter}
            label={f.label}
            value={current.filters[f.name]?.[0] ?? ""}
            onChange={(e) => go(withFilter(current, f.name, [e.currentTarget.value]))}
            options={[{ value: "", label: f.allLabel }, ...f.options]}
          />
        ))}
      </div>
    </>
  );
}
