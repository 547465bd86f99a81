/** The one escaping function every untrusted string in a hover goes through. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_UNTRUSTED_LENGTH, plain, plainList, truncate } from '../../server/src/app/document/markdown';

/** What a CommonMark renderer would show for our escaped text: every backslash-escaped punctuation as itself. */
const rendered = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

test('markdown links, command URIs, images and HTML are escaped so they render as their characters', () => {
  const hostile =
    '[run](command:workbench.action.terminal.new) ![i](https://x.example/p.png) <img src=x onerror=alert(1)> <b>b</b>';
  const out = plain(hostile, 1000);
  // No unescaped markdown/HTML syntax remains: every [, ], (, ), <, >, ! is preceded by a backslash.
  assert.doesNotMatch(out, /(^|[^\\])[[\]()<>!]/);
  assert.equal(rendered(out), hostile);
});

test('autolinks and entities are broken up: no bare URL, e-mail or &entity; survives', () => {
  const out = plain('see https://evil.example or www.evil.example, mail a@evil.example &amp; &#60;', 1000);
  assert.doesNotMatch(out, /https:\/\/|www\.e|a@e|&amp;|&#60;/);
  assert.equal(rendered(out), 'see https://evil.example or www.evil.example, mail a@evil.example &amp; &#60;');
});

test('emphasis, code spans, headings and tables are neutralised', () => {
  for (const s of ['**bold**', '_em_', '`code`', '# heading', '| a | b |', '~~strike~~', '\\']) {
    const out = plain(s);
    assert.equal(rendered(out), s);
    assert.doesNotMatch(out, /(^|[^\\])[*_`#|~]/, s);
  }
});

test('newlines are flattened; control, zero-width, bidi and tag characters are shown as escapes', () => {
  assert.equal(plain('a\nb\r\nc'), 'a b c');
  assert.equal(
    rendered(plain('x\u0000\u001b[31my\u200b\u202e\u2066z\u{E0041}')),
    'x\\u0000\\u001b[31my\\u200b\\u202e\\u2066z\\u{e0041}',
  );
});

test('long strings are cut to the limit with an ellipsis, never splitting a surrogate pair', () => {
  const long = 'a'.repeat(MAX_UNTRUSTED_LENGTH + 50);
  assert.equal(Array.from(rendered(plain(long))).length, MAX_UNTRUSTED_LENGTH);
  assert.ok(plain(long).endsWith('…'));
  assert.equal(truncate('😀😀😀', 2), '😀…');
  assert.equal(plain('short', 10), 'short');
});

test('non-strings are shown as JSON; lists are escaped item by item and capped', () => {
  assert.equal(plain({ a: 1 }), '\\{\\"a\\"\\:1\\}');
  assert.equal(plain(undefined), '');
  assert.equal(plainList([]), '(none)');
  assert.equal(plainList(['text/plain', '[x](y)']), 'text\\/plain, \\[x\\]\\(y\\)');
  assert.match(
    plainList(
      Array.from({ length: 20 }, (_, i) => `m${i}`),
      5,
    ),
    /and 15 more$/,
  );
});
