/**
 * `a2acap probe URL|LOCK --format junit`: JUnit XML with one test case per probe, the A2A test kit's requirement ids
 * in classname and name, refuted probes as failures with the reason. An agent on loopback answers every call with
 * an error message built to break XML (`]]>`, `<`, `&`, quotes, control characters, a lone surrogate): the report
 * must parse back with a strict XML parser and carry that text, escaped, not interpreted.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parser } from 'sax';
import { lyingCard } from '../agents/lying';
import { cli, tempDir } from './helpers';
import tck from '../../server/src/core/probe/tckRequirements.json';

const REPO = join(__dirname, '..', '..');
const HOSTILE = 'no]]><injected attr="x"/>&amp; \u0001\u001b[31m \ud800 <![CDATA[ ok';

let server: Server;
let base = '';
before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/.well-known/agent-card.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify({ ...lyingCard(base), capabilities: { streaming: true } }));
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? null;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32004, message: HOSTILE } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

interface Case {
  classname: string;
  name: string;
  failure?: { message: string; text: string };
}

/** The test cases of a JUnit document, parsed by a strict XML parser (which throws on anything malformed). */
function parseJunit(xml: string): { cases: Case[]; suites: Record<string, string>[] } {
  const cases: Case[] = [];
  const suites: Record<string, string>[] = [];
  let inFailure = false;
  const p = parser(true);
  p.onerror = (err) => {
    throw err;
  };
  p.onopentag = (tag) => {
    if (tag.name === 'testsuite') suites.push(tag.attributes);
    if (tag.name === 'testcase') cases.push({ classname: tag.attributes.classname!, name: tag.attributes.name! });
    if (tag.name === 'failure') {
      cases.at(-1)!.failure = { message: tag.attributes.message!, text: '' };
      inFailure = true;
    }
    assert.ok(
      [
        'testsuites',
        'testsuite',
        'properties',
        'property',
        'testcase',
        'failure',
        'error',
        'skipped',
        'system-out',
      ].includes(tag.name),
      `unexpected element <${tag.name}>`,
    );
  };
  p.onclosetag = (name) => {
    if (name === 'failure') inFailure = false;
  };
  p.ontext = (text) => {
    if (inFailure) cases.at(-1)!.failure!.text += text;
  };
  p.write(xml).close();
  return { cases, suites };
}

describe('probe --format junit', () => {
  it('one test case per probe with the TCK requirement ids; agent text escaped, never markup', async (t) => {
    const lock = join(tempDir(t, 'a2a-junit-'), 'hostile.a2a-lock.json');
    const pinned = JSON.parse(
      readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8'),
    ) as object;
    writeFileSync(lock, JSON.stringify({ ...pinned, agent: `${base}/.well-known/agent-card.json` }));
    for (const target of [base, lock]) {
      const r = await cli(['probe', target, '--format', 'junit', '--min-interval', '0'], process.cwd());
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      assert.match(r.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
      const { cases, suites } = parseJunit(r.stdout);
      assert.equal(suites.length, 1);
      assert.equal(Number(suites[0]!.tests), cases.length);
      const json = await cli(['probe', target, '--format', 'json', '--min-interval', '0'], process.cwd());
      const results = (JSON.parse(json.stdout) as { results: { probe: string; requirements?: string[] }[] }).results;
      assert.equal(cases.length, results.length);
      const streaming = cases.find((c) => c.name.startsWith('[CORE-CAP-002] streaming: '));
      assert.ok(streaming, cases.map((c) => c.name).join('\n'));
      assert.equal(streaming.classname, 'a2a.tck.CORE-CAP-002');
      assert.equal(results.find((x) => x.probe === 'streaming')?.requirements?.[0], 'CORE-CAP-002');
      assert.ok(cases.some((c) => c.classname === 'a2a.tck.CARD-CACHE-002+CARD-CACHE-003'));
      // Every id we emit is one the TCK defines.
      for (const c of cases)
        for (const id of /^a2a\.tck\.(.+)$/.exec(c.classname)?.[1]?.split('+') ?? [])
          assert.ok(id in tck.requirements, id);
      // The agent's message reached a failure reason as text: `]]>`, `<`, `&`, quotes kept as written.
      const hostile = cases.find((c) => c.failure?.text.includes('no]]><injected attr="x"/>&amp;'));
      assert.ok(hostile, 'a failure carries the agent text');
      assert.equal(hostile.failure!.message, hostile.failure!.text);
      assert.doesNotMatch(r.stdout, /<injected/);
    }
  });
});
