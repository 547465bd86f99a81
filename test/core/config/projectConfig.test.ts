/**
 * The project configuration (.a2a/config.json): the reader, table-driven (test/fixtures/config/cases.json), agrees
 * with the schema the editor validates the file with; and it is found from a directory upwards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parseProjectConfig } from '../../../server/src/core/config/projectConfig';
import { findProjectConfig } from '../../../server/src/core/config/findProjectConfig';

const DIR = join(__dirname, '..', '..', 'fixtures', 'config');
const { cases } = JSON.parse(readFileSync(join(DIR, 'cases.json'), 'utf8')) as {
  cases: { file: string; schema: boolean; config?: unknown; message?: string }[];
};
const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'schemas', 'a2a-config.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(schema);

for (const c of cases) {
  test(`config ${c.file}: ${c.message ?? 'valid'}`, () => {
    const text = readFileSync(join(DIR, c.file), 'utf8');
    const read = parseProjectConfig(text);
    if (c.config !== undefined) {
      assert.ok(read.ok, !read.ok ? read.message : '');
      assert.deepEqual(read.config, c.config);
    } else {
      assert.equal(read.ok, false);
      assert.ok(!read.ok && read.message.includes(c.message!), !read.ok ? read.message : '');
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value !== undefined)
      assert.equal(validate(value), c.schema, `the schema ${c.schema ? 'accepts' : 'refuses'} ${c.file}`);
    assert.equal(read.ok, c.schema, 'reader and schema agree');
  });
}

test('found in the starting directory or the nearest ancestor, else none', () => {
  const files = new Set(['/repo/.a2a/config.json', '/repo/pkg/deep/.a2a/config.json']);
  const paths = { isFile: (p: string) => files.has(p), dirname: posix.dirname, join: posix.join };
  assert.equal(findProjectConfig('/repo/pkg/src', paths), '/repo/.a2a/config.json');
  assert.equal(findProjectConfig('/repo/pkg/deep/x', paths), '/repo/pkg/deep/.a2a/config.json');
  assert.equal(findProjectConfig('/repo', paths), '/repo/.a2a/config.json');
  assert.equal(findProjectConfig('/elsewhere/a', paths), undefined);
});
