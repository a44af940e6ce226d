import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSubmit } from "@remix-run/react";
import { useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { SearchIcon } from "~/components/ui/icons";
import { useVocabulary } from "~/vocabulary";
import { ENTITY_LIST_LIMIT, showEntityFilter, visibleEntities } from "./dashboard-rules";
import type { EntityOption } from "./entity-selector";
import * as s from "./entity-selector.css";

/** The live entity selector (Headless UI's popover), loaded when the reader reaches its button (`EntitySelector`). */
export function LiveEntitySelector({
  entities,
  selected,
  label,
  labelledBy,
  buttonRef,
  children,
}: {
  entities: EntityOption[];
  selected: EntityOption;
  label: ReactNode;
  labelledBy: string;
  buttonRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  const t = useVocabulary();
  const submit = useSubmit();
  const [filter, setFilter] = useState("");
  const [showAll, setShowAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const shown = visibleEntities(entities, filter, showAll);

  return (
    <Popover className={s.root}>
      {label}
      <PopoverButton ref={buttonRef} className={s.trigger} aria-labelledby={labelledBy}>
        {children}
      </PopoverButton>
      <PopoverPanel className={s.panel} focus onKeyDown={moveWithArrows}>
        {({ close }) => (
          <>
            {showEntityFilter(entities.length) ? (
              <label className={s.filter}>
                <SearchIcon size={16} aria-hidden />
                <input
                  className={s.filterInput}
                  placeholder={`Filter ${t("entities")}`}
                  aria-label={`Filter ${t("entities")}`}
                  value={filter}
                  onChange={(e) => setFilter(e.currentTarget.value)}
                />
              </label>
            ) : null}
            <ul className={s.list} ref={list}>
              {shown.map((entity) => (
                <li key={entity.hashId}>
                  <button
                    type="button"
                    className={entity.hashId === selected.hashId ? s.optionSelected : s.option}
                    aria-current={entity.hashId === selected.hashId ? "true" : undefined}
                    onClick={() => {
                      submit({ intent: "set-entity", entity: entity.hashId }, { method: "post", replace: true });
                      close();
                    }}
                  >
                    <span className={s.optionName}>{entity.name}</span>
                    <span className={s.optionType}>{t(entity.entityType)}</span>
                  </button>
                </li>
              ))}
              {shown.length === 0 ? <li className={s.empty}>No matches</li> : null}
            </ul>
            {!showAll && !filter && entities.length > shown.length ? (
              <button
                type="button"
                className={s.showAll}
                onClick={() => {
                  setShowAll(true);
                  // The button goes away: keep focus in the panel, on the first entity it revealed.
                  requestAnimationFrame(() => list.current?.querySelectorAll("button")[ENTITY_LIST_LIMIT]?.focus());
                }}
              >
                Show All ({entities.length})
              </button>
            ) : null}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}

/** Up and Down arrows move between the filter and the entities, like Tab and Shift+Tab. */
function moveWithArrows(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("input, button"));
  const index = stops.indexOf(document.activeElement as HTMLElement);
  const next = stops[event.key === "ArrowDown" ? Math.min(index + 1, stops.length - 1) : Math.max(index - 1, 0)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
