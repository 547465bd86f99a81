/**
 * A credential-leak agent (node:http, loopback): it quotes back whatever credential it receives (the Authorization
 * bearer token, the X-Api-Key header, the `sid` cookie) in every form echoForms lists (a prefix, split, any case,
 * percent-encoded, escaped, hex, base64 at any offset),
 * in every error form the two HTTP bindings have. Tests run the product against it and assert that no form of the
 * credential reaches any output. Its card is the SDK agent's (sdkPublicCard) with three credential schemes.
 *
 * Each mode has its own base URL, `${origin}/${mode}` (card at the well-known path under it, JSON-RPC at
 * `/rpc`, HTTP+JSON at `/rest` under it; the mode decides which binding the card lists first):
 *   rpc-error      JSON-RPC 200 with `error`: the echo in `message`, in `data` (ErrorInfo reason and metadata, DebugInfo)
 *   rpc-401 / rpc-403 / rpc-500   the JSON-RPC endpoint answers that HTTP status with a google.rpc.Status body quoting the echo
 *   rest-401 / rest-403 / rest-500 / rest-400   HTTP+JSON error bodies (google.rpc.Status: message, ErrorInfo reason/metadata)
 *   rest-text-500  HTTP+JSON 500 with a plain-text body that is only the echo
 *   card-echo      the extended card is served, with the echo in its description and a skill's name
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { sdkPublicCard } from './sdkAgent';

export const LEAK_MODES = [
  'rpc-error',
  'rpc-401',
  'rpc-403',
  'rpc-500',
  'rest-401',
  'rest-403',
  'rest-500',
  'rest-400',
  'rest-text-500',
  'card-echo',
] as const;
export type LeakMode = (typeof LEAK_MODES)[number];

/** The card's schemes: each carries the credential differently. */
export const LEAK_SCHEMES = ['bearer', 'apikey', 'session'] as const;

export interface LeakAgent {
  origin: string;
  /** Base URL of one mode. */
  url(mode: LeakMode): string;
  /** Every credential value the agent received (after the prefix or cookie name): tests check one was sent. */
  received: string[];
  close(): Promise<void>;
}

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

function leakCard(base: string, mode: LeakMode): Record<string, unknown> {
  const rpc = { url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' };
  const rest = { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' };
  return sdkPublicCard(base, {
    extended: 'static',
    card: {
      name: 'Credential Leak Agent',
      supportedInterfaces: mode.startsWith('rest') ? [rest, rpc] : [rpc, rest],
      securitySchemes: {
        bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
        apikey: { apiKeySecurityScheme: { location: 'header', name: 'X-Api-Key' } },
        session: { apiKeySecurityScheme: { location: 'cookie', name: 'sid' } },
      },
      securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    },
  });
}

/** The credential values of a request, as the agent sees them. */
function credentialsOf(req: IncomingMessage): string[] {
  const out: string[] = [];
  const auth = req.headers.authorization;
  if (auth) out.push(auth.replace(/^Bearer\s+/i, ''));
  const key = req.headers['x-api-key'];
  if (typeof key === 'string') out.push(key);
  const cookie = req.headers.cookie;
  if (cookie) for (const pair of cookie.split(/;\s*/)) if (pair.startsWith('sid=')) out.push(pair.slice(4));
  return out;
}

/**
 * The credential quoted back in every form an agent can produce: as sent (with its prefix), bare, a prefix, split
 * in two, lower- and upper-cased, percent-encoded, JSON `\u` escapes, hex, and base64 and base64url of texts that
 * hold it at byte offsets 0, 1 and 2 (as after `Bearer `).
 */
export function echoForms(v: string): string[] {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const half = Math.ceil(v.length / 2);
  return [
    v,
    v.slice(0, 10),
    `${v.slice(0, half)} … ${v.slice(half)}`,
    v.toLowerCase(),
    v.toUpperCase(),
    encodeURIComponent(v),
    [...v].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    Buffer.from(v).toString('hex'),
    b64(v),
    b64(`x${v}`),
    b64(`xy${v}`),
    b64(`Bearer ${v}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  ];
}

function echoOf(req: IncomingMessage, values: readonly string[]): string {
  const sent = [req.headers.authorization, req.headers['x-api-key'], req.headers.cookie]
    .filter((v) => typeof v === 'string')
    .join(' | ');
  const forms = values.map((v) => echoForms(v).join(' / ')).join(' ; ');
  return `credential ${sent} is not allowed (${forms})`;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function rpcStatus(status: number, echo: string): Record<string, unknown> {
  return {
    error: {
      code: status,
      status:
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'PERMISSION_DENIED'
            : status === 400
              ? 'INVALID_ARGUMENT'
              : 'INTERNAL',
      message: echo,
      details: [
        {
          '@type': ERROR_INFO,
          reason: `BAD_CREDENTIAL ${echo}`,
          domain: 'a2a-protocol.org',
          metadata: { received: echo },
        },
      ],
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLeakAgent(): Promise<LeakAgent> {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then(
      (body) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const [, modeName, ...rest] = url.pathname.split('/');
        const mode = (LEAK_MODES as readonly string[]).includes(modeName ?? '') ? (modeName as LeakMode) : undefined;
        if (!mode) return send(res, 404, { error: { code: 404, message: 'no such mode' } });
        const base = `http://${req.headers.host}/${mode}`;
        const path = `/${rest.join('/')}`;
        if (path === '/.well-known/agent-card.json') return send(res, 200, leakCard(base, mode));
        const values = credentialsOf(req);
        received.push(...values);
        const echo = echoOf(req, values);
        if (mode === 'card-echo') {
          const card = leakCard(base, mode);
          const extended = {
            ...card,
            description: `Extended for ${echo}`,
            skills: [
              ...(card.skills as unknown[]),
              { id: 'admin', name: `Admin ${echo}`, description: echo, tags: ['admin'] },
            ],
          };
          if (path === '/rpc') {
            const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? 1;
            return send(res, 200, { jsonrpc: '2.0', id, result: extended });
          }
          return send(res, 200, extended);
        }
        if (mode === 'rpc-error' && path === '/rpc') {
          const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? 1;
          return send(res, 200, {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32603,
              message: echo,
              data: [
                {
                  '@type': ERROR_INFO,
                  reason: `BAD_CREDENTIAL ${echo}`,
                  domain: 'a2a-protocol.org',
                  metadata: { received: echo },
                },
                { '@type': 'type.googleapis.com/google.rpc.DebugInfo', detail: echo },
              ],
            },
          });
        }
        if (mode === 'rest-text-500') return send(res, 500, echo, 'text/plain');
        const status = Number(/-(\d{3})$/.exec(mode)?.[1] ?? 500);
        return send(res, status, rpcStatus(status, echo));
      },
      () => send(res, 500, 'read error', 'text/plain'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (mode) => `${origin}/${mode}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
