/**
 * The policy examples of docs/policies.md are data the tests run: the block under "## Examples" is the fixture
 * configuration test/cli/policies.test.ts lints with (and every policy in it compiles).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readProjectConfig } from '../../server/src/core/config/projectConfig';

const ROOT = join(__dirname, '..', '..');

test('docs/policies.md: the examples are the fixture configuration, and each compiles', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'policies.md'), 'utf8');
  const examples = doc.slice(doc.indexOf('\n## Examples'));
  const block = /```json\n([\s\S]*?)\n```/.exec(examples);
  assert.ok(block, 'a json block under ## Examples');
  const shown = JSON.parse(block[1]!) as unknown;
  const fixture = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'policies', '.a2a', 'config.json'), 'utf8'),
  ) as unknown;
  assert.deepEqual(shown, fixture);
  const read = readProjectConfig(shown);
  assert.ok(read.ok, read.ok ? '' : read.message);
  assert.deepEqual(
    read.config.policies?.map((p) => p.id),
    ['https-only', 'oauth2-pkce', 'no-x-media-types', 'streaming-required'],
  );
});

test('docs/policies.md: the first example policy is valid on its own', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'policies.md'), 'utf8');
  const block = /## A policy\n\n```json\n([\s\S]*?)\n```/.exec(doc);
  assert.ok(block);
  const read = readProjectConfig({ policies: [JSON.parse(block[1]!)] });
  assert.ok(read.ok, read.ok ? '' : read.message);
});
