import { useId } from "react";
import { useLiveOnReach } from "~/components/ui/live-on-reach";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useVocabulary } from "~/vocabulary";
import * as s from "./entity-selector.css";

export interface EntityOption {
  hashId: string;
  name: string;
  entityType: string;
}

const loadLiveSelector = () => import("./entity-selector-live");

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
  const { code, placeholder, live } = useLiveOnReach("popover", loadLiveSelector);
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
  if (!code) {
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
    <code.LiveEntitySelector entities={entities} selected={selected} label={label} buttonRef={live} labelledBy={`${id}-label ${id}-value`}>
      {face}
    </code.LiveEntitySelector>
  );
}
