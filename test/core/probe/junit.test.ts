/**
 * The JUnit writer on its own: whatever a probe's name, claim or reason holds (markup, `]]>`, characters XML 1.0
 * cannot carry, lone surrogates), the document parses back with a strict XML parser and says the same text, with
 * the unrepresentable characters shown as `\uXXXX` rather than dropped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parser } from 'sax';
import { junitReport, xmlText } from '../../../server/src/core/probe/junit';
import type { ProbeResult } from '../../../server/src/core/probe/types';

function texts(xml: string): { attributes: Record<string, string>[]; text: string } {
  const attributes: Record<string, string>[] = [];
  let text = '';
  const p = parser(true);
  p.onerror = (err) => {
    throw err;
  };
  p.onopentag = (tag) => attributes.push(tag.attributes);
  p.onclosetag = () => undefined;
  p.ontext = (t) => (text += t);
  p.write(xml).close();
  return { attributes, text };
}

const NASTY = 'a]]>b<c d="e">&f;\'g\u0000h\u0008i\u000bj\u001fk\ud800l\udc00m\ufffen\uffff\r\n\to\ud83d\ude00';

describe('junitReport', () => {
  it('keeps hostile probe text well-formed and readable', () => {
    const result: ProbeResult = {
      probe: `required-extension:${NASTY}`,
      claim: NASTY,
      outcome: 'refuted',
      detail: NASTY,
      at: '2026-01-02T03:04:05.000Z',
      requirements: ['CORE-CAP-004'],
    };
    const xml = junitReport({ agent: `http://127.0.0.1/${NASTY}`, results: [result, { ...result, outcome: 'error' }] });
    const { attributes, text } = texts(xml);
    const shown =
      'a]]>b<c d="e">&f;\'g\\u0000h\\u0008i\\u000bj\\u001fk\\ud800l\\udc00m\\ufffen\\uffff\r\n\to\ud83d\ude00';
    assert.ok(text.includes(shown), text);
    const testcase = attributes.find((a) => a.classname !== undefined)!;
    assert.equal(testcase.classname, 'a2a.tck.CORE-CAP-004');
    assert.equal(testcase.name, `[CORE-CAP-004] required-extension:${shown}: ${shown}`);
    assert.ok(attributes.some((a) => a.message === shown));
    assert.ok(attributes.some((a) => a.failures === '1' && a.errors === '1' && a.tests === '2'));
  });

  it('escapes every markup character and line break in attribute-safe form', () => {
    assert.equal(xmlText('<&>"\'\n'), '&lt;&amp;&gt;&quot;&apos;&#10;');
  });
});
