/**
 * The secret screen is split into groups that are quick to rule out (core/text/secretShapes.ts): it must still say yes to
 * every text the single pattern of all stems says yes to. That pattern is kept here as the definition.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { mayHoldSecrets } from '../../../server/src/core/text/secretShapes';

const ALL_STEMS = new RegExp(
  [
    '-----BEGIN',
    'A[KSBC][IC]A|A3T[A-Z0-9]|AGPA|AIDA|AROA|AIPA|ANPA|ANVA',
    'gh[pousr]_|github_pat_|glpat-|npm_|hf_|xox[abposr]-|xapp-|hooks\\.slack\\.com',
    'k_live_|AIza|sk-|eyJ|x-oauth-basic',
    '[Ss][Ee][Cc][Rr][Ee][Tt]_?[Aa][Cc][Cc][Ee][Ss][Ss]_?[Kk][Ee][Yy]',
    'AccountKey=|SharedAccessKey=|[?&;]sig=|"kty"',
    '[?&][A-Za-z0-9_.-]{0,40}=',
    ':(?:\\/|\\\\\\/){2}[^\\s"@/]{1,256}@',
  ].join('|'),
);

const STEMS = [
  '-----BEGIN',
  'AKIA',
  'ASIA',
  'ABIA',
  'ACCA',
  'A3TX',
  'AGPA',
  'AIDA',
  'AROA',
  'AIPA',
  'ANPA',
  'ANVA',
  'AIza',
  'ghp_',
  'gho_',
  'ghu_',
  'ghs_',
  'ghr_',
  'github_pat_',
  'glpat-',
  'npm_',
  'hf_',
  'xoxb-',
  'xoxa-',
  'xoxp-',
  'xoxo-',
  'xoxs-',
  'xoxr-',
  'xapp-',
  'hooks.slack.com',
  'sk_live_',
  'rk_live_',
  'sk-',
  'eyJ',
  'x-oauth-basic',
  'secret_access_key',
  'SecretAccessKey',
  'SECRET_ACCESSKEY',
  'sEcReTaCcEsS_kEy',
  'AccountKey=',
  'SharedAccessKey=',
  '?sig=',
  '&sig=',
  ';sig=',
  '"kty"',
  '?a=',
  '&api_key=',
  '?=',
  '://u:p@',
  ':\\/\\/user@',
  '://x@',
];

/** Filler as cards have it: words, JSON punctuation, and the characters the quick groups look for first. */
const FILLER = [
  'skill',
  'A',
  'Skill 1',
  '": "',
  '-',
  '_',
  '=',
  '@',
  '://',
  '?',
  '&',
  ';',
  ' ',
  '\n  ',
  'ey',
  'J',
  'k',
  's',
  'x',
];

function randomText(seed: number): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff);
  let out = '';
  for (let i = next() % 40; i > 0; i--) out += FILLER[next() % FILLER.length];
  if (next() % 3 === 0) {
    const stem = STEMS[next() % STEMS.length]!;
    const at = next() % (out.length + 1);
    out = out.slice(0, at) + stem + out.slice(at);
  }
  return out;
}

test('secret screen: each stem alone, and inside card text, is a hit', () => {
  for (const stem of STEMS) {
    assert.ok(ALL_STEMS.test(stem), `reference misses ${stem}`);
    assert.ok(mayHoldSecrets(stem), stem);
    assert.ok(mayHoldSecrets(`{"description": "see ${stem} here"}`), stem);
  }
});

test('secret screen: never says no where the single pattern says yes', () => {
  let hits = 0;
  for (let seed = 1; seed <= 20000; seed++) {
    const text = randomText(seed);
    if (!ALL_STEMS.test(text)) continue;
    hits++;
    assert.ok(mayHoldSecrets(text), JSON.stringify(text));
  }
  assert.ok(hits > 1000, `only ${hits} texts with a stem`);
});

test('secret screen: a card without any stem is not a hit', () => {
  const card = JSON.stringify(
    { name: 'Plain agent', skills: [{ id: 'skill-1', name: 'Skill 1', tags: ['a'] }] },
    null,
    2,
  );
  assert.equal(mayHoldSecrets(card), false);
});
