// The library's API is documented where users look: every function server/src/api/index.ts exports has a doc
// comment with an example, and a section with a code example in docs/library.md; the docs name nothing else.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as library from '../../server/src/api/index';

const ROOT = join(__dirname, '..', '..');
const source = readFileSync(join(ROOT, 'server/src/api/index.ts'), 'utf8');
const docs = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
const exported = Object.keys(library).sort();

test('the library exports functions only, each with a doc comment that has an example', () => {
  assert.ok(exported.length >= 12, exported.join(', '));
  for (const name of exported) {
    assert.equal(typeof (library as Record<string, unknown>)[name], 'function', name);
    const comment = source.match(
      new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export (?:async )?function ${name}\\(`),
    );
    assert.ok(comment, `${name} has a doc comment`);
    assert.match(comment[1] ?? '', /@example /, `${name}'s doc comment has an example`);
  }
});

test('docs/library.md has a section with an example for every exported function, and none for anything else', () => {
  const sections = [...docs.matchAll(/^### (\w+)\n([\s\S]*?)(?=^##)/gm)];
  assert.deepEqual(sections.map((s) => s[1]).sort(), exported);
  for (const [, name = '', body = ''] of sections) {
    assert.match(body, new RegExp(`^\`${name}\\(`, 'm'), `${name}: its signature`);
    assert.match(
      body,
      /```js\n[\s\S]*import \{[^}]*\} from 'a2acap';[\s\S]*```/,
      `${name}: an example importing from 'a2acap'`,
    );
  }
});
