/**
 * The send dialog's entities: search active entities (debounced, 10 per page, a term needed) and
 * pick several. A Headless UI multiple combobox, so the arrow keys move through the matches and
 * Enter picks one; the picked entities show as chips below, each with a remove button. The matches
 * stay listed (in the dialog's flow, `static`) while there is a term, as the list did before, so
 * closing the combobox never moves the fields below under the pointer.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { CloseIcon, FieldFrame, Spinner, useFieldIds } from "~/components/ui";
import * as field from "~/components/ui/field.css";
import { useVocabulary } from "~/vocabulary";
import * as s from "./entity-picker.css";

export const SEND_API = "/api/staff/send";
const SEARCH_DEBOUNCE_MS = 300;

export interface SelectedEntity {
  id: string;
  name: string;
}

interface EntityOption extends SelectedEntity {
  entityType: string;
  owner: string | null;
}

/** The active entities matching `term` (null while there is no term). */
function useEntitySearch(term: string): { results: EntityOption[] | null; loading: boolean } {
  const [results, setResults] = useState<EntityOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  useEffect(() => {
    const q = term.trim();
    if (!q) {
      setResults(null);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const response = await apiFetch(`${SEND_API}?${new URLSearchParams({ q, page: "0" })}`);
        const data = (await response.json().catch(() => ({}))) as { entities?: EntityOption[] };
        if (id === request.current) setResults(response.ok ? (data.entities ?? []) : []);
      } catch {
        if (id === request.current) setResults([]);
      } finally {
        if (id === request.current) setLoading(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  return { results, loading };
}

/** `name`: the picked ids are written into the form as a hidden list (`name[0]`, `name[1]`, …). */
export function EntityPicker({
  selected,
  onChange,
  error,
  name,
}: {
  selected: SelectedEntity[];
  onChange: (entities: SelectedEntity[]) => void;
  error?: string;
  name?: string;
}) {
  const t = useVocabulary();
  const [term, setTerm] = useState("");
  const { results, loading } = useEntitySearch(term);
  const { controlId, hintId, errorId, aria } = useFieldIds(undefined, undefined, error);
  const pick = (entities: SelectedEntity[]) => onChange(entities.map(({ id, name }) => ({ id, name })));

  return (
    <div className={s.stack}>
      {name ? selected.map((entity, i) => <input key={entity.id} type="hidden" name={`${name}[${i}]`} value={entity.id} />) : null}
      <FieldFrame label={t("Entities")} required error={error} controlId={controlId} hintId={hintId} errorId={errorId}>
        <Combobox multiple value={selected} by="id" onChange={pick}>
          <div className={field.controlWrap}>
            <ComboboxInput
              id={controlId}
              className={`${field.control} ${loading ? field.withEnd : ""}`}
              autoComplete="off"
              placeholder={t("Search entities by name or owner")}
              onChange={(e) => setTerm(e.currentTarget.value)}
              {...aria}
            />
            {loading ? (
              <span className={field.endAdornment}>
                <Spinner size="sm" label="Searching" />
              </span>
            ) : null}
          </div>
          {results && results.length > 0 ? (
            <ComboboxOptions static className={s.options} modal={false} aria-label={t("Matching entities")}>
              {results.map((entity) => (
                <ComboboxOption key={entity.id} value={entity} className={s.option}>
                  {({ selected: picked }) => (
                    <>
                      <span>
                        {entity.name}
                        <br />
                        <span className={s.meta}>
                          {t(entity.entityType)}
                          {entity.owner ? ` · ${entity.owner}` : ""}
                        </span>
                      </span>
                      <span className={s.meta}>{picked ? "Selected" : "Add"}</span>
                    </>
                  )}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          ) : null}
        </Combobox>
      </FieldFrame>
      {results !== null && results.length === 0 && !loading ? <p className={s.muted}>{t("No entities match.")}</p> : null}
      {selected.length > 0 ? (
        <ul className={s.chips} aria-label={t("Selected entities")}>
          {selected.map((entity) => (
            <li key={entity.id} className={s.chip}>
              <span className={s.chipName}>{entity.name}</span>
              <button
                type="button"
                className={s.chipRemove}
                aria-label={`Remove ${entity.name}`}
                onClick={() => onChange(selected.filter((e) => e.id !== entity.id))}
              >
                <CloseIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
