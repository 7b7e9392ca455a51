import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundaries hold: the project's own lint configuration refuses a deep import into
 * another module and another module's table named inside SQL (probes below), and no file of the
 * API imports, directly or not, a file that imports it back.
 */

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(modulesDir, '../../../..');

// The probes are not files of the project, so they are linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

const BOUNDARY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'boundaries/no-foreign-table-in-sql']);

/** The boundary complaints about `code` as if it were the file `file` of apps/api/src/modules. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(modulesDir, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint boundaries between API modules', () => {
  it("refuses another module's table named in an SQL string, in a repository or anywhere else", async () => {
    const inRepository = await boundaryErrors(
      'guides/probe.repository.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select s.id from shipments s where s.paid`;\n",
    );
    expect(inRepository).toEqual([expect.stringMatching(/no-foreign-table-in-sql: La tabla 'shipments' es del módulo shipments/)]);

    const joined = await boundaryErrors(
      'pickups/probe.usecases.ts',
      "export const q = 'select p.id from pickups p join carrier_services cs on cs.id = p.service_id';\n",
    );
    expect(joined).toEqual([expect.stringMatching(/La tabla 'carrier_services' es del módulo carriers/)]);
  });

  it("refuses another module's table in an SQL fragment without a verb", async () => {
    const fragment = await boundaryErrors(
      'reports/probe.repository.ts',
      "export const withRecord = 'left join overweight_records o on o.shipment_id = s.id';\n",
    );
    expect(fragment).toEqual([expect.stringMatching(/no-foreign-table-in-sql: La tabla 'overweight_records' es del módulo overweight/)]);
    const from = await boundaryErrors('reports/probe.ts', "export const rows = ' from shipments s where s.paid';\n");
    expect(from).toEqual([expect.stringMatching(/La tabla 'shipments' es del módulo shipments/)]);
  });

  it("refuses another module's table in a comma join, after the module's own table or a table object", async () => {
    const written = await boundaryErrors(
      'guides/probe.repository.ts',
      "export const q = 'select 1 from guide_inventory gi, shipments as s where s.id = gi.shipment_id';\n",
    );
    expect(written).toEqual([expect.stringMatching(/La tabla 'shipments' es del módulo shipments/)]);
    const afterObject = await boundaryErrors(
      'reports/probe.repository.ts',
      "import { sql } from 'drizzle-orm';\nimport { shipments } from '../shipments/shipments.table.js';\nexport const q = sql`select 1 from ${shipments} s, \"overweight_records\" o where o.shipment_id = s.id`;\n",
    );
    expect(afterObject).toEqual([expect.stringMatching(/La tabla 'overweight_records' es del módulo overweight/)]);
  });

  it("refuses another module's table name put together from pieces: concatenated, a constant, a literal in a template", async () => {
    const pieces = await boundaryErrors('reports/probe.ts', "export const q = 'select * from ' + 'over' + 'weight_records';\n");
    expect(pieces).toEqual([expect.stringMatching(/La tabla 'overweight_records' es del módulo overweight y su nombre se arma al concatenar/)]);
    const constant = await boundaryErrors('reports/probe.ts', "const TABLE = 'shipments';\nexport const q = 'select count(*) from ' + TABLE;\n");
    expect(constant).toEqual([expect.stringMatching(/La tabla 'shipments' es del módulo shipments y su nombre se arma/)]);
    const template = await boundaryErrors(
      'reports/probe.ts',
      "const TABLE = 'shipments';\nexport const q = `select count(*) from ${TABLE} s join ${'overweight_' + 'records'} o on o.shipment_id = s.id`;\n",
    );
    expect(template).toHaveLength(2);
    expect(template.join('\n')).toMatch(/'shipments'.*se arma[\s\S]*'overweight_records'.*se arma|'overweight_records'.*se arma[\s\S]*'shipments'.*se arma/);
  });

  it('accepts text that names no foreign table, however it is put together', async () => {
    const code = [
      "const OWN = 'guide_inventory';",
      "export const a = 'select 1 from ' + OWN + ' gi, guide_inventory other';",
      "export const b = `from ${OWN} gi where gi.id = ${'x'}`;",
      "export const d = 'order by created_at desc, shipments_count';",
      '',
    ].join('\n');
    expect(await boundaryErrors('guides/probe.repository.ts', code)).toEqual([]);
  });

  it("accepts the module's own tables in SQL and another module's table object interpolated", async () => {
    expect(
      await boundaryErrors(
        'guides/probe.repository.ts',
        "import { sql } from 'drizzle-orm';\nimport { shipments } from '../shipments/shipments.table.js';\nexport const q = sql`select 1 from guide_inventory gi join ${shipments} on ${shipments.id} = gi.shipment_id`;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a deep import into another module: its repository, its parts, its tables outside repositories', async () => {
    const errors = await boundaryErrors(
      'payments/probe.ts',
      [
        "import { findShipment } from '../shipments/shipments.repository.js';",
        "import { createShipmentLists } from '../shipments/shipments.lists.js';",
        "import { shipments } from '../shipments/shipments.table.js';",
        'export const all = [findShipment, createShipmentLists, shipments];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/shipments\.repository\.js.*casos de uso/);
    expect(errors[1]).toMatch(/shipments\.lists\.js.*solo se importan \*\.usecases, \*\.deps y \*\.errors/);
    expect(errors[2]).toMatch(/shipments\.table\.js.*casos de uso/);
  });

  it("refuses another module's repository even in a repository, and from a file in a subfolder", async () => {
    expect(await boundaryErrors('guides/probe.repository.ts', "export { findShipment } from '../shipments/shipments.repository.js';\n")).toEqual([
      expect.stringMatching(/solo su \*\.table/),
    ]);
    expect(await boundaryErrors('payments/adapters/probe.ts', "export { markPaid } from '../../shipments/shipments.payments.repository.js';\n")).toHaveLength(
      1,
    );
  });

  it("accepts another module's use cases, deps and errors, its table in a repository, and types from its other files", async () => {
    const code = [
      "import { lockShipmentsForPayment } from '../shipments/shipments.usecases.js';",
      "import type { ShipmentsDeps } from '../shipments/shipments.deps.js';",
      "import { shipmentErrors } from '../shipments/shipments.errors.js';",
      "import type { TrackingAdapter } from '../carriers/adapters/tracking-adapter.js';",
      "import { payments } from './payments.table.js';",
      'export type T = [ShipmentsDeps, TrackingAdapter];',
      'export const all = [lockShipmentsForPayment, shipmentErrors, payments];',
      '',
    ].join('\n');
    expect(await boundaryErrors('payments/probe.ts', code)).toEqual([]);
    expect(
      await boundaryErrors(
        'payments/probe.repository.ts',
        `${code}import { shipments } from '../shipments/shipments.table.js';\nexport const s = shipments;\n`,
      ),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------- import circles

const srcDir = path.resolve(modulesDir, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import (type-only ones too: they tie the files together just the same). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const from = path.relative(srcDir, file);
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)]
      .map((m) => path.relative(srcDir, path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts'))))
      .filter((to) => fs.existsSync(path.join(srcDir, to)));
    graph.set(from, targets);
  }
  return graph;
}

/** The groups of files that reach each other (strongly connected components of two or more). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the API import graph', () => {
  it('has no circles: parts import their dependency types from *.deps.ts, never from the façade that assembles them', () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it('finds a circle when there is one (the check itself can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
