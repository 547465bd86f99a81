/**
 * Every diagnostic's docs link resolves: each catalog rule has a `### <id>` heading (the anchor of
 * codeDescription.href) in docs/rules.md, the page the link names, and every code the server or client emits as a
 * diagnostic code is a catalog rule (so it is documented and configurable through a2a.rules).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RULES, ruleDocsUrl } from '../../server/src/core/rules/catalog';
import { LOCKFILE_CHECK_CODES } from '../../server/src/app/document/diagnostics';
import { at } from '../at';

const ROOT = join(__dirname, '..', '..');
const rulesSection = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
/** GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped, spaces → -. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

test('every catalog rule has a ### heading in docs/rules.md, so its docs link resolves', () => {
  const anchors = new Set([...rulesSection.matchAll(/^### (.+)$/gm)].map((m) => anchorOf(at(m, 1))));
  assert.ok(anchors.size >= RULES.length);
  for (const r of RULES) {
    const href = ruleDocsUrl(r.id);
    assert.ok(href.split('#')[0]!.endsWith('/docs/rules.md'), `${href} names docs/rules.md`);
    assert.ok(anchors.has(href.slice(href.indexOf('#') + 1)), `docs/rules.md: add "### ${r.id}"`);
    assert.match(
      rulesSection,
      new RegExp(`\\| \\[\`${r.id}\`\\]\\(#${r.id}\\) \\| ${r.defaultSeverity} \\|`),
      `rules table row for ${r.id}`,
    );
  }
  // And no heading documents a rule that does not exist.
  const ids = new Set(RULES.map((r) => r.id));
  assert.deepEqual(
    [...anchors].filter((a) => !ids.has(a)),
    [],
  );
});

test('every diagnostic code emitted in the code base is a catalog rule', () => {
  const ids = new Set(RULES.map((r) => r.id));
  const emitted = new Set<string>(Object.values(LOCKFILE_CHECK_CODES));
  for (const file of [...sources(join(ROOT, 'server', 'src')), ...sources(join(ROOT, 'client', 'src'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bcode(?:\s*:\s*|\s*=\s*)'([a-z][a-z0-9-]*)'/g)) emitted.add(at(m, 1));
  }
  assert.ok(emitted.has('schema') && emitted.has('lockfile-breaking'), 'the scan finds codes');
  assert.deepEqual([...emitted].filter((c) => !ids.has(c)).sort(), []);
});

test('every rule section in docs/rules.md shows an example, the fix and the quick fix', () => {
  const sections = rulesSection.split(/^(?=### )/m).slice(1);
  assert.equal(sections.length, RULES.length);
  for (const section of sections) {
    const id = section.slice(4, section.indexOf('\n'));
    for (const label of ['Default severity: **', '\nBad: ', '\nFix: ', '\nQuick fix: ']) {
      assert.ok(section.includes(label), `docs/rules.md ### ${id}: "${label.trim()}"`);
    }
    const rule = RULES.find((r) => r.id === id);
    assert.ok(rule && section.includes(`Default severity: **${rule.defaultSeverity}**`), `${id}: its default severity`);
  }
});
