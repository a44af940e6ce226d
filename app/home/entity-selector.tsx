import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { ChevronDownIcon, SearchIcon } from "~/components/ui/icons";
import { useVocabulary } from "~/vocabulary";
import { showEntityFilter, visibleEntities } from "./dashboard-rules";
import * as s from "./entity-selector.css";

interface EntityOption {
  hashId: string;
  name: string;
  entityType: string;
}

/**
 * The client's entity switcher (spec: shown with more than one entity; 5 listed with 'Show All';
 * a filter above 5). Choosing an entity posts it as the client's default and reloads the dashboard.
 */
export function EntitySelector({ entities, selected }: { entities: EntityOption[]; selected: EntityOption }) {
  const t = useVocabulary();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const [showAll, setShowAll] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const shown = visibleEntities(entities, filter, showAll);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={s.root} ref={root}>
      <span className={s.label} id={`${listId}-label`}>
        {t("Entity")}
      </span>
      <button
        type="button"
        className={s.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${listId}-label ${listId}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${listId}-value`} className={s.value}>
          {selected.name}
        </span>
        <ChevronDownIcon size={16} aria-hidden />
      </button>
      {open ? (
        <div className={s.panel} id={listId}>
          {showEntityFilter(entities.length) ? (
            <label className={s.filter}>
              <SearchIcon size={16} aria-hidden />
              <input
                autoFocus
                className={s.filterInput}
                placeholder={`Filter ${t("entities")}`}
                aria-label={`Filter ${t("entities")}`}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
            </label>
          ) : null}
          <Form method="post" replace>
            <input type="hidden" name="intent" value="set-entity" />
            <ul className={s.list}>
              {shown.map((entity) => (
                <li key={entity.hashId}>
                  <button
                    type="submit"
                    name="entity"
                    value={entity.hashId}
                    className={entity.hashId === selected.hashId ? s.optionSelected : s.option}
                    aria-current={entity.hashId === selected.hashId ? "true" : undefined}
                  >
                    <span className={s.optionName}>{entity.name}</span>
                    <span className={s.optionType}>{t(entity.entityType)}</span>
                  </button>
                </li>
              ))}
              {shown.length === 0 ? <li className={s.empty}>No matches</li> : null}
            </ul>
          </Form>
          {!showAll && !filter && entities.length > shown.length ? (
            <button type="button" className={s.showAll} onClick={() => setShowAll(true)}>
              Show All ({entities.length})
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
