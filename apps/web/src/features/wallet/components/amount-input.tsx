import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberInput, type NumberInputProps } from '@mantine/core';

type AmountInputProps<T extends FieldValues, O> = Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/**
 * A required amount in pesos (two decimals, never negative). The box's text goes to the form as is
 * ('250.' while typing); the form's schema (`numberBox`) reads it as a number.
 */
export function AmountInput<T extends FieldValues, O>({ control, name, ...input }: AmountInputProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          name={field.name}
          required
          allowNegative={false}
          decimalScale={2}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
