import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * Screens refresh after a change through readAgainAfterChange (query-keys.ts), never by
 * invalidating alone: the project's lint configuration refuses `queryClient.invalidateQueries`
 * anywhere in the web app but there.
 */

const libDir = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(libDir, '..');
const root = path.resolve(webSrc, '../../..');
// The probes are not files of the project, so they are linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function refreshErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(webSrc, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

const invalidating = [
  "import { useQueryClient } from '@tanstack/react-query';",
  'export function useProbe() {',
  '  const queryClient = useQueryClient();',
  "  return () => queryClient.invalidateQueries({ queryKey: ['wallet'] });",
  '}',
  '',
].join('\n');

describe('refreshing after a change', () => {
  it('refuses invalidating alone in a feature, naming the helper to use', async () => {
    expect(await refreshErrors('features/wallet/api/probe.ts', invalidating)).toEqual([expect.stringMatching(/readAgainAfterChange/)]);
  }, 30_000);

  it('accepts the helper, and invalidating inside it', async () => {
    const helper = invalidating.replace("queryClient.invalidateQueries({ queryKey: ['wallet'] })", "readAgainAfterChange(queryClient, [['wallet']])");
    expect(await refreshErrors('features/wallet/api/probe.ts', `import { readAgainAfterChange } from '@/lib/query-keys';\n${helper}`)).toEqual([]);
    expect(await refreshErrors('lib/query-keys.ts', invalidating)).toEqual([]);
  }, 30_000);
});
