/**
 * A REAL A2A 1.0 agent built with the official JavaScript SDK (@a2a-js/sdk 1.3.0 + express), started on
 * 127.0.0.1 port 0. JSON-RPC at /a2a/jsonrpc, HTTP+JSON at /a2a/rest, the card at the well-known path,
 * streaming, and an extended card behind a bearer token. With `grpc`, the same request handler is also served
 * over gRPC (the SDK's grpcService on @grpc/grpc-js) on its own port, listed as a GRPC interface.
 *
 * SDK behaviours handled here (facts sheet §3, §6, §9):
 * - its default well-known handler would serve ts-proto internals (`{"$case": …}` security schemes), so the
 *   card is served through AgentCard.toJSON (real ProtoJSON);
 * - with a STATIC extended card, an unauthenticated GetExtendedAgentCard answers with the public card
 *   (not an auth error): `extended: 'static'` reproduces that for the probe that compares skill sets;
 * - a request without A2A-Version is treated as 0.3 (our clients always send the header).
 */
import express from 'express';
import type { Request, Response } from 'express';
import { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
// The SDK ships ESM typings only; this project is CommonJS, so types come in with resolution-mode and values
// through dynamic import().
import type { AgentExecutor, ServerCallContext, User } from '@a2a-js/sdk/server' with { 'resolution-mode': 'import' };

export interface SdkAgentOptions {
  streaming?: boolean;
  /** static: one extended card, public card to anonymous callers (SDK quirk); per-user: a card per token; none: flag false; unconfigured: flag true, no card. */
  extended?: 'static' | 'per-user' | 'none' | 'unconfigured';
  /** Bearer tokens → user names. */
  tokens?: Record<string, string>;
  /** Interface order: which binding comes first. */
  preferred?: 'JSONRPC' | 'HTTP+JSON';
  /** Extra card members (merged over the defaults, ProtoJSON). */
  card?: Record<string, unknown>;
  /** Serve a well-known card whose capabilities.extendedAgentCard says this, whatever the agent does (a lie when it differs). */
  advertiseExtended?: boolean;
  /** Also serve gRPC: 'first' lists the GRPC interface before the HTTP ones, 'only' lists it alone. Its URL is a bare host:port. */
  grpc?: 'first' | 'only';
  /** protocolVersion of the HTTP interfaces (default "1.0"); the SDK accepts exactly the versions its card lists. */
  protocolVersion?: string;
  /** Treat every request as the card's version, whatever it sends (or omits): an agent that ignores the header. */
  ignoreVersion?: boolean;
  /** How the well-known card is served (default: application/json, public max-age=3600, an ETag honoured with 304). */
  cardServing?: CardServing;
  /** Serve over HTTPS under this host name (which the test resolves to 127.0.0.1); `hsts` is sent on every answer when set. */
  tls?: { cert: Buffer; key: Buffer; host: string; hsts?: string };
}

export interface CardServing {
  /** No ETag or Last-Modified. */
  noValidators?: boolean;
  /** Validators served, but a conditional request still gets 200 and the whole card. */
  ignoreConditional?: boolean;
  /** Last-Modified instead of ETag. */
  lastModified?: boolean;
  contentType?: string;
  /** null: no Cache-Control header. */
  cacheControl?: string | null;
}

export interface SdkAgent {
  url: string;
  jsonRpcUrl: string;
  restUrl: string;
  /** host:port of the gRPC interface, when served. */
  grpcUrl?: string;
  /** The public card as served (ProtoJSON). */
  card: Record<string, unknown>;
  close(): Promise<void>;
}

export const SDK_TOKENS = { alice: 'sdk-token-alice-abcdef', bob: 'sdk-token-bob-123456' } as const;

export function sdkPublicCard(base: string, opts: SdkAgentOptions = {}, grpcUrl?: string): Record<string, unknown> {
  const version = opts.protocolVersion ?? '1.0';
  const rpc = { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: version };
  const rest = { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: version };
  const grpc = grpcUrl ? [{ url: grpcUrl, protocolBinding: 'GRPC', protocolVersion: '1.0' }] : [];
  const http = opts.preferred === 'HTTP+JSON' ? [rest, rpc] : [rpc, rest];
  const extended = opts.extended ?? 'static';
  return {
    name: 'SDK Echo Agent',
    description: 'Echoes text back. Built with @a2a-js/sdk for tests.',
    version: '1.0.0',
    supportedInterfaces: opts.grpc === 'only' ? grpc : [...grpc, ...http],
    capabilities: {
      streaming: opts.streaming ?? true,
      pushNotifications: false,
      extendedAgentCard: extended !== 'none',
    },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', description: 'test token' } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes the text it is sent.', tags: ['echo', 'test'] }],
    ...opts.card,
  };
}

function extendedCard(publicCard: Record<string, unknown>, who: string): Record<string, unknown> {
  return {
    ...publicCard,
    skills: [
      ...(publicCard.skills as unknown[]),
      { id: `admin-${who}`, name: `Admin for ${who}`, description: 'Only for authenticated callers.', tags: ['admin'] },
    ],
  };
}

class TokenUser implements User {
  constructor(private readonly name: string) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.name;
  }
}

const echo = (AgentEvent: { message(m: never): never }): AgentExecutor => ({
  async execute(ctx, bus) {
    const text = ctx.userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
    bus.publish(
      AgentEvent.message({
        messageId: `reply-${ctx.taskId}`,
        contextId: ctx.contextId,
        taskId: '',
        role: 2 /* ROLE_AGENT */,
        parts: [
          {
            content: { $case: 'text', value: `echo: ${text}` },
            metadata: undefined,
            filename: '',
            mediaType: 'text/plain',
          },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      } as never),
    );
    bus.finished();
  },
  async cancelTask() {
    /* nothing long-running to cancel */
  },
});

export async function startSdkAgent(opts: SdkAgentOptions = {}): Promise<SdkAgent> {
  const { AgentCard } = await import('@a2a-js/sdk');
  const { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, UnauthenticatedUser } =
    await import('@a2a-js/sdk/server');
  const { jsonRpcHandler, restHandler } = await import('@a2a-js/sdk/server/express');
  const tokens: Record<string, string> = opts.tokens ?? { [SDK_TOKENS.alice]: 'alice', [SDK_TOKENS.bob]: 'bob' };
  const app = express();
  const tls = opts.tls;
  const server: Server = await new Promise((resolve) => {
    const s = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, app) : createHttpServer(app);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const base = tls ? `https://${tls.host}:${port}` : `http://127.0.0.1:${port}`;
  if (tls?.hsts)
    app.use((_req, res, next) => {
      res.setHeader('strict-transport-security', tls.hsts!);
      next();
    });
  if (opts.ignoreVersion)
    app.use((req, _res, next) => {
      req.headers['a2a-version'] = opts.protocolVersion ?? '1.0';
      next();
    });
  const grpcServer = opts.grpc ? await startGrpc() : undefined;
  const publicJson = sdkPublicCard(base, opts, grpcServer?.url);
  const publicCard = AgentCard.fromJSON(publicJson);
  const extended = opts.extended ?? 'static';
  const provider =
    extended === 'static'
      ? AgentCard.fromJSON(extendedCard(publicJson, 'anyone'))
      : extended === 'per-user'
        ? async (ctx: ServerCallContext) =>
            ctx.user?.isAuthenticated ? AgentCard.fromJSON(extendedCard(publicJson, ctx.user.userName)) : publicCard
        : undefined;
  const handler = new DefaultRequestHandler(
    publicCard,
    new InMemoryTaskStore(),
    echo(AgentEvent as never),
    undefined,
    undefined,
    undefined,
    provider,
  );
  const userBuilder = async (req: Request): Promise<User> => {
    const auth = req.header('authorization') ?? '';
    const name = auth.startsWith('Bearer ') ? tokens[auth.slice(7)] : undefined;
    return name ? new TokenUser(name) : new UnauthenticatedUser();
  };
  // Served through AgentCard.toJSON: the SDK's own handler would leak ts-proto `$case` shapes.
  const servedJson = AgentCard.toJSON(publicCard) as Record<string, unknown>;
  if (opts.advertiseExtended !== undefined) {
    servedJson.capabilities = {
      ...(servedJson.capabilities as Record<string, unknown>),
      extendedAgentCard: opts.advertiseExtended,
    };
  }
  const served = JSON.stringify(servedJson);
  app.get('/.well-known/agent-card.json', (req, res) => serveCard(req, res, served, opts.cardServing ?? {}));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder }));
  if (grpcServer) {
    const { grpcService, A2AService } = await import('@a2a-js/sdk/server/grpc');
    grpcServer.server.addService(
      A2AService,
      grpcService({
        requestHandler: handler,
        userBuilder: async (call) => {
          const auth = String(call.metadata.get('authorization')[0] ?? '');
          const name = auth.startsWith('Bearer ') ? tokens[auth.slice(7)] : undefined;
          return name ? new TokenUser(name) : new UnauthenticatedUser();
        },
      }),
    );
  }
  return {
    url: base,
    jsonRpcUrl: `${base}/a2a/jsonrpc`,
    restUrl: `${base}/a2a/rest`,
    ...(grpcServer ? { grpcUrl: grpcServer.url } : {}),
    card: JSON.parse(served) as Record<string, unknown>,
    close: async () => {
      grpcServer?.server.forceShutdown();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const CARD_MODIFIED = 'Tue, 01 Dec 2026 10:00:00 GMT';

function serveCard(req: Request, res: Response, served: string, how: CardServing): void {
  const etag = `W/"${Buffer.from(served).length}-${served.length % 997}"`;
  if (how.cacheControl !== null) res.setHeader('cache-control', how.cacheControl ?? 'public, max-age=3600');
  if (!how.noValidators) {
    if (how.lastModified) res.setHeader('last-modified', CARD_MODIFIED);
    else res.setHeader('etag', etag);
  }
  // Express would answer 304 on its own for a matching ETag: the fresh check is made here, so it can be switched off.
  const fresh =
    !how.noValidators &&
    !how.ignoreConditional &&
    (how.lastModified ? req.header('if-modified-since') === CARD_MODIFIED : req.header('if-none-match') === etag);
  if (fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('content-type', how.contentType ?? 'application/json; charset=utf-8');
  res.end(served);
}

/** A gRPC server on 127.0.0.1 port 0 (plaintext: loopback), services added by the caller. */
async function startGrpc(): Promise<{ server: import('@grpc/grpc-js').Server; url: string }> {
  const grpc = await import('@grpc/grpc-js');
  const server = new grpc.Server();
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  return { server, url: `127.0.0.1:${port}` };
}
