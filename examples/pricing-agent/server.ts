/**
 * The example pricing agent: a real A2A 1.0 agent (@a2a-js/sdk + express) on loopback whose card can be
 * switched between the versions in cards.ts while it runs, so a lockfile check sees each change through
 * a real (conditional) fetch. Switch the card with `setVersion()` in-process, with the env var
 * PRICING_CARD_VERSION at start, or with `POST /admin/card-version {"version": "..."}` (`GET` says which is
 * served; on the loopback listener only, like everything else here).
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
// The SDK is an ES module and this repository is CommonJS: types come in with resolution-mode, values by import().
import type { AgentCard } from '@a2a-js/sdk' with { 'resolution-mode': 'import' };
import type { AgentExecutor } from '@a2a-js/sdk/server' with { 'resolution-mode': 'import' };
import { CARD_VERSIONS, type CardVersion, isCardVersion, pricingCard } from './cards';

export interface PricingAgent {
  /** Base URL, e.g. http://127.0.0.1:41300 */
  url: string;
  /** The well-known card URL: what a lockfile's `agent` points at. */
  cardUrl: string;
  version(): CardVersion;
  setVersion(version: CardVersion): void;
  close(): Promise<void>;
}

export interface PricingAgentOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  version?: CardVersion;
}

/** Answers every message with a fixed quote: the example is about the card, not about pricing. */
function quoteExecutor(
  AgentEvent: (typeof import('@a2a-js/sdk/server', { with: { 'resolution-mode': 'import' } }))['AgentEvent'],
): AgentExecutor {
  return {
    async execute(ctx, bus) {
      bus.publish(
        AgentEvent.message({
          messageId: `quote-${ctx.userMessage.messageId}`,
          contextId: ctx.contextId,
          taskId: '',
          role: 2, // ROLE_AGENT
          parts: [
            {
              content: { $case: 'data', value: { currency: 'EUR', total: 412.5 } },
              metadata: undefined,
              filename: '',
              mediaType: 'application/json',
            },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      bus.finished();
    },
    async cancelTask() {
      // quotes finish immediately; nothing to cancel
    },
  };
}

export async function startPricingAgent(options: PricingAgentOptions = {}): Promise<PricingAgent> {
  const { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } = await import('@a2a-js/sdk/server');
  const { UserBuilder, agentCardHandler, jsonRpcHandler } = await import('@a2a-js/sdk/server/express');
  const executor = quoteExecutor(AgentEvent);
  let current: CardVersion = options.version ?? 'base';
  const app = express();
  const taskStore = new InMemoryTaskStore();
  let baseUrl = '';
  // One request handler per card version, so capability gating (streaming) follows the served card.
  const handlers = new Map<CardVersion, express.RequestHandler>();
  const cardFor = (v: CardVersion) => pricingCard(baseUrl, v) as unknown as AgentCard;
  const rpcFor = (v: CardVersion): express.RequestHandler => {
    let h = handlers.get(v);
    if (!h) {
      const requestHandler = new DefaultRequestHandler(cardFor(v), taskStore, executor);
      h = jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication });
      handlers.set(v, h);
    }
    return h;
  };

  // What a person trying the walkthrough needs to see: the card served now, and how to ask for another one.
  app.get('/admin/card-version', (_req, res) => {
    res.json({ version: current, versions: CARD_VERSIONS });
  });
  app.post('/admin/card-version', express.json({ limit: '1kb' }), (req, res) => {
    const requested: unknown = req.body?.version;
    if (typeof requested !== 'string') {
      res.status(400).json({
        error: `send {"version": "<name>"} as JSON (content-type: application/json); names: ${CARD_VERSIONS.join(', ')}`,
      });
      return;
    }
    if (!isCardVersion(requested)) {
      res.status(400).json({
        error: `unknown card version ${JSON.stringify(requested.slice(0, 40))}; one of: ${CARD_VERSIONS.join(', ')}`,
      });
      return;
    }
    current = requested;
    res.json({ version: current });
  });
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: async () => cardFor(current) }));
  app.use('/a2a/jsonrpc', (req, res, next) => rpcFor(current)(req, res, next));

  // node:http directly: express 5's app.listen calls its callback on errors too (EADDRINUSE would look like success).
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    cardUrl: `${baseUrl}/.well-known/agent-card.json`,
    version: () => current,
    setVersion: (v) => {
      current = v;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
