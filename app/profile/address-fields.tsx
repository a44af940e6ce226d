import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Select, TextField } from "~/components/ui/field";
import { addressLabels, COUNTRIES, normalizeRegion, regionsOf, toCountry } from "./address";
import { inputProps, selectProps } from "./form-props";
import * as s from "./profile.css";

type Field = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

export interface AddressFieldsProps {
  fields: { street: Field; city: Field; state: Field; zip: Field; country: Field };
  /** Prefixes the labels ("Current address" in the contact dialog). */
  idPrefix?: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Street, city, state or province, zip or postal code, and country (US or Canada). Choosing
 * Canada relabels the fields 'Province/Territory' and 'Postal Code' and offers the provinces.
 */
export function AddressFields({ fields }: AddressFieldsProps) {
  const [country, setCountry] = useState(() => toCountry(text(fields.country.initialValue)));
  const labels = addressLabels(country);
  const regions = regionsOf(country);
  const initialState = text(fields.state.initialValue);
  // A stored value that isn't one of the country's (e.g. imported) stays visible until changed.
  const known = normalizeRegion(country, initialState);
  const stateDefault = known ?? initialState;
  const options = Object.entries(regions).map(([code, name]) => ({ value: code, label: name }));
  if (known === null && initialState) options.unshift({ value: initialState, label: initialState });

  return (
    <>
      <TextField
        {...inputProps(fields.street, { type: "text" })}
        key={fields.street.key}
        label="Street"
        autoComplete="street-address"
        error={fields.street.errors?.[0]}
      />
      <div className={s.cityRegionZip}>
        <TextField
          {...inputProps(fields.city, { type: "text" })}
          key={fields.city.key}
          label="City"
          autoComplete="address-level2"
          error={fields.city.errors?.[0]}
        />
        <Select
          {...selectProps(fields.state)}
          key={`state-${fields.state.key ?? ""}-${country}`}
          defaultValue={country === toCountry(text(fields.country.initialValue)) ? stateDefault : ""}
          label={labels.region}
          placeholder={labels.chooseRegion}
          options={options}
          autoComplete="address-level1"
          error={fields.state.errors?.[0]}
        />
        <TextField
          {...inputProps(fields.zip, { type: "text" })}
          key={`zip-${fields.zip.key ?? ""}-${country}`}
          defaultValue={country === toCountry(text(fields.country.initialValue)) ? text(fields.zip.initialValue) : ""}
          label={labels.postalCode}
          autoComplete="postal-code"
          inputMode={country === "US" ? "numeric" : "text"}
          placeholder={country === "US" ? "12345" : "A1A 1A1"}
          error={fields.zip.errors?.[0]}
        />
      </div>
      <Select
        {...selectProps(fields.country)}
        key={fields.country.key}
        label="Country"
        options={COUNTRIES.map((c) => ({ value: c.value, label: c.label }))}
        autoComplete="country"
        error={fields.country.errors?.[0]}
        onChange={(event) => setCountry(toCountry(event.currentTarget.value))}
      />
    </>
  );
}
