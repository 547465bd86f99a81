// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    // The core is pure: no editor, no LSP. Everything editor-specific lives in server/src/lsp and client/.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-*', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'server/src/core must not depend on the editor or LSP.' },
          { group: ['../lsp/*', '../../lsp/*', '../cli/*', '../../cli/*', '../../../client/*'], message: 'Imports point one way: core <- lsp/cli <- client.' },
          { group: ['../node/*', '../../node/*', '../../../node/*', 'node:fs', 'node:fs/*', 'fs', 'fs/*'], message: 'The core takes file access injected; server/src/node implements it for the CLI and the server.' },
        ],
      }],
    },
  },
  {
    files: ['server/src/lsp/**/*.ts', 'server/src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'Only client/ may import vscode.' }] }],
    },
  },
  {
    // Node implementations of the world the core takes injected (file reading), shared by the CLI and the server.
    files: ['server/src/node/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['vscode', 'vscode-*', '../lsp/*', '../cli/*'], message: 'server/src/node serves the CLI and the server; it depends on neither.' }] }],
    },
  },
  {
    // The tools for planning models (a2acap mcp, the editor's language-model tools): the CLI and the server use them.
    files: ['server/src/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['vscode', 'vscode-*', '../lsp/*', '../../lsp/*', '../cli/*', '../../cli/*'], message: 'server/src/mcp serves the CLI and the language server; it depends on neither.' }] }],
    },
  },
  {
    // Notifications render [label](command:…) as a clickable command: client/src/notify.ts makes their text plain.
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
        message: 'Show notifications through client/src/notify.ts (its text is made plain: no command links from card text).',
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
);
