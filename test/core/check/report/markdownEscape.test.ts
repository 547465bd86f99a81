// The markdown report's escaping, rendered: untrusted card and lockfile text in a table cell and in the
// `<details><summary>` HTML block must come out as text — no HTML element, no link (inline, reference, URL,
// www. or e-mail autolink), no @mention — and still read as what it was. Rendered with marked (GFM); the same
// inputs were checked with cmark-gfm, GitHub's renderer, when the escaping was written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, escapeMarkdown } from '../../../../server/src/core/check/report/markdown';
import { at } from '../../../at';

const HOSTILE = [
  '9.9 see https://x.example/<img src=https://evil.example/pixel.png> and <a href=https://evil.example/phish>click here</a>',
  'www.evil.example and WWW.Evil.Example/x',
  'mail a@b.co, ping @octocat and @org/team',
  '[x](javascript:alert(1)) ![i](https://e.x/i.png) <https://angle.example>',
  '<script>alert(1)</script><h1>PWN</h1><img src=x onerror=alert(1)>',
  '| pipe | `code` **bold** _em_ ~~strike~~ &lt;b&gt; &amp;',
  '[a]: https://ref.example',
];

/** The elements a report may contain; anything else was injected. */
const ALLOWED = new Set(['table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'ul', 'li', 'p']);

function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_m, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '');
}

for (const text of HOSTILE) {
  test(`rendered as text: ${JSON.stringify(text.slice(0, 60))}`, async () => {
    const md = `| a | b |\n|---|---|\n| ${escapeMarkdown(text)} | x |\n\n<details><summary>${escapeHtml(text)}: review</summary>\n\n- ${escapeMarkdown(text)}\n\n</details>\n`;
    const { marked } = await import('marked');
    const html = await marked.parse(md, { gfm: true });
    const tags = [...html.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => at(m, 1).toLowerCase());
    assert.deepEqual(
      tags.filter((t) => !ALLOWED.has(t)),
      [],
      html,
    );
    assert.doesNotMatch(html, /<[a-z][^>]*\s(?:href|src)=/i, html);
    // Nothing lost: each of the three places reads as the original text.
    const cell = at(/<td>(.*?)<\/td>/s.exec(html), 1);
    const summary = at(/<summary>(.*?): review<\/summary>/s.exec(html), 1);
    const item = at(/<li>(.*?)<\/li>/s.exec(html), 1);
    for (const part of [cell, summary, item]) assert.equal(visibleText(part), text);
  });
}

test('one line, control and invisible characters made visible, bounded', () => {
  assert.equal(escapeMarkdown('a\r\nb\tc\u001b[31m\u202ed\u{E0041}'), 'a b c\\\\u001b\\[31m\\\\u202ed\\\\u\\{e0041\\}');
  assert.equal(escapeHtml('x'.repeat(2000)).length, 500);
});
