import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form form checked by a contract schema: the same zod object the API checks again,
 * so the browser and the server say the same thing about the same field. The form's values are the
 * schema's input (boxes may still be empty) and `handleSubmit` receives its output (numbers
 * rounded, texts trimmed).
 *
 * `TValues` may add fields the schema does not check (the wizard keeps its side notes in the same
 * form); the schema leaves them out of the submitted values.
 */
export function useZodForm<TSchema extends ObjectSchema>(
  schema: TSchema,
  options?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'>,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>;
export function useZodForm<TSchema extends ObjectSchema, TValues extends FieldValues>(
  schema: TSchema,
  options?: Omit<UseFormProps<TValues, unknown, z.output<TSchema>>, 'resolver'>,
): UseFormReturn<TValues, unknown, z.output<TSchema>>;
export function useZodForm<TSchema extends ObjectSchema, TValues extends FieldValues>(
  schema: TSchema,
  options: Omit<UseFormProps<TValues, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<TValues, unknown, z.output<TSchema>> {
  const resolver = zodResolver(schema) as unknown as Resolver<TValues, unknown, z.output<TSchema>>;
  return useForm<TValues, unknown, z.output<TSchema>>({ ...options, resolver });
}
