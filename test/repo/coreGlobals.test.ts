// The lint fence on Node globals in the core (eslint.config.mjs) really fires: each global, and Buffer as a type,
// is linted as if it were a core file with the repository's own configuration; the same text outside the core and
// a local variable that merely shares a name are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleHits(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: resolve(root, filePath) });
  assert.ok(result, 'eslint returns one result per text');
  return result.messages.map((m) => `${m.ruleId}@${m.line}`);
}

const USES = [
  'export const a = Buffer.from("x");',
  'export type B = Buffer;',
  'export const c = process.env;',
  'export const d = typeof require;',
  'export const e = typeof module;',
  'export const f = __dirname;',
  'export const g = __filename;',
  'export const h = global;',
  'export const i = setImmediate;',
];

test('every Node global (and Buffer as a type) is an error in a core file, at its line', async () => {
  const hits = await ruleHits(USES.join('\n') + '\n', 'server/src/core/deeper/probe.ts');
  const expected = USES.map(
    (line, i) =>
      `${line.includes('type B') ? '@typescript-eslint/no-restricted-types' : 'no-restricted-globals'}@${i + 1}`,
  );
  assert.deepEqual(hits, expected);
});

test('outside the core the same text passes, and inside it a local named like a global passes', async () => {
  assert.deepEqual(await ruleHits(USES.join('\n') + '\n', 'server/src/node/probe.ts'), []);
  const local = 'export function f(global: number): number {\n  return global;\n}\n';
  assert.deepEqual(await ruleHits(local, 'server/src/core/probe.ts'), []);
});
