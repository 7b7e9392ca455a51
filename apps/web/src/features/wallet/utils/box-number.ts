import { z } from 'zod';
import { toNumber } from '@/components/ui/form/to-number';

/**
 * A NumberInput's value as the contract reads it: the box gives a number, or its text while it is
 * not one yet ('' when empty, '250.' mid-typing). Empty → undefined ("obligatorio"), text → number.
 */
export function numberBox<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.number(), z.string()]).optional().transform(toNumber).pipe(schema);
}
