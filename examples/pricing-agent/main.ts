/**
 * `npm run example:pricing`: runs the pricing agent on 127.0.0.1 until interrupted.
 *   PORT                  listen port (default 41300)
 *   PRICING_CARD_VERSION  initial card: base | description | version | no-streaming | narrowed-input
 */
import { CARD_VERSIONS, isCardVersion } from './cards';
import { quietSdkRefusals } from './sdkLog';
import { startPricingAgent } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 41300);
  const requested = process.env.PRICING_CARD_VERSION ?? 'base';
  if (!isCardVersion(requested)) {
    process.stderr.write(`PRICING_CARD_VERSION must be one of: ${CARD_VERSIONS.join(', ')}\n`);
    process.exitCode = 2;
    return;
  }
  quietSdkRefusals();
  const agent = await startPricingAgent({ port, version: requested });
  process.stdout.write(`pricing agent (card '${agent.version()}') on ${agent.url}\n`);
  process.stdout.write(`  card:   ${agent.cardUrl}\n`);
  process.stdout.write(
    `  switch: curl -X POST -H 'content-type: application/json' -d '{"version":"no-streaming"}' ${agent.url}/admin/card-version\n`,
  );
  const stop = () => {
    void agent.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  process.stderr.write(`pricing agent: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
