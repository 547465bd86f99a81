/**
 * The discover workflow as every front end gets it (the library returns this report as it is): no URL userinfo a
 * catalog lists reaches the report, and such a URL is never requested.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discover } from '../../server/src/app/discover';
import { resolveClient } from '../../server/src/app/settings';
import type { HttpClient } from '../../server/src/core/net/http';

const requested: string[] = [];
const http: HttpClient = {
  request: (url) => {
    requested.push(url);
    return Promise.reject(new Error('no network in this test'));
  },
  close: () => Promise.resolve(),
};

describe('discover: URL userinfo in a catalog', () => {
  it('is in no entry, reason or finding', async () => {
    const client = resolveClient({});
    assert.ok(client.ok);
    const catalog = {
      entries: [
        { identifier: 'card', type: 'application/a2a-agent-card+json', url: 'https://alice:hunter2@a.example/c.json' },
        { identifier: 'cycle', type: 'application/ai-catalog+json', url: 'https://bob:swordfish@a.example/x.json' },
        { identifier: 'bad', type: 'application/x-other', url: 'https://carol:opensesame@a.example/%%' },
      ],
    };
    const result = await discover({
      source: 'ai-catalog.json',
      http,
      readFile: (path) => Promise.resolve({ location: path, text: JSON.stringify(catalog) }),
      client: client.client,
      maxBytes: 1_000_000,
    });
    assert.ok(result.ok);
    assert.doesNotMatch(JSON.stringify(result.report), /hunter2|swordfish|opensesame|alice|bob|carol/);
  });
});
