// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = ['Buffer', 'process', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate'];
const WHY_NO_NODE_GLOBALS =
  'The core runs without Node, so no Node globals: use Uint8Array and core/bytes/bytes.ts, or inject what it reads.';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.cache/**', 'server/src/core/schema/generated/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // The layers (which folder may import which) and the no-cycle rule: .dependency-cruiser.cjs, run by `npm run lint`.
  {
    // Imports are fenced by dependency-cruiser; Node's globals need no import, so they are fenced here. The core
    // must run where Node does not (a browser worker): bytes and text through core/bytes/bytes.ts, the rest injected.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...NODE_GLOBALS.map((name) => ({ name, message: WHY_NO_NODE_GLOBALS }))],
      '@typescript-eslint/no-restricted-types': ['error', { types: { Buffer: WHY_NO_NODE_GLOBALS } }],
    },
  },
  {
    // Notifications render [label](command:…) as a clickable command: client/src/notify.ts makes their text plain.
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
          message:
            'Show notifications through client/src/notify.ts (its text is made plain: no command links from card text).',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
);
