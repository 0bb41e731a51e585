import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.agent-data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One SQL style: parameterised SQL through server/src/db/sql.ts, whose row types have no default.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message: 'Run SQL through rows/maybeOne/one/exec of server/src/db/sql.ts, with the row type.',
        },
        {
          selector: "ImportDeclaration[source.value='kysely']",
          message: 'Nine writes SQL through server/src/db/sql.ts, not a query builder.',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web layers. Features never import each other (whatever the relative path); app/ composes them.
    // Resolution runs through the node resolver on the written `.ts`/`.tsx` specifiers: lint-boundaries.test.ts
    // proves the rule sees real files, since a rule that resolves nothing would pass everything.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-templates': false,
      // Patterns are relative to the repository, wherever ESLint is started from (web/ tests run it too).
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app', partialMatch: false },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['name'], partialMatch: false },
        { type: 'components', pattern: 'web/src/components', partialMatch: false },
        { type: 'lib', pattern: 'web/src/lib', partialMatch: false },
        { type: 'testing', pattern: 'web/src/testing', partialMatch: false },
        { type: 'types', pattern: 'web/src/types', partialMatch: false },
        // Last, so it takes only what no folder above claims: the entry file web/src/main.tsx.
        { type: 'main', pattern: 'web/src', partialMatch: false },
      ],
      // A file with no category matches no file selector, so every file gets one: test first, else source.
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}', stopMatching: true },
        { category: 'test', pattern: '**/testing/**', stopMatching: true },
        { category: 'source', pattern: '**/*.{ts,tsx}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // The last matching policy decides.
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app', 'main'] } } } },
              message: 'Features must not import each other or app/; compose them in web/src/app.',
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { name: '{{ from.element.captured.name }}' } } },
              },
            },
            {
              from: { element: { types: { anyOf: ['components', 'lib', 'types', 'testing'] } } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app', 'main'] } } } },
              message: 'Shared code (components, lib, types, testing) must not import features or app/.',
            },
            {
              from: {
                element: { types: { anyOf: ['feature', 'components', 'lib'] } },
                file: { categories: 'source' },
              },
              disallow: { to: { element: { type: 'testing' } } },
              message: 'Only tests import web/src/testing.',
            },
          ],
        },
      ],
    },
  },
);
