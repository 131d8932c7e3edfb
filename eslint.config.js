import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const HTML_SINK =
  'User text must not reach an HTML parser: build DOM nodes with components/dom.ts (element) instead.';

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
    // User text never reaches an HTML parser: content is built as DOM nodes with their text set
    // as text (packages/web/src/components/dom.ts; docs/console.md "User text and HTML").
    // components/html-sinks.test.ts checks by type what a rule cannot see (strings in variables).
    rules: {
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'srcdoc', 'createContextualFragment'].map(
          (property) => ({ property, message: HTML_SINK }),
        ),
        { object: 'document', property: 'write', message: HTML_SINK },
        { object: 'document', property: 'writeln', message: HTML_SINK },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: HTML_SINK },
        {
          // Leaflet parses a string given as content; a call (an element builder) or a function is fine.
          selector:
            'CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent)$/]' +
            '[arguments.0.type=/^(Literal|TemplateLiteral|BinaryExpression|MemberExpression)$/]',
          message: `${HTML_SINK} Leaflet parses a string as HTML.`,
        },
        {
          selector: "Property[key.name='html'] > :matches(Literal, TemplateLiteral, BinaryExpression)",
          message: `${HTML_SINK} Leaflet's divIcon parses a string as HTML.`,
        },
        {
          selector:
            "Property[key.name='tooltip'] > ObjectExpression > Property[key.name=/formatter$/] > :matches(Literal, TemplateLiteral)",
          message: `${HTML_SINK} ECharts tooltip templates insert names unescaped.`,
        },
      ],
    },
  },
  {
    // A page's query parameters are its own: a cached page hidden behind another must neither read
    // the shown page's query nor write into its address (docs/console.md, Visited tabs and cached views).
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/shell/views/page-params.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message: "Read and write a page's query with usePageParams (shell/views/page-params.ts).",
            },
          ],
        },
      ],
    },
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
