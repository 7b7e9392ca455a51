import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Relative imports (type imports and re-exports too) of every non-test file under `dir`. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const targets: string[] = [];
        for (const m of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gs)) {
          const target = path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts'));
          if (existsSync(target)) targets.push(target);
        }
        graph.set(file, targets);
      }
    }
  };
  walk(dir);
  return graph;
}

/** One import circle found by a depth-first walk, as relative paths; none: []. */
function findCircle(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const circle = visit(next);
        if (circle.length > 0) return circle;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return [];
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const circle = visit(file);
    if (circle.length > 0) return circle.map((f) => path.relative(modules, f));
  }
  return [];
}

describe('module imports', () => {
  // The parts of a module share types through its *.deps.ts, never through the façade that assembles them.
  it.each(['carriers', 'quotes'])('the %s module has no import circle', (name) => {
    expect(findCircle(importGraph(path.join(modules, name)))).toEqual([]);
  });

  it('the check sees a circle where there is one', () => {
    const a = path.join(modules, 'a.ts');
    const b = path.join(modules, 'b.ts');
    expect(
      findCircle(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});
