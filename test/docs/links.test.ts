/**
 * Every relative link and #anchor in README.md, CONTRIBUTING.md, bench/README.md, examples/README.md and docs/
 * resolves (GitHub's heading slugs), and the images the README shows are
 * packaged in the .vsix, where the Marketplace page reads them.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { CARD_VERSIONS } from '../../examples/pricing-agent/cards';
import { at } from '../at';

const ROOT = join(__dirname, '..', '..');

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'bench/README.md', 'examples/README.md', ...docs].filter((f) =>
    existsSync(join(ROOT, f)),
  );
}

/** The text outside fenced code blocks. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/** The text outside code blocks and inline code, where links are what they look like. */
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '``');
}

/** GitHub's anchor for a heading: lower case, punctuation other than - and _ dropped, spaces → -; repeats get -1, -2… */
export function slugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutFences(markdown)
    .replace(/`/g, '')
    .matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = at(m, 1)
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** [text](target) and ![alt](target) links, and src="…" of HTML images; without titles. */
function links(markdown: string): string[] {
  const text = prose(markdown);
  const md = [...text.matchAll(/!?\[(?:[^\]\n]|\][^(])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) =>
    at(m, 1),
  );
  const html = [...text.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => at(m, 1));
  return [...md, ...html];
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

test("the slugs are GitHub's", () => {
  assert.deepEqual(
    [
      ...slugs(
        '# Project configuration (`.a2a/config.json`)\n## A2A: Fetch\n## A2A: Fetch\n```\n# not a heading\n```\n',
      ),
    ],
    ['project-configuration-a2aconfigjson', 'a2a-fetch', 'a2a-fetch-1'],
  );
});

test('every relative link and anchor in the documentation resolves', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of documents()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const target of links(text)) {
      if (isExternal(target)) continue;
      checked++;
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
      const rel = relative(ROOT, resolved);
      if (rel.startsWith('..')) {
        broken.push(`${file}: ${target} leaves the repository`);
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
        broken.push(`${file}: ${target}: an anchor into a file that is not markdown`);
        continue;
      }
      if (!slugs(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${file}: ${target}: no heading #${anchor} in ${rel}`);
    }
  }
  assert.ok(checked > 50, `links checked: ${checked}`);
  assert.deepEqual(broken, []);
});

test('docs/configuration.md describes exactly the settings package.json contributes', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, unknown> } };
  };
  const text = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
  const described = [...text.matchAll(/^\| `(a2a\.[^`]+)` \|/gm)].map((m) => at(m, 1));
  assert.deepEqual(described.sort(), Object.keys(pkg.contributes.configuration.properties).sort());
});

test('examples/README.md describes every folder of examples/', () => {
  const text = readFileSync(join(ROOT, 'examples', 'README.md'), 'utf8');
  const folders = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  assert.ok(folders.length >= 4);
  for (const folder of folders)
    assert.match(
      text,
      new RegExp(`^\\| \`${folder.replace('.', '\\.')}/\` \\|`, 'm'),
      `examples/README.md: a row for ${folder}/`,
    );
});

test("examples/README.md counts the pricing agent's card versions as cards.ts lists them", () => {
  const text = readFileSync(join(ROOT, 'examples', 'README.md'), 'utf8');
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const counts = [...text.matchAll(/\b(\w+) (?:card )?versions\b/g)]
    .map((m) => words.indexOf(at(m, 1)))
    .filter((n) => n >= 0);
  assert.ok(counts.length >= 2, 'the folder row and the cards.ts row both say how many');
  for (const n of counts) assert.equal(n, CARD_VERSIONS.length);
  const listed = text.match(/card versions \(([^)]*)\)/);
  assert.deepEqual(
    [...(listed?.[1] ?? '').matchAll(/`([\w-]+)`/g)].map((m) => at(m, 1)),
    [...CARD_VERSIONS],
  );
});

test('the README stays a front page: under 15 KB, with the test command', () => {
  const readme = readFileSync(join(ROOT, 'README.md'));
  assert.ok(readme.length < 15 * 1024, `README.md is ${readme.length} bytes`);
  assert.match(readme.toString('utf8'), /\bnpm test\b/);
});

test(
  'the images the README shows are packaged in the .vsix',
  { skip: !existsSync(join(ROOT, 'server', 'dist', 'cli.js')) && 'run npm run build first' },
  () => {
    const images = links(readFileSync(join(ROOT, 'README.md'), 'utf8')).filter(
      (t) => !isExternal(t) && /\.(png|jpe?g|gif|svg)$/i.test(t),
    );
    assert.ok(images.length >= 3, 'the README shows screenshots');
    const vsce = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const packaged = new Set(r.stdout.split('\n').map((l) => l.trim()));
    for (const image of images)
      assert.ok(packaged.has(image), `${image} is in the .vsix (allowlist it in .vscodeignore)`);
  },
);
