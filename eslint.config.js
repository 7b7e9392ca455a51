import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { apiBoundaries } from './eslint/api-boundaries.js';

const webFeatures = [
  'contact',
  'accounts',
  'notifications',
  'geography',
  'quotes',
  'carriers',
  'shipments',
  'addresses',
  'payments',
  'wallet',
  'guides',
  'tracking',
  'pickups',
  'overweight',
  'reports',
  'integrations',
  'developers',
  'site',
  'invoices',
];

/** Configuration is read once and validated at start, in apps/api/src/config/env.ts. */
const readConfigOnce = { object: 'process', property: 'env', message: 'Lee la configuración desde config/env.ts (validada al iniciar).' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '.tmp/**', '**/node_modules/**', '**/drizzle/**', 'coverage/**', 'data/**', '**/.drizzle-check.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // Configuration is read once and validated at start, in apps/api/src/config/env.ts: a value
      // read anywhere else escapes that check and its Spanish error.
      'no-restricted-properties': ['error', readConfigOnce],
    },
  },
  {
    // Only the config module, test harnesses, tools and build configs may read the environment.
    files: [
      'apps/api/src/config/env.ts',
      'apps/api/src/testing/**',
      'apps/api/scripts/**',
      'scripts/**',
      'bench/**',
      'e2e/**',
      '**/*.config.{js,ts,mjs}',
      '**/*.cli.ts',
    ],
    rules: { 'no-restricted-properties': 'off', 'no-console': 'off' },
  },
  // API modules: an allow-list of what one module may import from another, and no other module's
  // table named inside SQL (eslint/api-boundaries.js explains the rule).
  ...apiBoundaries(),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // After a change on the server, screens read again through readAgainAfterChange: invalidating
      // alone reuses a first read that left before the change, and the screen keeps what it saw.
      'no-restricted-properties': [
        'error',
        readConfigOnce,
        {
          object: 'queryClient',
          property: 'invalidateQueries',
          message: 'Usa readAgainAfterChange (lib/query-keys.ts): cancela las lecturas en curso antes de invalidar.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/query-keys.ts'],
    rules: { 'no-restricted-properties': ['error', readConfigOnce] },
  },
  {
    // Shared code (components, lib, config) never imports features or the app layer.
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@/(features|app)/', message: 'El código compartido no importa features ni la capa app.' }] }],
    },
  },
  // A feature never imports the app layer nor another feature's internals: features stay
  // replaceable, and what joins them is composed in app/ where it can be seen.
  ...webFeatures.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/app/', message: 'Una feature no importa la capa app (rutas, router).' },
            { regex: `^@/features/(?!${f}/)`, message: `La feature ${f} no entra en otra feature; compón en app/ o pasa props.` },
            { regex: '^(\\.\\./){3,}', message: 'Usa el alias @/ en lugar de salir de la feature con rutas relativas.' },
          ],
        },
      ],
    },
  })),
  {
    // The API's test files share a worker's loaded modules (apps/api/vitest.config.ts: isolate
    // false), so a module replaced or a global stubbed by one file would leak into the next.
    files: ['apps/api/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        readConfigOnce,
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Las pruebas del API comparten los módulos cargados del trabajador: pasa un colaborador falso por las dependencias en lugar de reemplazar un módulo o un global.',
        })),
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
