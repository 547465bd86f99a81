/** Every generated file is what `npm run generate` would write now: a change to its source regenerated it too. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generate, generatedFiles } from '../../scripts/generate/generate';

test('the generated files are current (npm run generate)', () => {
  const files = generatedFiles();
  assert.deepEqual(
    files.map((f) => f.file),
    ['package.json', 'schemas/a2a-config.schema.json', 'docs/rules.md', 'README.md'],
  );
  for (const { file, expected, actual } of files) assert.equal(actual, expected, `${file} is stale: npm run generate`);
});

test('docs/rules.md is generated whole: a section per catalog rule, in catalog order', () => {
  const page = generatedFiles().find((f) => f.file === 'docs/rules.md')!.expected;
  const headings = [...page.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
  const table = [...page.matchAll(/^\| \[`([^`]+)`\]/gm)].map((m) => m[1]);
  assert.deepEqual(headings, table);
});

test('npm run generate --check writes nothing and names no file when all are current', () => {
  const lines: string[] = [];
  assert.equal(
    generate(true, (l) => lines.push(l)),
    0,
  );
  assert.deepEqual(lines, ['generated files: up to date']);
});
