/**
 * Walks the OpenAPI document the app generates (`app.swagger()`), for tests that send a bad shape
 * to every operation: each new route is covered without being listed.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
};

export interface Operation {
  summary?: string;
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every path to a leaf of these types in a JSON schema (arrays through their first item), as key lists. */
export function leafPaths(
  schema: JsonSchema | undefined,
  refs: Record<string, JsonSchema>,
  types: readonly string[] = ['string'],
  seen = new Set<string>(),
  depth = 0,
): string[][] {
  if (!schema || depth > 8) return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    const target = refs[schema.$ref.split('/').pop() ?? ''];
    return leafPaths(target, refs, types, new Set([...seen, schema.$ref]), depth + 1);
  }
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const found: string[][] = alternatives.flatMap((s) => leafPaths(s, refs, types, seen, depth + 1));
  const own = [schema.type].flat();
  if (own.some((t) => t !== undefined && types.includes(t))) found.push([]);
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    for (const sub of leafPaths(child, refs, types, seen, depth + 1)) found.push([key, ...sub]);
  }
  const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
  if (item) for (const sub of leafPaths(item, refs, types, seen, depth + 1)) found.push(['0', ...sub]);
  const unique = new Map(found.map((p) => [p.join('.'), p]));
  return [...unique.values()];
}

/** A value holding `leaf` at `path` and nothing else. */
export function valueWith(path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (head === '0') return [valueWith(rest, leaf)];
  return { [head!]: valueWith(rest, leaf) };
}

/** One value holding `leaf` at every one of `paths` (the first shape wins where two disagree). */
export function valueWithAll(paths: string[][], leaf: unknown): unknown {
  let root: unknown = undefined;
  for (const path of paths) root = merge(root, valueWith(path, leaf));
  return root;
}

function merge(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (Array.isArray(a) && Array.isArray(b)) return [merge(a[0], b[0])];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = merge(out[k], v);
    return out;
  }
  return a;
}

export interface ApiOperation {
  method: string;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  operation: Operation;
  pathParams: string[];
  queryParams: { name: string; schema?: JsonSchema }[];
  /** The JSON body's schema, if it takes one. */
  jsonBody?: JsonSchema;
  textBodies: string[];
}

/** Every `/api/` operation of the document. */
export function apiOperations(document: OpenApiDocument): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      out.push({
        method,
        path,
        operation,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema,
        textBodies: Object.keys(content).filter((c) => c.startsWith('text/')),
      });
    }
  }
  return out;
}

/** The operation's URL with `target` set to `raw` (already encoded) and every other parameter to `other`. */
export function fillPath(path: string, other: string, target?: string, raw?: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === target && raw !== undefined ? raw : other));
}
