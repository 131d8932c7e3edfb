import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // The console runs in the browser.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The protocol package runs in the browser too: no Node built-ins.
    files: ['packages/protocol/src/**/*.ts'],
    ignores: ['packages/protocol/src/**/*.test.ts', 'packages/protocol/src/test-support/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'net', 'buffer', 'zlib'],
              message: 'protocol is I/O-free and browser-safe',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Buffer', 'process', 'require'],
    },
  },
);
