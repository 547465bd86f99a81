/** The glob matcher behind a2a.files.* and the document kind decision. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesGlob } from '../../server/src/app/document/glob';
import { documentKind } from '../../server/src/app/document/documentKind';
import { nestsDeeperThan } from '../../server/src/app/document/nesting';
import { DEFAULT_SETTINGS } from '../../server/src/protocol';

test('workspace-relative globs match absolute paths', () => {
  assert.equal(matchesGlob('/ws/a/agent-card.json', '**/agent-card.json'), true);
  assert.equal(matchesGlob('/ws/.well-known/agent-card.json', '**/.well-known/agent-card.json'), true);
  assert.equal(matchesGlob('/ws/x.agent-card.json', '**/*.agent-card.json'), true);
  assert.equal(matchesGlob('/ws/agent-card.json.bak', '**/agent-card.json'), false);
  assert.equal(matchesGlob('/ws/cards/a.json', 'cards/*.json'), true);
  assert.equal(matchesGlob('/ws/cards/deep/a.json', 'cards/*.json'), false);
  assert.equal(matchesGlob('/ws/a.json', '{a,b}.json'), true);
  assert.equal(matchesGlob('/ws/c.json', '{a,b}.json'), false);
  assert.equal(matchesGlob('/ws/a+b.json', 'a+b.json'), true);
});

test('braces that do not pair up are literal, never an invalid pattern; nested groups work', () => {
  // A typo in a setting ("**/{agent,card.json") used to throw on every analysis of every document.
  for (const glob of ['**/{agent,card.json', '**/agent}.json', '{', '}{', '**/{a,{b,c}.json']) {
    assert.doesNotThrow(() => matchesGlob('/ws/agent-card.json', glob), glob);
  }
  assert.equal(matchesGlob('/ws/{agent,card.json', '**/{agent,card.json'), true);
  assert.equal(matchesGlob('/ws/agent.json', '**/{agent,card.json'), false);
  assert.equal(matchesGlob('/ws/c.json', '{a,{b,c}}.json'), true);
  assert.equal(matchesGlob('/ws/d.json', '{a,{b,c}}.json'), false);
  assert.equal(
    documentKind('json', 'file:///ws/p/a2a-lock.json', {
      ...DEFAULT_SETTINGS,
      files: { agentCards: ['**/{agent,card.json'], lockfiles: DEFAULT_SETTINGS.files.lockfiles, catalogs: [] },
    }),
    'lockfile',
  );
});

test('language id first, then patterns', () => {
  assert.equal(documentKind('a2a-lockfile', 'file:///ws/agent-card.json', DEFAULT_SETTINGS), 'lockfile');
  assert.equal(documentKind('json', 'file:///ws/p/a2a-lock.json', DEFAULT_SETTINGS), 'lockfile');
  assert.equal(documentKind('json', 'file:///ws/p/agent-card.json', DEFAULT_SETTINGS), 'card');
  assert.equal(documentKind('json', 'file:///ws/p/package.json', DEFAULT_SETTINGS), undefined);
  assert.equal(documentKind('json', 'file:///ws/.well-known/ai-catalog.json', DEFAULT_SETTINGS), 'catalog');
  assert.equal(documentKind('json', 'file:///ws/p/travel.ai-catalog.json', DEFAULT_SETTINGS), 'catalog');
  assert.equal(documentKind('a2a-ai-catalog', 'file:///ws/p/list.json', DEFAULT_SETTINGS), 'catalog');
  assert.equal(
    documentKind('json', 'file:///ws/p/my%20card.json', {
      ...DEFAULT_SETTINGS,
      files: { agentCards: ['**/my card.json'], lockfiles: [], catalogs: [] },
    }),
    'card',
  );
});

test('nesting depth scan ignores brackets inside strings', () => {
  assert.equal(nestsDeeperThan('[[[]]]', 3), false);
  assert.equal(nestsDeeperThan('[[[[]]]]', 3), true);
  assert.equal(nestsDeeperThan('{"a": "[[[[[[\\"[[[["}', 2), false);
  // A quote inside a comment (jsonc-parser reads comments) or an unterminated string must not hide the brackets after it.
  assert.equal(nestsDeeperThan('// "\n[[[[]]]]', 3), true);
  assert.equal(nestsDeeperThan('/* " */ [[[[]]]]', 3), true);
  assert.equal(nestsDeeperThan('{"a": "open\n[[[[]]]]', 3), true);
  assert.equal(nestsDeeperThan('// [[[[[[\n[]', 3), false);
});
