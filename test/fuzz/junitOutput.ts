/**
 * The attack on JUnit reports (`a2acap probe --format junit`): agent and card text in a probe's name, claim and
 * reason that tries to end the XML (`]]>`, `<`, `&`, quotes, characters XML 1.0 cannot hold, lone surrogates). The
 * fuzzed card's strings (skill ids, names, descriptions, extension URIs: up to 16) become probe results, each with a
 * hostile tail; the property parses the report back with a strict XML parser: well-formed, one test case per
 * probe, only JUnit's elements, and each reason read back as written (unrepresentable characters as `\uXXXX`).
 */
import { parser } from 'sax';
import { junitReport } from '../../server/src/core/probe/junit';
import type { ProbeResult } from '../../server/src/core/probe/types';
import type { Failure } from './properties';

const TAIL = ']]><x a="b"/>&amp;\u0000\ud800';
const ELEMENTS = new Set([
  'testsuites',
  'testsuite',
  'properties',
  'property',
  'testcase',
  'failure',
  'error',
  'skipped',
  'system-out',
]);
const OUTCOMES: ProbeResult['outcome'][] = ['verified', 'refuted', 'skipped', 'error'];

function stringsOf(value: unknown, out: string[], depth = 0): void {
  if (out.length >= 16 || depth > 6) return;
  if (typeof value === 'string') out.push(value.slice(0, 200));
  else if (Array.isArray(value)) for (const v of value.slice(0, 8)) stringsOf(v, out, depth + 1);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value).slice(0, 16)) {
      if (out.length < 16) out.push(k.slice(0, 200));
      stringsOf(v, out, depth + 1);
    }
}

/** What a reason reads as once parsed: the characters XML cannot hold shown as `\uXXXX`. */
function expectedText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what is matched
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function junitFailures(card: unknown): Failure[] {
  const strings: string[] = [];
  stringsOf(card, strings);
  const results: ProbeResult[] = strings.map((s, i) => ({
    probe: i % 3 === 0 ? `required-extension:${s}` : s,
    claim: s,
    outcome: OUTCOMES[i % OUTCOMES.length]!,
    detail: `${s}${TAIL}`,
    at: '2026-01-01T00:00:00.000Z',
    ...(i % 2 ? { requirements: ['CORE-CAP-004'] } : {}),
  }));
  const failures: Failure[] = [];
  const reasons: string[] = [];
  let cases = 0;
  try {
    const p = parser(true);
    p.onerror = (err) => {
      throw err;
    };
    p.onopentag = (tag) => {
      if (!ELEMENTS.has(tag.name)) throw new Error(`element <${tag.name}> in the report`);
      if (tag.name === 'testcase') cases++;
      if (tag.name === 'failure' || tag.name === 'error' || tag.name === 'skipped')
        reasons.push(tag.attributes.message ?? '');
    };
    p.onclosetag = () => undefined;
    p.ontext = () => undefined;
    p.write(junitReport({ agent: `http://127.0.0.1/${strings[0] ?? ''}`, results })).close();
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
    return [
      { property: 'the JUnit report is well-formed XML whatever the agent says', detail: JSON.stringify(detail) },
    ];
  }
  if (cases !== results.length)
    failures.push({
      property: 'the JUnit report has one test case per probe',
      detail: `${cases} of ${results.length}`,
    });
  const wanted = results.filter((r) => r.outcome !== 'verified').map((r) => expectedText(r.detail));
  if (reasons.some((r, i) => r !== wanted[i]))
    failures.push({
      property: 'the JUnit report keeps each reason as written',
      detail: JSON.stringify(reasons[0]).slice(0, 200),
    });
  return failures;
}
