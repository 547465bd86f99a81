/**
 * `a2acap mcp` results are JSON a model reads and a host may parse: a skill id or URL holding a hidden or bidi
 * character comes back exactly when parsed (the model calls the id the card has), while the text holds only the
 * escape; and a URL credential in any spelling the WHATWG parser accepts never appears in a result.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasHiddenCharacters } from '../../server/src/core/text/hiddenCharacters';
import { spawn } from 'node:child_process';
import { CLI, callTool, startMcp, type McpSession } from './helpers';

const FIXTURES = join(__dirname, '..', 'fixtures');
const PLANTED = ['\u200b', '\u202e', '\u2066', '\u{E0041}', '\ud800'];
const HIDE = PLANTED.join('');
const URL = `https://travel.example.com/a2a/${HIDE}rpc`;

let root: string;
let mcp: McpSession;

before(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'a2a-mcp-values-')));
  const card = JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'),
  );
  card.skills[0].id = `plan${HIDE}`;
  for (const i of card.supportedInterfaces) i.url = URL;
  writeFileSync(join(root, 'hidden.agent-card.json'), JSON.stringify(card, null, 2));
  copyFileSync(join(FIXTURES, 'redact', 'tricky-userinfo.card.json'), join(root, 'tricky.agent-card.json'));
  mcp = await startMcp(['--root', root]);
});

after(async () => {
  await mcp?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a2acap mcp: values with hidden characters', () => {
  it('a2a_profile, a2a_how_to_call and a2a_pin give back the skill id and the URL exactly', async () => {
    const profile = await callTool(mcp, 'a2a_profile', { source: 'hidden.agent-card.json' });
    assert.equal(profile.isError, false, profile.text);
    assert.ok(!hasHiddenCharacters(profile.text), 'no raw hidden character in the text');
    const p = JSON.parse(profile.text) as { profile: { skills: object; interface: { url: string } } };
    assert.ok(Object.keys(p.profile.skills).includes(`plan${HIDE}`), Object.keys(p.profile.skills).join());
    assert.equal(p.profile.interface.url, URL);

    const how = await callTool(mcp, 'a2a_how_to_call', { source: 'hidden.agent-card.json', skill: `plan${HIDE}` });
    assert.equal(how.isError, false, how.text);
    assert.ok(!hasHiddenCharacters(how.text));
    const h = JSON.parse(how.text) as { skill: string; endpoint: string };
    assert.equal(h.skill, `plan${HIDE}`);
    assert.equal(h.endpoint, URL);

    const pin = await callTool(mcp, 'a2a_pin', { source: 'hidden.agent-card.json', skills: [`plan${HIDE}`] });
    assert.equal(pin.isError, false, pin.text);
    assert.ok(!hasHiddenCharacters(pin.text));
    const lockText = (JSON.parse(pin.text) as { untrusted: { lockfile_text: string } }).untrusted.lockfile_text;
    assert.ok(!hasHiddenCharacters(lockText));
    assert.deepEqual(Object.keys((JSON.parse(lockText) as { requires: { skills: object } }).requires.skills), [
      `plan${HIDE}`,
    ]);
  });
});

/** The raw stdout of `a2acap mcp` for an initialize and one tools/call: the bytes a host reads off the pipe. */
function rawSession(call: { name: string; arguments: Record<string, unknown> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--root', root], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      out += d;
      if (out.includes('"id":2')) child.stdin.end();
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call });
  });
}

describe('a2acap mcp: structuredContent on the wire', () => {
  it('holds the values, with hidden characters written as JSON escapes, never raw', async () => {
    const wire = await rawSession({ name: 'a2a_profile', arguments: { source: 'hidden.agent-card.json' } });
    const line = wire.split('\n').find((l) => l.includes('"id":2')) ?? '';
    const result = (JSON.parse(line) as { result: { structuredContent: { profile: { skills: object } } } }).result;
    assert.ok(Object.keys(result.structuredContent.profile.skills).includes(`plan${HIDE}`));
    assert.ok(!hasHiddenCharacters(wire), 'no raw hidden character on the wire');
  });
});

describe('a2acap mcp: URL credentials in every spelling', () => {
  for (const [tool, args] of [
    ['a2a_profile', { source: 'tricky.agent-card.json' }],
    ['a2a_how_to_call', { source: 'tricky.agent-card.json', skill: 'itinerary-pricing' }],
  ] as const) {
    it(`${tool}: no password, token or key of the card's URLs anywhere in the result`, async () => {
      const answer = await callTool(mcp, tool, args);
      assert.equal(answer.isError, false, answer.text);
      assert.doesNotMatch(answer.text, /Tricky/, answer.text);
      assert.match(answer.text, /"https:\/\/pricing\.example\.com\/a2a"/);
    });
  }
});
