import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = ['accounts', 'notifications', 'geography', 'quotes', 'carriers', 'shipments', 'payments', 'wallet', 'guides', 'tracking', 'pickups', 'overweight', 'reports', 'integrations', 'site'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'coverage/**', 'data/**', '**/.drizzle-check.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // Configuration is read once, validated, in apps/api/src/config/env.ts (CONVENTIONS 12).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Lee la configuración desde config/env.ts (validada al iniciar).' },
      ],
      'import-x/no-cycle': 'off',
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
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      // A module reaches another only through its use cases, never its tables or repository.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/.*\\.(table|repository)(\\.js)?$',
              message: 'Un módulo usa a otro solo por sus casos de uso (*.usecases.ts), nunca sus tablas ni su repositorio.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // features never import the app layer; shared code never imports features or app.
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'], from: ['./apps/web/src/features', './apps/web/src/app'] },
            // one feature never reaches into another's internals.
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
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
