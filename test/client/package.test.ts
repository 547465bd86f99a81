/**
 * The .vsix ships only the allowlist of .vscodeignore: the bundles, schemas, grammars, README, CHANGELOG, LICENSE,
 * the icon and the screenshots the README shows. `vsce ls` computes exactly the file set `vsce package` zips.
 * The manifest carries what the Marketplace and the Extensions view show.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const VSCE = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
const BUNDLES = [
  'client/dist/extension.js',
  'server/dist/server.js',
  'server/dist/cli.js',
  'server/dist/grpc-runtime.js',
  'server/dist/undici.js',
  'server/dist/jose.js',
  'server/dist/mcp-sdk.js',
];

/** The files a bundle requires from beside itself at run time (`require("./x.js")`): each must ship. */
function requiredBeside(bundle: string): string[] {
  const text = readFileSync(join(ROOT, bundle), 'utf8');
  return [...text.matchAll(/\brequire\("\.\/([\w.-]+)"\)/g)].map((m) => `server/dist/${m[1] ?? ''}`);
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
  scripts: Record<string, string>;
};

/** Relative image references of a Markdown text: ![alt](path) and <img src="path">. */
function relativeImages(markdown: string): string[] {
  const refs = [...markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g), ...markdown.matchAll(/<img[^>]+src="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set(refs.filter((r) => !/^[a-z]+:/i.test(r)).map((r) => r.replace(/^\.\//, '')))];
}

test(
  'every bundle the server and the CLI load on demand is in the package allowlist',
  { skip: !BUNDLES.every((b) => existsSync(join(ROOT, b))) && 'run npm run build first' },
  () => {
    const beside = new Set(['server/dist/server.js', 'server/dist/cli.js'].flatMap(requiredBeside));
    assert.ok(beside.size >= 4, `the main bundles load bundles beside them: ${[...beside].join(', ')}`);
    for (const file of beside) assert.ok(BUNDLES.includes(file), `${file} is one of the packaged bundles`);
  },
);

test(
  'the packaged extension contains exactly the allowlisted files, and every image the README shows',
  { skip: !BUNDLES.every((b) => existsSync(join(ROOT, b))) && 'run npm run build first' },
  () => {
    const r = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .sort();
    const allowed = [
      /^package\.json$/,
      /^README\.md$/,
      /^CHANGELOG\.md$/,
      /^LICENSE$/,
      /^images\/icon\.png$/,
      /^images\/activity-bar\.svg$/,
      /^docs\/images\/[^/]+\.png$/,
      /^schemas\/[^/]+\.schema\.json$/,
      /^syntaxes\/[^/]+\.json$/,
      ...BUNDLES.map((b) => new RegExp(`^${b.replace(/[./]/g, '\\$&')}$`)),
    ];
    const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
    assert.deepEqual(unexpected, [], 'nothing outside the allowlist (no sources, maps, tests, node_modules)');
    const images = relativeImages(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    assert.ok(images.length > 0, 'the README shows screenshots');
    for (const required of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'images/icon.png',
      'images/activity-bar.svg',
      'syntaxes/a2a-agent-card.tmLanguage.json',
      'syntaxes/a2a-lockfile.tmLanguage.json',
      'syntaxes/language-configuration.json',
      'schemas/agent-card-1.0.schema.json',
      ...BUNDLES,
      ...images,
    ]) {
      assert.ok(files.includes(required), `${required} is packaged`);
    }
  },
);

test('the README images resolve from the package: npm run package keeps relative links', () => {
  // vsce would otherwise rewrite them to the repository's URL on GitHub, which an installed .vsix need not reach.
  assert.match(manifest.scripts.package ?? '', /vsce package .*--no-rewrite-relative-links/);
  assert.match(manifest.scripts.package ?? '', /-o dist\/a2a-capabilities\.vsix/);
  for (const image of relativeImages(readFileSync(join(ROOT, 'README.md'), 'utf8')))
    assert.ok(existsSync(join(ROOT, image)), image);
});

test('the manifest has the Marketplace essentials', () => {
  const icon = readFileSync(join(ROOT, String(manifest.icon)));
  assert.equal(icon.subarray(1, 4).toString('latin1'), 'PNG', 'the icon is a PNG');
  assert.ok(icon.readUInt32BE(16) >= 128 && icon.readUInt32BE(20) >= 128, 'the icon is at least 128x128 pixels');
  assert.ok((manifest.categories as string[]).length > 0);
  assert.ok(
    (manifest.keywords as string[]).length > 0 && (manifest.keywords as string[]).length <= 30,
    'keywords (the Marketplace takes up to 30)',
  );
  assert.match(String((manifest.galleryBanner as { color: string }).color), /^#[0-9a-f]{6}$/i);
  const repo = String((manifest.repository as { url: string }).url);
  assert.match(repo, /^https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
  assert.equal((manifest.bugs as { url: string }).url, repo.replace(/\.git$/, '/issues'));
  assert.match(String(manifest.homepage), new RegExp(`^${repo.replace(/\.git$/, '').replace(/[./]/g, '\\$&')}`));
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
  assert.match(changelog, /^## \[Unreleased\]$/m);
  assert.match(
    changelog,
    new RegExp(`^## \\[${String(manifest.version).replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    'an entry for this version',
  );
});
