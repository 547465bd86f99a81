/**
 * Fixture-driven rule tests: every `test/fixtures/cards/<dir>/<name>.json` is linted and ALL its findings are
 * compared (as {code, pointer, severity}, order-independent) with `<name>.expected.json`. Comparing all findings,
 * not only the rule's, also pins down which generic findings a rule supersedes. An optional
 * `<name>.settings.json` holds Partial<LintSettings> for the run.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintDocument } from '../../../server/src/core/lint';

export const FIXTURES = join(__dirname, '../../fixtures/cards');

export interface Expected {
  code: string;
  pointer: string;
  severity: string;
}

function key(f: Expected): string {
  return `${f.code} ${f.pointer} ${f.severity}`;
}

export function fixtureNames(dir: string): string[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json') && !f.endsWith('.settings.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function lintFixture(dir: string, name: string) {
  const base = join(FIXTURES, dir, name);
  const settingsFile = `${base}.settings.json`;
  const settings = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : undefined;
  return lintDocument(readFileSync(`${base}.json`, 'utf8'), { fileName: `${name}.json`, settings });
}

/** One node:test test per fixture of `dir`; also asserts that the directory's rule fires somewhere. */
export function ruleFixtureTests(dir: string): void {
  const names = fixtureNames(dir);
  test(`${dir}: has fixtures`, () => assert.ok(names.length > 0));
  for (const name of names) {
    test(`${dir}/${name}`, () => {
      const result = lintFixture(dir, name);
      const expected: Expected[] = JSON.parse(readFileSync(join(FIXTURES, dir, `${name}.expected.json`), 'utf8'));
      const actual = result.findings.map((f) => key(f)).sort();
      assert.deepEqual(actual, expected.map(key).sort());
      for (const f of result.findings) assert.ok(f.message.length > 10, `${f.code} has a message`);
    });
  }
  if (dir !== 'valid') {
    test(`${dir}: the rule fires in at least one fixture`, () => {
      const fired = names.some((n) => lintFixture(dir, n).findings.some((f) => f.code === dir));
      assert.ok(fired, `no fixture of ${dir} produces a ${dir} finding`);
    });
  }
}
