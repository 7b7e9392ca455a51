import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The API's test files run one after another in a worker that keeps the modules it loaded
 * (vitest.config.ts: isolate false). Lint refuses what would leak from one file into the next:
 * a module replaced or a global or variable stubbed.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(src, '../../..');
// The probes are not files of the project, so they are linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('what an API test may not replace', () => {
  it.each(['mock', 'doMock', 'stubGlobal', 'stubEnv'])(
    'refuses vi.%s in an API test, saying to pass a fake through the dependencies',
    async (call) => {
      const code = `import { vi } from 'vitest';\nvi.${call}('x', () => ({}));\n`;
      expect(await restricted('modules/wallet/probe.test.ts', code)).toEqual([expect.stringMatching(/colaborador falso por las dependencias/)]);
    },
    30_000,
  );

  it('accepts the fakes passed through the app’s dependencies, and spies', async () => {
    const code = "import { vi } from 'vitest';\nexport const send = vi.fn();\nvi.spyOn(Math, 'random');\n";
    expect(await restricted('modules/wallet/probe.test.ts', code)).toEqual([]);
  }, 30_000);
});
