import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSubmit } from "@remix-run/react";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { useLiveOnReach } from "~/components/ui/live-on-reach";
import { ChevronDownIcon, SearchIcon } from "~/components/ui/icons";
import { useVocabulary } from "~/vocabulary";
import { ENTITY_LIST_LIMIT, showEntityFilter, visibleEntities } from "./dashboard-rules";
import * as s from "./entity-selector.css";

interface EntityOption {
  hashId: string;
  name: string;
  entityType: string;
}

/**
 * The client's entity switcher (spec: shown with more than one entity; 5 listed with 'Show All';
 * a filter above 5). Choosing an entity posts it as the client's default and reloads the dashboard.
 *
 * A Headless UI popover (Escape, outside click and Tab away close it; focus returns to the
 * trigger) rather than a listbox: the panel holds a filter field and a 'Show All' button, which a
 * listbox may not contain.
 */
export function EntitySelector({ entities, selected }: { entities: EntityOption[]; selected: EntityOption }) {
  const t = useVocabulary();
  const id = useId();
  const { isLive, placeholder, live } = useLiveOnReach("popover");
  const label = (
    <span className={s.label} id={`${id}-label`}>
      {t("Entity")}
    </span>
  );
  const face = (
    <>
      <span id={`${id}-value`} className={s.value}>
        {selected.name}
      </span>
      <ChevronDownIcon size={16} aria-hidden />
    </>
  );
  if (!isLive) {
    return (
      <div className={s.root}>
        {label}
        <button {...placeholder} type="button" className={s.trigger} aria-labelledby={`${id}-label ${id}-value`} aria-expanded="false">
          {face}
        </button>
      </div>
    );
  }
  return (
    <LiveEntitySelector entities={entities} selected={selected} label={label} buttonRef={live} labelledBy={`${id}-label ${id}-value`}>
      {face}
    </LiveEntitySelector>
  );
}

function LiveEntitySelector({
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
