import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";

/*
 * conform's prop getters include `key`; React warns when a key is spread into JSX, so these
 * drop it (pass `key={field.key}` yourself).
 */

type InputOptions = Parameters<typeof getInputProps>[1];

export function inputProps<T>(field: FieldMetadata<T, Record<string, unknown>, string[]>, options: InputOptions) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...props } = getInputProps(field, options);
  return props;
}

export function selectProps<T>(field: FieldMetadata<T, Record<string, unknown>, string[]>) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...props } = getSelectProps(field);
  return props;
}
