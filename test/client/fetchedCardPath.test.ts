// Where "A2A: Fetch Agent Card" opens the card (client/src/fetchedCardPath.ts): a read-only virtual document whose
// path VS Code maps to the agent card language, one per fetch, naming the host and never the URL's userinfo (a
// tab title and the recently-opened list would show it). The editor side is test/e2e/extension/fetched.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FETCHED_SCHEME, fetchedCardPath } from '../../client/src/fetchedCardPath';

test('a fetched card opens under its own scheme, at a path that ends in agent-card.json', () => {
  assert.equal(FETCHED_SCHEME, 'a2a-fetched');
  assert.equal(
    fetchedCardPath('https://agent.example/.well-known/agent-card.json', 1),
    '/agent.example/1/agent-card.json',
  );
  assert.equal(fetchedCardPath('http://127.0.0.1:41300', 2), '/127.0.0.1%3A41300/2/agent-card.json');
});

test('each fetch gets a path of its own, so an earlier card stays as it was read', () => {
  const url = 'https://agent.example/';
  assert.notEqual(fetchedCardPath(url, 1), fetchedCardPath(url, 2));
});

test("the URL's userinfo, query and fragment never reach the path", () => {
  const path = fetchedCardPath('https://bob:pa55-word-9@agent.example/x?token=s3cret#frag', 3);
  assert.equal(path, '/agent.example/3/agent-card.json');
  assert.doesNotMatch(path, /bob|pa55|s3cret|frag/);
});

test('text that is not a URL still gives a path of the card language, and no path traversal', () => {
  for (const url of ['not a url', '../../etc/passwd', '']) {
    const path = fetchedCardPath(url, 4);
    assert.equal(path, '/agent/4/agent-card.json');
  }
});
