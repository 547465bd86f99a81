/**
 * `a2acap discover` lints every catalog it reads, the root and the nested ones, as `a2acap lint` does, against real
 * HTTP servers on loopback: the findings carry their code, severity, pointer and catalog; `--fail-on` counts them;
 * the text output lists them under their catalog; an inline card's own findings stay with its entry's status.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess, type CliRun } from '../cliRunner';
import { startSite, type Site } from './discoverSite';

interface Json {
  entries: { identifier: string; status: string }[];
  findings: { code: string; severity: string; message: string; pointer?: string; catalog?: string }[];
}

const sites: Site[] = [];
after(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

async function flawedSite(): Promise<Site> {
  const s = await startSite({
    '/flawed.json': { file: 'flawed.json' },
    '/flawed-nested.json': { file: 'flawed-nested.json' },
    '/cards/good.json': { file: 'good.agent-card.json' },
  });
  sites.push(s);
  return s;
}

function discover(args: string[]): Promise<CliRun> {
  return runCliInProcess(['discover', ...args], { cwd: process.cwd(), env: {} });
}

describe('a2acap discover: catalog lint findings', () => {
  it('reports the catalog rules for the root and the nested catalog, with pointer and catalog', async () => {
    const s = await flawedSite();
    const run = await discover([`${s.base}/flawed.json`, '--format', 'json']);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as Json;
    const root = `${s.base}/flawed.json`;
    const nested = `${s.base}/flawed-nested.json`;
    assert.deepEqual(
      out.findings.map((f) => [f.code, f.severity, f.pointer, f.catalog]),
      [
        ['catalog-entry-url-and-data', 'error', '/entries/3', root],
        ['catalog-duplicate-entry', 'error', '/entries/1/identifier', root],
        ['catalog-host-mismatch', 'warning', '/entries/2/identifier', root],
        ['suspicious-text', 'warning', '/entries/1/description', nested],
        ['suspicious-text', 'warning', '/entries/1/description', nested],
        ['catalog-confusable-identifier', 'warning', '/entries/1/identifier', nested],
      ],
    );
    assert.ok(
      out.findings.some((f) => /ignore all previous instructions/.test(f.message)),
      'discovery poisoning in entry text is named',
    );
    assert.equal(
      out.findings.some((f) => f.pointer?.startsWith('/entries/4/data') || f.pointer?.startsWith('/entries/3/data')),
      false,
      "an inline card's own findings are not the catalog's",
    );
    const inline = out.entries.find((e) => e.identifier === 'urn:air:127.0.0.1:agents:inline');
    assert.equal(inline?.status, 'invalid');
  });

  it('counts them for --fail-on', async () => {
    const s = await flawedSite();
    assert.equal((await discover([`${s.base}/flawed.json`, '--fail-on', 'error'])).code, 1);
    assert.equal((await discover([`${s.base}/flawed-nested.json`, '--fail-on', 'error'])).code, 0);
    assert.equal((await discover([`${s.base}/flawed-nested.json`, '--fail-on', 'warning'])).code, 1);
  });

  it('lists them under their catalog in text, hidden characters made visible', async () => {
    const s = await flawedSite();
    const run = await discover([`${s.base}/flawed.json`]);
    assert.equal(run.code, 0, run.stderr);
    const nestedAt = run.stdout.indexOf(`\n${s.base}/flawed-nested.json:\n`);
    const rootAt = run.stdout.indexOf(`\n${s.base}/flawed.json:\n`);
    assert.ok(rootAt >= 0 && nestedAt > rootAt, run.stdout);
    assert.match(run.stdout.slice(rootAt, nestedAt), /\n {2}error catalog-duplicate-entry \/entries\/1\/identifier: /);
    assert.match(run.stdout.slice(nestedAt), /\n {2}warning catalog-confusable-identifier \/entries\/1\/identifier: /);
    assert.doesNotMatch(run.stdout, /\u202e/);
    assert.match(run.stdout, /U\+202E/);
  });

  it('lints a catalog file too', async () => {
    const s = await flawedSite();
    const dir = mkdtempSync(join(tmpdir(), 'a2acap-discover-lint-'));
    try {
      const text = readFileSync(join(__dirname, '..', 'fixtures', 'discover', 'flawed.json'), 'utf8');
      writeFileSync(join(dir, 'ai-catalog.json'), text.split('{{BASE}}').join(s.base));
      const run = await runCliInProcess(
        ['discover', 'ai-catalog.json', '--format', 'json', '--allow-network', 'loopback'],
        { cwd: dir, env: {} },
      );
      const out = JSON.parse(run.stdout) as Json;
      assert.ok(
        out.findings.some((f) => f.code === 'catalog-duplicate-entry' && f.catalog?.endsWith('ai-catalog.json')),
        run.stdout,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
