import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route-level response serializer compiled from the route's zod schema: the JSON Schema of its
 * output fed to fast-json-stringify. The answer keeps the contract (only declared fields leave)
 * and is written several times faster than zod's encode + JSON.stringify, which matters for the
 * large answers of hot paths (the quote). Nothing is validated at run time: the use case must
 * already build the schema's types (its TypeScript type is the schema's).
 */
export function compiledSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/**
 * `write`, remembering what it wrote per frozen answer: answers a use case keeps (frozen, the same
 * object again while its data stands) are written once; any other answer is written each time and
 * leaves nothing behind.
 */
export function rememberFrozen<T, R>(write: (data: T) => R): (data: T) => R {
  const written = new WeakMap<object, R>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return write(data);
    let out = written.get(data);
    if (out === undefined) {
      out = write(data);
      written.set(data, out);
    }
    return out;
  };
}

/** The compiled serializer, writing each frozen (kept) answer once. */
export function memoizedSerializerCompiler(route: { schema: unknown }): (data: unknown) => string {
  return rememberFrozen(compiledSerializerCompiler(route));
}

/**
 * A serializer that writes bytes, in the type Fastify asks of a serializer. Fastify sends a
 * Buffer payload as it is (its length is the Content-Length, nothing is encoded again); only its
 * declared type says string.
 */
export function asFastifySerializer<T>(write: (data: T) => Buffer): (data: unknown) => string {
  return write as unknown as (data: unknown) => string;
}
