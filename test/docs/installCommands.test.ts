/**
 * Every way the documents tell a user to install a2acap or the extension is a form a test runs, and no document
 * leaves a reader with only the registry (a2acap is not on it before its first release): a document that shows a
 * registry form (`npm i a2acap`, `npx -y a2acap`, an MCP host's `"command": "npx"`) also shows the tarball form or
 * links to the README's install section. docs/npm-package.md, the package's own page on the registry, is read only
 * where the package is published, and is not held to that.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { at } from '../at';

const ROOT = join(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const V = VERSION.replace(/\./g, '\\.');
const RELEASE_URL = `https://github\\.com/a2a-capabilities/a2a-capabilities/releases/download/v${V}/a2acap-${V}\\.tgz`;

/** The tested forms: what a package argument may be, and the test that installs it that way. */
const FORMS: { name: string; spec: RegExp; global?: boolean; test: string; proof: RegExp }[] = [
  {
    name: 'the tarball, globally',
    spec: new RegExp(`^(?:\\./|dist/)?a2acap-${V}\\.tgz$`),
    global: true,
    test: 'test/package/globalInstall.test.ts',
    proof: /\['i', '-g', '--prefix', prefix, tarball/,
  },
  {
    name: 'the tarball, into a project',
    spec: new RegExp(`^(?:\\./|dist/)?a2acap-${V}\\.tgz$`),
    global: false,
    test: 'test/package/tarball.test.ts',
    proof: /\['install', `\.\/a2acap-\$\{VERSION\}\.tgz`/,
  },
  {
    name: "the release's tarball by URL",
    spec: new RegExp(`^${RELEASE_URL}$`),
    test: 'test/package/globalInstall.test.ts',
    proof: /'install', '--global', '--prefix', second/,
  },
  {
    name: 'the registry (published by .github/workflows/release.yml)',
    // A workflow pins the version in a variable (`"a2acap@$A2ACAP_VERSION"`).
    spec: new RegExp(`^"?a2acap(?:@(?:${V}|\\$[A-Z][A-Z0-9_]*))?"?$`),
    test: 'test/repo/workflows.test.ts',
    proof: /npm publish/,
  },
];
const REGISTRY = at(FORMS, 3);

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'npm-package.md')
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'examples/README.md', 'bench/README.md', ...docs.sort()];
}

interface Install {
  doc: string;
  command: string;
  form?: (typeof FORMS)[number];
}

/** The `npm i`/`npm install` commands of a document that name a2acap, each with the form it is. */
function installs(doc: string, text: string): Install[] {
  return [...text.matchAll(/\bnpm (?:i|install)(?= )([^`\n#]*)/g)].flatMap((m) => {
    const args = at(m, 1).trim().split(/\s+/);
    const specs = args.filter((a) => !a.startsWith('-'));
    if (!specs.some((s) => s.includes('a2acap'))) return [];
    const global = args.includes('-g') || args.includes('--global');
    const form = FORMS.find(
      (f) => specs.every((s) => f.spec.test(s)) && (f.global === undefined || f.global === global),
    );
    return [{ doc, command: at(m, 0).trim(), ...(form ? { form } : {}) }];
  });
}

/** The MCP host configurations of a document: their command and the start of their arguments. */
function mcpCommands(text: string): { command: string; args: string[] }[] {
  return [...text.matchAll(/"command": "([^"]+)",\s*"args": \[([^\]]*)\]/g)].map((m) => ({
    command: at(m, 1),
    args: [...at(m, 2).matchAll(/"([^"]*)"/g)].map((a) => at(a, 1)),
  }));
}

test('every npm install of a2acap in the documents is a form a test runs', () => {
  const all = documents().flatMap((doc) => installs(doc, readFileSync(join(ROOT, doc), 'utf8')));
  assert.ok(all.length >= 8, `found ${all.length}`);
  for (const i of all) assert.ok(i.form, `${i.doc}: \`${i.command}\` is none of the tested forms`);
  for (const f of new Set(all.map((i) => i.form!))) {
    const proof = readFileSync(join(ROOT, f.test), 'utf8');
    assert.match(proof, f.proof, `${f.test} installs ${f.name}`);
  }
});

test('a document that shows the registry also shows the tarball, or links to the install section', () => {
  for (const doc of documents()) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const found = installs(doc, text);
    const registry =
      found.some((i) => i.form === REGISTRY) ||
      /\bnpx (?:-y |--yes )a2acap\b/.test(text) ||
      mcpCommands(text).some((c) => c.command === 'npx');
    if (!registry) continue;
    const withoutRegistry = found.some((i) => i.form && i.form !== REGISTRY) || /README\.md#install\)/.test(text);
    assert.ok(withoutRegistry, `${doc} shows only the registry`);
  }
});

test('MCP configurations run "command": "a2acap" (global install) or npx a2acap, always the mcp command', () => {
  let globalForms = 0;
  for (const doc of documents()) {
    const commands = mcpCommands(readFileSync(join(ROOT, doc), 'utf8'));
    for (const c of commands) {
      if (c.command === 'a2acap') {
        assert.equal(c.args[0], 'mcp', `${doc}: ${JSON.stringify(c)}`);
        globalForms++;
      } else {
        assert.equal(c.command, 'npx', `${doc}: ${JSON.stringify(c)}`);
        assert.deepEqual(c.args.slice(0, 3), ['-y', 'a2acap', 'mcp'], `${doc}: ${JSON.stringify(c)}`);
      }
    }
    const npx = commands.filter((c) => c.command === 'npx').length;
    const own = commands.filter((c) => c.command === 'a2acap').length;
    assert.ok(npx <= own, `${doc}: each npx configuration has its "command": "a2acap" form beside it`);
  }
  assert.ok(globalForms >= 3);
  assert.match(
    readFileSync(join(ROOT, 'test/package/globalInstall.test.ts'), 'utf8'),
    /command: 'a2acap',\s*args: \['mcp', '--root'/,
    'the global install test starts "command": "a2acap" with mcp',
  );
});

test('the extension installs from the .vsix that npm run package writes', () => {
  for (const doc of documents()) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    for (const m of text.matchAll(/code --install-extension (\S+?)[`\s]/g))
      assert.equal(at(m, 1), 'dist/a2a-capabilities.vsix', doc);
  }
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.package ?? '', /-o dist\/a2a-capabilities\.vsix/);
});
