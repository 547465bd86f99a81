/**
 * Hovers as a pure function of an analysed document (documentHover): compiled profiles, interface choice, flags,
 * schema text, hostile text. The last test asks the real server over stdio, for the wiring.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { documentHover } from '../../server/src/app/document/hover';
import { analyzed } from './analyzed';
import { startLsp } from './harness';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
let n = 0;

/** Hover text at the first occurrence of `needle` (+1 so the cursor is inside it). */
async function hoverAt(file: string, needle: string): Promise<string> {
  const { a } = analyzed(fixture(file), 'a2a-agent-card', `file:///hover/${++n}/${file}`);
  const i = a.text.indexOf(needle);
  assert.ok(i >= 0, needle);
  const h = documentHover(a, i + 1, undefined);
  assert.ok(h, `a hover at ${needle}`);
  return (h.contents as MarkupContent).value;
}
/** Markdown as displayed: backslash escapes resolved. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

test('a skill hover shows its compiled profile: replaced defaults, what is NOT accepted, security and tags', async () => {
  const md = shown(await hoverAt('good.agent-card.json', '"quote"'));
  assert.match(md, /\*\*Skill quote\*\*/);
  assert.match(
    md,
    /\*\*Input\*\*: application\/json \(the skill's inputModes; replaces defaults text\/plain, application\/json: text\/plain is NOT accepted\)/,
  );
  assert.match(md, /\*\*Output\*\*: application\/json \(inherited from the card's defaultOutputModes\)/);
  assert.match(
    md,
    /\*\*Security\*\*: oauth \[oauth2 clientCredentials\] with scopes quotes:read \(inherited from the card's securityRequirements\)/,
  );
  assert.match(md, /\*\*Tags\*\*: pricing/);
});

test('a skill that keeps the defaults says where its modes come from', async () => {
  const md = shown(await hoverAt('good.agent-card.json', '"bulk"'));
  assert.match(md, /\*\*Input\*\*: text\/plain, application\/json \(inherited from the card's defaultInputModes\)/);
  assert.doesNotMatch(md, /NOT accepted/);
});

test('supportedInterfaces explains which interface a client picks and why others were passed over', async () => {
  const md = shown(await hoverAt('good.agent-card.json', '"supportedInterfaces"'));
  assert.match(md, /1\. GRPC 1\.0 at pricing\.example:443: passed over: binding GRPC is not supported by this client/);
  assert.match(md, /2\. JSONRPC 1\.0 at https:\/\/pricing\.example\/a2a: \*\*chosen\*\*/);
});

test('a capability flag says what it gates and what a missing flag means', async () => {
  const md = shown(await hoverAt('good.agent-card.json', '"streaming"'));
  assert.match(md, /capabilities\.streaming\*\*: true/);
  assert.match(md, /SendStreamingMessage and SubscribeToTask/);
  assert.match(md, /UnsupportedOperationError/);
});

test('plain members show the schema description', async () => {
  const md = await hoverAt('good.agent-card.json', '"version"');
  assert.match(md, /REQUIRED\. The agent's own version/);
});

test('hostile card text in a hover is escaped: no link, command URI, image or HTML survives', async () => {
  const md = await hoverAt('hostile.agent-card.json', '"[click');
  // Raw markdown/HTML constructs would appear unescaped; escaped ones are preceded by a backslash.
  assert.doesNotMatch(md, /(^|[^\\])\[click/);
  assert.doesNotMatch(md, /\]\(command:/);
  assert.doesNotMatch(md, /(^|[^\\])<(img|script)/);
  assert.doesNotMatch(md, /https:\/\/evil/);
  assert.doesNotMatch(md, /\u202e/);
  // …and the user still sees the literal text.
  assert.match(shown(md), /\[click me\]\(command:workbench\.action\.terminal\.new\) <img src=x onerror=alert\(1\)>/);
  assert.match(shown(md), /<script>alert\(1\)<\/script>/);
});

test('no hover outside any member, and none for a document that is not JSON', async () => {
  const { a } = analyzed('{ "name": ', 'a2a-agent-card', `file:///hover/${++n}/broken.agent-card.json`);
  assert.equal(documentHover(a, 3, undefined), null);
});

test('default modes say which skills inherit them and which replace them', async () => {
  const md = shown(await hoverAt('good.agent-card.json', '"defaultInputModes"'));
  assert.match(md, /inherited by 1 skill\(s\): bulk/);
  assert.match(md, /- quote: text\/plain NOT accepted/);
});

test('the server answers hover requests with the same text', async (t) => {
  const s = await startLsp();
  t.after(() => s.stop());
  const uri = 'file:///hover/wiring/good.agent-card.json';
  const doc = await s.open(uri, 'a2a-agent-card', fixture('good.agent-card.json'));
  const h = await s.hover(uri, doc.positionAt(doc.getText().indexOf('"quote"') + 1));
  assert.equal((h?.contents as MarkupContent | undefined)?.value, await hoverAt('good.agent-card.json', '"quote"'));
});
