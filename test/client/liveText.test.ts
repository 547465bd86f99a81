/**
 * What the live commands show (notification, output channel, probe list) is redacted with the credential the
 * client sent and the URL's userinfo, even when an answer quotes them (client/src/liveText.ts, in-process).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { credentialInputProblem, failureText, fetchOutputLines, fetchSummary, liveRedactor, probeOutputLines, probePick, redactedResponse } from '../../client/src/liveText';
import { REDACTED, secretForms } from '../../server/src/core/redact';
import type { FetchCardResponse, ProbeAgentResponse } from '../../server/src/protocol';

const TOKEN = 'cl1ent-T0ken/+=xyz';
const URL = 'https://bob:pa55-word-9@agent.example/';
const echo = `Bearer ${TOKEN} (${encodeURIComponent(TOKEN)}, ${Buffer.from(TOKEN).toString('base64')}) from ${URL}`;

function leaks(text: string): string[] {
  return [...secretForms(TOKEN), ...secretForms('bob:pa55-word-9')].filter((f) => text.includes(f));
}

test('fetch: output lines, notification summary and the opened card text hold no form of the credential', () => {
  const answer: FetchCardResponse = {
    url: URL, status: 'fetched', valid: false, text: JSON.stringify({ description: echo }),
    signature: { outcome: 'invalid', detail: echo }, findings: [{ code: 'x', severity: 'error', pointer: '/a', message: echo }],
    extended: { status: 'auth-failed', message: echo }, credentialSchemes: ['bearer'],
  };
  const shown = redactedResponse(answer, liveRedactor(URL, { scheme: 'bearer', token: TOKEN }));
  const text = [...fetchOutputLines('A2A: Fetch Extended Card', shown), fetchSummary(shown), shown.text ?? ''].join('\n');
  assert.deepEqual(leaks(text), [], text);
  assert.ok(text.includes(REDACTED));
  assert.ok(text.includes('https://agent.example/'));
  assert.deepEqual(leaks(JSON.stringify(answer)).length > 0, true, 'the answer itself did quote it (the test can fail)');
});

test('probe: output lines and the list hold no form of the credential; an error line is redacted too', () => {
  const answer: ProbeAgentResponse = { agent: URL, results: [{ probe: 'extended-card', claim: 'c', outcome: 'error', detail: echo, at: 'now' }] };
  const redact = liveRedactor(URL, { token: TOKEN });
  const shown = redactedResponse(answer, redact);
  const pick = probePick(shown);
  const text = [...probeOutputLines(shown), pick.title, ...pick.items.map((i) => `${i.label} ${i.description} ${i.detail}`), failureText('probe', new Error(echo), redact)].join('\n');
  assert.deepEqual(leaks(text), [], text);
  assert.ok(text.includes(REDACTED));
});

test('Set Credential refuses a credential with a line break or control character', () => {
  assert.match(credentialInputProblem('abc\ndef') ?? '', /line break/);
  assert.match(credentialInputProblem('abc\u0000') ?? '', /control/);
  assert.equal(credentialInputProblem('  plain-token  '), undefined);
});
