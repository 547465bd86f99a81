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
import { callTool, startMcp, type McpSession } from './helpers';

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
