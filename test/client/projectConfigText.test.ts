/**
 * "A2A: Create Project Configuration" writes what the CLI then reads: the text made from a folder's settings is a
 * valid .a2a/config.json that gives back the same client, rules and size limit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { projectConfigText } from '../../client/src/projectConfigText';
import { parseProjectConfig } from '../../server/src/core/config/projectConfig';

test('default settings: the client written out, nothing else', () => {
  const text = projectConfigText({
    bindings: ['JSONRPC@1.0', 'HTTP+JSON@1.0'],
    knownExtensions: [],
    rules: {},
    maxCardBytes: 1048576,
  });
  assert.equal(
    text,
    '{\n  "client": {\n    "bindings": [\n      "JSONRPC@1.0",\n      "HTTP+JSON@1.0"\n    ],\n    "knownExtensions": []\n  }\n}\n',
  );
  const read = parseProjectConfig(text);
  assert.ok(read.ok);
  assert.deepEqual(read.config, {
    client: {
      bindings: [
        { binding: 'JSONRPC', version: '1.0' },
        { binding: 'HTTP+JSON', version: '1.0' },
      ],
      knownExtensions: [],
    },
  });
});

test('changed settings round-trip through the reader the CLI uses (rules sorted by id)', () => {
  const text = projectConfigText({
    bindings: ['HTTP+JSON@1.0'],
    knownExtensions: ['https://ext.example.com/payments/v2'],
    rules: { 'unknown-field': 'off', 'empty-skill-tags': 'error' },
    maxCardBytes: 2097152,
  });
  const read = parseProjectConfig(text);
  assert.ok(read.ok, !read.ok ? read.message : '');
  assert.deepEqual(read.config, {
    client: {
      bindings: [{ binding: 'HTTP+JSON', version: '1.0' }],
      knownExtensions: ['https://ext.example.com/payments/v2'],
    },
    rules: { 'empty-skill-tags': 'error', 'unknown-field': 'off' },
    maxCardBytes: 2097152,
  });
  assert.ok(text.indexOf('empty-skill-tags') < text.indexOf('unknown-field'));
});
