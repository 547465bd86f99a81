/**
 * What the live commands show (notification, output channel, probe list) is redacted with the credential the
 * client sent and the URL's userinfo, even when an answer quotes them: the language server redacts each live
 * answer with its request's redactor (server/src/lsp/liveRequests.ts), and the client shows it (client/src/liveText.ts);
 * both in-process here. Over stdio: test/live/credentialLeak.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  credentialInputProblem,
  failureText,
  fetchOutputLines,
  fetchSummary,
  probeOutputLines,
  probePick,
  shownUrl,
} from '../../client/src/liveText';
import { REDACTED, redactValue, secretForms, type Redactor } from '../../server/src/core/text/redact';
import { requestRedactor } from '../../server/src/app/document/live';
import type { FetchCardResponse, LiveCredential, ProbeAgentResponse } from '../../server/src/protocol';

const TOKEN = 'cl1ent-T0ken/+=xyz';
const URL = 'https://bob:pa55-word-9@agent.example/';
const echo = `Bearer ${TOKEN} (${encodeURIComponent(TOKEN)}, ${Buffer.from(TOKEN).toString('base64')}) from ${URL}`;

/** The redactor the server answers a live request with: its credential and its URL's userinfo. */
const liveRedactor = (url: string, credential?: LiveCredential): Redactor =>
  requestRedactor({ url, ...(credential ? { credential } : {}) });
/** The answer as the server sends it: every text in it redacted. */
const redactedResponse = <T>(response: T, redact: Redactor): T => redactValue(response, redact);

function leaks(text: string): string[] {
  return [...secretForms(TOKEN), ...secretForms('bob:pa55-word-9')].filter((f) => text.includes(f));
}

test('fetch: output lines, notification summary and the opened card text hold no form of the credential', () => {
  const answer: FetchCardResponse = {
    url: URL,
    status: 'fetched',
    valid: false,
    text: JSON.stringify({ description: echo }),
    signature: { outcome: 'invalid', detail: echo },
    findings: [{ code: 'x', severity: 'error', pointer: '/a', message: echo }],
    extended: { status: 'auth-failed', message: echo },
    credentialSchemes: ['bearer'],
  };
  const shown = redactedResponse(answer, liveRedactor(URL, { scheme: 'bearer', token: TOKEN }));
  const text = [...fetchOutputLines('A2A: Fetch Extended Card', shown), fetchSummary(shown), shown.text ?? ''].join(
    '\n',
  );
  assert.deepEqual(leaks(text), [], text);
  assert.ok(text.includes(REDACTED));
  assert.ok(text.includes('https://agent.example/'));
  assert.deepEqual(
    leaks(JSON.stringify(answer)).length > 0,
    true,
    'the answer itself did quote it (the test can fail)',
  );
});

test('probe: output lines and the list hold no form of the credential; an error line is redacted too', () => {
  const answer: ProbeAgentResponse = {
    agent: URL,
    results: [{ probe: 'extended-card', claim: 'c', outcome: 'error', detail: echo, at: 'now' }],
  };
  const redact = liveRedactor(URL, { token: TOKEN });
  const shown = redactedResponse(answer, redact);
  const pick = probePick(shown);
  const text = [
    ...probeOutputLines(shown),
    pick.title,
    ...pick.items.map((i) => `${i.label} ${i.description} ${i.detail}`),
    failureText('probe', new Error(redact(echo))),
  ].join('\n');
  assert.deepEqual(leaks(text), [], text);
  assert.ok(text.includes(REDACTED));
});

test('the URL a notification shows before the answer has no userinfo', () => {
  assert.equal(shownUrl(URL), 'https://agent.example/');
  assert.deepEqual(leaks(shownUrl(URL)), []);
  assert.equal(shownUrl('agent.example/x@y'), 'agent.example/x@y');
});

test('Set Credential refuses a credential with a line break or control character', () => {
  assert.match(credentialInputProblem('abc\ndef') ?? '', /line break/);
  assert.match(credentialInputProblem('abc\u0000') ?? '', /control/);
  assert.equal(credentialInputProblem('  plain-token  '), undefined);
});
