import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toNumber } from './to-number';

export type NumberFieldProps<T extends FieldValues> = Omit<TextInputProps, 'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any submitted shape: the field only reads its own box
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  /** After the form has read the box (to round what was typed, for one). */
  onBlur?: () => void;
};

/**
 * A box for a number, uncontrolled so '250.' mid-typing stays as typed; the form holds what
 * `toNumber` reads from it and shows the schema's message for it. A text box by default (a
 * browser's number box empties '1,500'); pass `type="number"` for whole amounts.
 */
export function NumberField<T extends FieldValues>({ form, name, onBlur, type = 'text', inputMode = 'decimal', ...input }: NumberFieldProps<T>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <TextInput
      type={type}
      inputMode={inputMode}
      autoComplete="off"
      error={error}
      {...input}
      {...form.register(name, { setValueAs: toNumber, ...(onBlur ? { onBlur } : {}) })}
    />
  );
}
