/**
 * A deliberately lying A2A agent of our own (node:http), for the failure cases a real SDK agent never shows.
 * Its card claims streaming, text/plain + image/png input, a required extension and an extended card; its
 * behaviour contradicts several of those claims. Every misbehaviour has its own path so tests pick one.
 *
 * Paths (all relative to the base URL):
 *   /.well-known/agent-card.json   the (lying) card, ETag + Cache-Control
 *   /stale/.well-known/agent-card.json   answers 304 to ANY conditional request, with a different ETag
 *   /drip          sends headers, then one byte every 100 ms, forever (until the client gives up)
 *   /huge          streams 50 MB without Content-Length;  /huge-cl  the same with Content-Length
 *   /bomb          a small gzip body that inflates to 50 MB
 *   /loop          redirects to itself
 *   /redirect?to=U redirects to U (tests pass metadata/private targets only inside a network namespace)
 *   /html          a card body served as text/html
 *   /busy          429 with Retry-After: 1 for the first `busyCount` calls, then the card
 *   /rpc-busy      the same 429s (shared count), then /rpc
 *   /rpc-garbage   200 with bytes that are not JSON;  /rpc-sse-empty  an event stream without data;
 *   /rpc-sse-drip  an SSE event that never completes
 *   /rpc           JSON-RPC: streaming ops → UnsupportedOperation, image/png → ContentTypeNotSupported,
 *                  required extension ignored, extended card per bearer token (two tokens, two skill sets)
 *   /rest/...      HTTP+JSON variants of the same lies (google.rpc.Status errors)
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

export const LYING_EXTENSION = 'https://example.test/ext/must-have/v1';
export const LYING_TOKENS = { alice: 'token-alice-1234567890', bob: 'token-bob-0987654321' } as const;

export interface LyingAgent {
  url: string;
  port: number;
  /** Requests seen, per path (tests assert what reached the server). */
  hits: Map<string, number>;
  /** Last request headers per path (lower-case keys). */
  lastHeaders: Map<string, IncomingMessage['headers']>;
  /** Last request body per path. */
  lastBodies: Map<string, string>;
  close(): Promise<void>;
}

export function lyingCard(base: string): Record<string, unknown> {
  return {
    name: 'Lying Agent',
    description: 'Claims more than it does.',
    version: '2.0.0',
    supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true, extendedAgentCard: true, extensions: [{ uri: LYING_EXTENSION, required: true }] },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain', 'image/png'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes text.', tags: ['echo'] }],
  };
}

function extendedFor(base: string, who: 'alice' | 'bob'): Record<string, unknown> {
  const card = lyingCard(base);
  card.skills = [
    { id: 'echo', name: 'Echo', description: 'Echoes text.', tags: ['echo'] },
    { id: `${who}-only`, name: `${who} only`, description: `Only ${who} sees this.`, tags: [who] },
  ];
  return card;
}

const BIG = 50 * 1024 * 1024;
let bombCache: Promise<Buffer> | undefined;
/** ~50 KB of gzip that inflates to 50 MB; built chunk by chunk so the agent itself never holds 50 MB. */
function bomb(): Promise<Buffer> {
  bombCache ??= new Promise((resolve, reject) => {
    const gz = createGzip({ level: 9 });
    const out: Buffer[] = [];
    gz.on('data', (c: Buffer) => out.push(c));
    gz.on('end', () => resolve(Buffer.concat(out)));
    gz.on('error', reject);
    const block = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < BIG / block.length; i++) gz.write(block);
    gz.end();
  });
  return bombCache;
}

export async function startLyingAgent(opts: { busyCount?: number } = {}): Promise<LyingAgent> {
  const hits = new Map<string, number>();
  const lastHeaders = new Map<string, IncomingMessage['headers']>();
  const lastBodies = new Map<string, string>();
  let busyLeft = opts.busyCount ?? 1;
  const timers = new Set<NodeJS.Timeout>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const raw = (req.url ?? '/').split('?')[0]!;
    // Clients given a base URL ask for <base>/.well-known/agent-card.json: /huge as a base means /huge.
    const suffix = '/.well-known/agent-card.json';
    const path =
      raw.endsWith(suffix) && raw !== suffix && raw !== `/stale${suffix}` ? raw.slice(0, -suffix.length) : raw;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    lastHeaders.set(path, req.headers);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      lastBodies.set(path, body);
      route(req, res, path, body);
    });
  });
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  function route(req: IncomingMessage, res: ServerResponse, path: string, body: string): void {
    const url = new URL(req.url ?? '/', base);
    switch (path) {
      case '/.well-known/agent-card.json': {
        const etag = '"card-v2"';
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, { etag });
          res.end();
          return;
        }
        json(res, 200, lyingCard(base), {
          etag,
          'cache-control': 'max-age=60',
          'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT',
        });
        return;
      }
      case '/stale/.well-known/agent-card.json': {
        // Lies: claims "not modified" to any conditional request, but its ETag says the card changed.
        if (req.headers['if-none-match'] || req.headers['if-modified-since']) {
          res.writeHead(304, { etag: '"card-v3"' });
          res.end();
          return;
        }
        json(res, 200, lyingCard(base), { etag: '"card-v3"' });
        return;
      }
      case '/drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
        const t = setInterval(() => {
          if (!res.destroyed) res.write(' ');
        }, 100);
        timers.add(t);
        res.on('close', () => {
          clearInterval(t);
          timers.delete(t);
        });
        return;
      }
      case '/huge':
      case '/huge-cl': {
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(path === '/huge-cl' ? { 'content-length': String(BIG) } : {}),
        });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < BIG && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case '/bomb': {
        void bomb().then((b) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': String(b.length),
          });
          res.end(b);
        });
        return;
      }
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        res.end();
        return;
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(JSON.stringify(lyingCard(base)));
        return;
      case '/busy':
        if (busyLeft > 0) {
          busyLeft--;
          res.writeHead(429, { 'retry-after': '1' });
          res.end();
          return;
        }
        json(res, 200, lyingCard(base));
        return;
      case '/rpc':
        rpc(req, res, body);
        return;
      case '/rpc-garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('\u0000\u00ff not json {');
        return;
      case '/rpc-sse-empty':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(': just a comment\n\n');
        return;
      case '/rpc-sse-drip': {
        // An event that never completes (no blank line), a byte at a time.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {');
        const t = setInterval(() => {
          if (!res.destroyed) res.write('x');
        }, 50);
        timers.add(t);
        res.on('close', () => {
          clearInterval(t);
          timers.delete(t);
        });
        return;
      }
      case '/rpc-busy':
        if (busyLeft > 0) {
          busyLeft--;
          res.writeHead(429, { 'retry-after': '1' });
          res.end();
          return;
        }
        rpc(req, res, body);
        return;
      default:
        if (path.startsWith('/rest/')) {
          rest(req, res, path.slice(5));
          return;
        }
        json(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such path' } });
    }
  }

  function who(req: IncomingMessage): 'alice' | 'bob' | undefined {
    const auth = req.headers.authorization ?? '';
    if (auth === `Bearer ${LYING_TOKENS.alice}`) return 'alice';
    if (auth === `Bearer ${LYING_TOKENS.bob}`) return 'bob';
    return undefined;
  }

  function rpc(req: IncomingMessage, res: ServerResponse, body: string): void {
    let call: { id?: unknown; method?: string; params?: { message?: { parts?: { mediaType?: string }[] } } };
    try {
      call = JSON.parse(body);
    } catch {
      json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
      return;
    }
    const err = (code: number, message: string, reason: string): void =>
      json(res, 200, {
        jsonrpc: '2.0',
        id: call.id ?? null,
        error: {
          code,
          message,
          data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' }],
        },
      });
    const version = req.headers['a2a-version'];
    if (version !== '1.0') {
      err(-32009, `version ${String(version)} not supported`, 'VERSION_NOT_SUPPORTED');
      return;
    }
    switch (call.method) {
      case 'SendStreamingMessage':
      case 'SubscribeToTask':
        err(-32004, 'streaming is not supported', 'UNSUPPORTED_OPERATION');
        return;
      case 'GetTask':
        err(-32001, 'task not found', 'TASK_NOT_FOUND');
        return;
      case 'ListTaskPushNotificationConfigs':
        err(-32003, 'push notifications not supported', 'PUSH_NOTIFICATION_NOT_SUPPORTED');
        return;
      case 'SendMessage': {
        const parts = call.params?.message?.parts ?? [];
        if (parts.some((p) => p.mediaType === 'image/png')) {
          err(-32005, 'image/png is not accepted', 'CONTENT_TYPE_NOT_SUPPORTED');
          return;
        }
        // Lies: the card marks an extension required, but a call without A2A-Extensions succeeds.
        json(res, 200, {
          jsonrpc: '2.0',
          id: call.id ?? null,
          result: { message: { messageId: 'm-1', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } },
        });
        return;
      }
      case 'GetExtendedAgentCard': {
        const caller = who(req);
        if (!caller) {
          res.writeHead(401, { 'www-authenticate': 'Bearer' });
          res.end();
          return;
        }
        json(res, 200, { jsonrpc: '2.0', id: call.id ?? null, result: extendedFor(base, caller) });
        return;
      }
      default:
        err(-32601, 'method not found', 'METHOD_NOT_FOUND');
    }
  }

  function rest(req: IncomingMessage, res: ServerResponse, path: string): void {
    const status = (code: number, statusName: string, reason: string, message: string): void =>
      json(res, code, {
        error: {
          code,
          status: statusName,
          message,
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' }],
        },
      });
    if (path === '/extendedAgentCard' || path.endsWith('/extendedAgentCard')) {
      const caller = who(req);
      if (!caller) {
        status(401, 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'bearer token required');
        return;
      }
      json(res, 200, extendedFor(base, caller));
      return;
    }
    if (path === '/message:stream' || path.includes(':subscribe')) {
      status(400, 'FAILED_PRECONDITION', 'UNSUPPORTED_OPERATION', 'no streaming');
      return;
    }
    if (path.startsWith('/tasks/')) {
      status(404, 'NOT_FOUND', 'TASK_NOT_FOUND', 'task not found');
      return;
    }
    status(404, 'NOT_FOUND', 'NOT_FOUND', 'no such path');
  }

  await bomb();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    hits,
    lastHeaders,
    lastBodies,
    close: async () => {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
