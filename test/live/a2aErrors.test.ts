// Error mapping of both HTTP bindings (facts §8): expectations are data.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromHttpError, fromJsonRpcError, retryAfterSeconds, sanitizeMessage } from '../../server/src/core/a2a/errors';

const JSONRPC: [number, string][] = [
  [-32001, 'TaskNotFound'],
  [-32002, 'TaskNotCancelable'],
  [-32003, 'PushNotificationNotSupported'],
  [-32004, 'UnsupportedOperation'],
  [-32005, 'ContentTypeNotSupported'],
  [-32006, 'InvalidAgentResponse'],
  [-32007, 'ExtendedAgentCardNotConfigured'],
  [-32008, 'ExtensionSupportRequired'],
  [-32009, 'VersionNotSupported'],
  [-32601, 'MethodNotFound'],
  [-1, 'Unknown'],
];
const REST: [number, string | undefined, string][] = [
  [404, 'TASK_NOT_FOUND', 'TaskNotFound'],
  [400, 'UNSUPPORTED_OPERATION', 'UnsupportedOperation'],
  [400, 'CONTENT_TYPE_NOT_SUPPORTED', 'ContentTypeNotSupported'],
  [400, 'EXTENDED_AGENT_CARD_NOT_CONFIGURED', 'ExtendedAgentCardNotConfigured'],
  [400, 'EXTENSION_SUPPORT_REQUIRED', 'ExtensionSupportRequired'],
  [400, 'VERSION_NOT_SUPPORTED', 'VersionNotSupported'],
  [400, 'PUSH_NOTIFICATION_NOT_SUPPORTED', 'PushNotificationNotSupported'],
  [401, undefined, 'Unauthenticated'],
  [403, undefined, 'PermissionDenied'],
  [404, undefined, 'NotFound'],
  [429, undefined, 'RateLimited'],
  [500, undefined, 'Internal'],
  [400, undefined, 'Unknown'],
];
const info = (reason: string) => [
  { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' },
];

describe('A2A error mapping', () => {
  for (const [code, type] of JSONRPC)
    it(`JSON-RPC ${code} → ${type}`, () => assert.equal(fromJsonRpcError({ code, message: 'm' }).type, type));
  it('JSON-RPC without a known code falls back to the ErrorInfo reason', () => {
    assert.equal(
      fromJsonRpcError({ code: -32000, message: 'x', data: info('VERSION_NOT_SUPPORTED') }).type,
      'VersionNotSupported',
    );
  });
  for (const [status, reason, type] of REST) {
    it(`HTTP ${status}${reason ? ` + ${reason}` : ''} → ${type}`, () => {
      const body = { error: { code: status, message: 'm', ...(reason ? { details: info(reason) } : {}) } };
      assert.equal(fromHttpError(status, body).type, type);
    });
  }
  it('Retry-After as seconds or an HTTP date', () => {
    assert.equal(fromHttpError(429, undefined, '7').retryAfterSeconds, 7);
    assert.equal(retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10);
    assert.equal(retryAfterSeconds('soon'), undefined);
  });
  it('agent messages are untrusted: one line, no control characters, bounded', () => {
    assert.equal(sanitizeMessage('bad\n\u001b[31mforged line\u202e'), 'bad [31mforged line');
    assert.equal(sanitizeMessage('x'.repeat(500)).length, 200);
    assert.equal(sanitizeMessage({ not: 'a string' }), '');
    assert.equal(fromHttpError(400, 'not json').type, 'Unknown');
  });
});
