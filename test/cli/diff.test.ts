/**
 * `a2acap diff OLD NEW`: two cards compared by the lockfile check, per skill and for the agent. The cases
 * (test/cli/fixtures/diff/cases.json) are data: the cards, the flags, the exit code and each part's classification.
 * Definitions count, not names: a scheme or an extension that keeps its name but changes meaning is a change.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli } from './helpers';

const FIXTURES = join(__dirname, 'fixtures', 'diff');

interface Case {
  name: string;
  old: string;
  new: string;
  args: string[];
  exit: number;
  classification: string;
  /** "agent" or a skill id → its classification. */
  sections: Record<string, string>;
  /** Texts some item's message holds. */
  mentions?: string[];
}

interface Section {
  classification: string;
  problems: { message: string }[];
  notes: { message: string }[];
}

interface DiffJson {
  classification: string;
  agent: Section;
  skills: Record<string, Section>;
}

const CASES = JSON.parse(readFileSync(join(FIXTURES, 'cases.json'), 'utf8')) as Case[];

for (const c of CASES) {
  test(`diff: ${c.name}`, async () => {
    const r = await cli(['diff', c.old, c.new, '--format', 'json', ...c.args], FIXTURES);
    assert.equal(r.code, c.exit, r.stderr);
    const diff = JSON.parse(r.stdout) as DiffJson;
    assert.equal(diff.classification, c.classification);
    for (const [part, expected] of Object.entries(c.sections)) {
      const section = part === 'agent' ? diff.agent : diff.skills[part];
      assert.equal(section?.classification, expected, `${part}: ${JSON.stringify(section)}`);
    }
    const messages = [diff.agent, ...Object.values(diff.skills)].flatMap((s) =>
      [...s.problems, ...s.notes].map((i) => i.message),
    );
    for (const text of c.mentions ?? [])
      assert.ok(
        messages.some((m) => m.includes(text)),
        `${text} in ${JSON.stringify(messages)}`,
      );
    // Every format exits alike.
    for (const format of ['text', 'markdown']) {
      const other = await cli(['diff', c.old, c.new, '--format', format, ...c.args], FIXTURES);
      assert.equal(other.code, c.exit, `${format}: ${other.stderr}`);
    }
  });
}

const HOSTILE_ID = 'evil\u202e[click](https://evil.example/x) @team <b>x</b>';

test('diff: card text is made visible in text, escaped in markdown, recoverable in JSON', async () => {
  const args = ['diff', 'hostile-old.json', 'base.json'];
  const text = await cli([...args, '--format', 'text'], FIXTURES);
  assert.equal(text.code, 1, text.stderr);
  assert.ok(!text.stdout.includes('\u202e'), 'no raw bidi override in text');
  assert.match(text.stdout, /evil\\u202e/);
  const markdown = await cli([...args, '--format', 'markdown'], FIXTURES);
  assert.ok(!markdown.stdout.includes('\u202e'));
  assert.ok(!markdown.stdout.includes('](https://'), 'no link');
  assert.ok(!markdown.stdout.includes('<b>'), 'no HTML');
  assert.ok(!/@team/.test(markdown.stdout), 'no mention');
  const json = await cli([...args, '--format', 'json'], FIXTURES);
  assert.ok(!json.stdout.includes('\u202e'), 'escaped in the raw JSON text');
  const diff = JSON.parse(json.stdout) as DiffJson;
  assert.equal(diff.skills[HOSTILE_ID]?.classification, 'breaking', 'the id parses back as the card wrote it');
});

test('diff: a missing or invalid card is one line and exit 2', async () => {
  const missing = await cli(['diff', 'base.json', 'nope.json'], FIXTURES);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.json/);
  assert.equal(missing.stderr.trim().split('\n').length, 1);
  const one = await cli(['diff', 'base.json'], FIXTURES);
  assert.equal(one.code, 2);
});

let server: Server;
let port: number;
const PASSWORD = 'diff-userinfo-s3cret';

before(async () => {
  const card = readFileSync(join(FIXTURES, 'scheme-type.json'), 'utf8');
  server = createServer((req, res) => {
    if (req.url === '/.well-known/agent-card.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(card);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((done) => server.close(() => done())));

test('diff: NEW as an agent base URL on loopback, as pin takes it', async () => {
  const r = await cli(['diff', 'base.json', `http://127.0.0.1:${port}`, '--format', 'json'], FIXTURES, {});
  assert.equal(r.code, 1, r.stderr);
  assert.equal((JSON.parse(r.stdout) as DiffJson).skills.quote?.classification, 'breaking');
});

test('diff: a URL with userinfo never shows the password', async () => {
  const r = await cli(['diff', 'base.json', `http://alice:${PASSWORD}@127.0.0.1:${port}`], FIXTURES, {});
  assert.doesNotMatch(r.stdout + r.stderr, new RegExp(PASSWORD));
});
