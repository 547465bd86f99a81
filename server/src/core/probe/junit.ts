/**
 * `a2acap probe --format junit`: a probe report as JUnit XML for CI test reporters. One test case per probe, its
 * classname and name carrying the A2A test kit's requirement id where one matches (core/probe/requirements.ts):
 * refuted is a <failure>, a probe that could not decide an <error>, skipped a <skipped>, each with its reason.
 *
 * Written by hand rather than with an XML builder: the document is four element kinds and a handful of attributes,
 * and what matters is that no agent text can break it, which `xmlText` below guarantees (checked by parsing the
 * output back with a strict XML parser in the tests). Every string from the agent or the card is untrusted: it is
 * escaped for XML, and characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/U+FFFF) are shown as
 * `\uXXXX` instead of being dropped, so nothing is lost or hidden.
 */
import type { ProbeResult } from './types';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Characters XML 1.0 cannot hold, whichever way they are written. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what is matched
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Untrusted text as XML character data or an attribute value (line breaks kept as character references). */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] ?? c);
}

export interface JunitProbeReport {
  /** The agent as shown (credentials redacted). */
  agent: string;
  results: readonly ProbeResult[];
}

function testCase(r: ProbeResult): string {
  const ids = r.requirements ?? [];
  const classname = ids.length ? `a2a.tck.${ids.join('+')}` : 'a2acap.probe';
  const name = `${ids.length ? `[${ids.join(', ')}] ` : ''}${r.probe}: ${r.claim}`;
  const open = `    <testcase classname="${xmlText(classname)}" name="${xmlText(name)}" time="0">`;
  const reason = xmlText(r.detail);
  if (r.outcome === 'refuted')
    return `${open}\n      <failure type="refuted" message="${reason}">${reason}</failure>\n    </testcase>`;
  if (r.outcome === 'error')
    return `${open}\n      <error type="inconclusive" message="${reason}">${reason}</error>\n    </testcase>`;
  if (r.outcome === 'skipped') return `${open}\n      <skipped message="${reason}"/>\n    </testcase>`;
  return `${open}\n      <system-out>${reason}</system-out>\n    </testcase>`;
}

export function junitReport(report: JunitProbeReport): string {
  const count = (o: ProbeResult['outcome']) => report.results.filter((r) => r.outcome === o).length;
  const counts = `tests="${report.results.length}" failures="${count('refuted')}" errors="${count('error')}" skipped="${count('skipped')}"`;
  const timestamp = report.results[0]?.at ?? '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="a2acap probe" ${counts}>`,
    `  <testsuite name="${xmlText(`a2acap probe ${report.agent}`)}" ${counts}${timestamp ? ` timestamp="${xmlText(timestamp.replace(/Z$/, ''))}"` : ''}>`,
    `    <properties>\n      <property name="agent" value="${xmlText(report.agent)}"/>\n    </properties>`,
    ...report.results.map(testCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
