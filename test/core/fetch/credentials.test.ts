/** credentialFor, table-driven (test/fixtures/credentials/cases.json): bearer tokens and API keys, and what is refused. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { credentialFor, credentialSchemes } from '../../../server/src/core/fetch/credentials';

interface Case {
  name: string;
  schemes: Record<string, unknown>;
  credential: { scheme?: string; token: string };
  headers?: Record<string, string>;
  reason?: string;
}
const { cases } = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'credentials', 'cases.json'), 'utf8'),
) as { cases: Case[] };

for (const c of cases) {
  test(`credential: ${c.name}`, () => {
    const decision = credentialFor({ securitySchemes: c.schemes }, c.credential);
    if (c.headers) {
      assert.ok(decision.send, !decision.send ? decision.reason : '');
      assert.deepEqual(decision.send && decision.headers, c.headers);
    } else {
      assert.equal(decision.send, false);
      assert.ok(!decision.send && decision.reason.includes(c.reason!), !decision.send ? decision.reason : '');
    }
  });
}

test('the schemes offered for a credential: bearer-token schemes and API keys in a header or cookie, not in the query', () => {
  assert.deepEqual(
    credentialSchemes({
      securitySchemes: {
        b: { httpAuthSecurityScheme: { scheme: 'bearer' } },
        basic: { httpAuthSecurityScheme: { scheme: 'basic' } },
        h: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
        q: { apiKeySecurityScheme: { location: 'query', name: 'k' } },
        c: { apiKeySecurityScheme: { location: 'cookie', name: 'sid' } },
        m: { mtlsSecurityScheme: {} },
      },
    }),
    ['b', 'h', 'c'],
  );
});
