// `npm run demo`: the product, for real. Builds and packages the extension, installs what a real VS Code needs
// (first run only, cached in .cache/e2e/), starts code-server on 127.0.0.1 with the .vsix installed and the
// examples/ workspace open, prints the URL and stays up until Ctrl+C.
// Options: --port N (or A2A_DEMO_PORT; default: a free port), --no-build (reuse dist/a2a-capabilities.vsix).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchCodeServer } from './launch.js';
import { buildAndPackage } from './package.js';
import { repoRoot, vsixPath } from './paths.js';
import { ensureE2eToolchain } from './setup.js';
import { quietSdkRefusals } from '../../examples/pricing-agent/sdkLog.js';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server.js';

/** The example pricing agent the planner lockfile pins (examples/planner/pricing.a2a-lock.json → 127.0.0.1:41300). */
async function startExampleAgent(log: (l: string) => void): Promise<PricingAgent | undefined> {
  try {
    quietSdkRefusals();
    const agent = await startPricingAgent({ port: 41300 });
    log(`pricing agent (card '${agent.version()}') on ${agent.url}`);
    return agent;
  } catch (err) {
    // Port taken (an agent from `npm run example:pricing` may already be up): the demo still works without ours.
    log(
      `pricing agent not started (${err instanceof Error ? err.message : String(err)}); the planner lockfile checks against whatever serves 127.0.0.1:41300`,
    );
    return undefined;
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const log = (l: string) => console.log(`[demo] ${l}`);
  const portText = option('--port') ?? process.env.A2A_DEMO_PORT ?? '0';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got "${portText}"`);
  const toolchain = await ensureE2eToolchain(log);
  const vsix = process.argv.includes('--no-build') && existsSync(vsixPath) ? vsixPath : buildAndPackage(log);
  const agent = await startExampleAgent(log);
  const server = await launchCodeServer({ toolchain, vsix: [vsix], port, log });
  const url = server.workbenchUrl({ folder: join(repoRoot, 'examples') });
  console.log(`\n  A2A Capabilities demo is running: ${url}\n`);
  console.log('  Open it in a browser on this machine (over SSH: ssh -L <port>:127.0.0.1:<port> …). Try:');
  console.log('   - cards/broken-schema.agent-card.json: squiggles and the Problems panel (Ctrl+Shift+M)');
  console.log('   - cards/narrowed-modes.agent-card.json: hover the skill "summarize-pdf"');
  console.log('   - cards/legacy-0.3.agent-card.json: Ctrl+. on a problem → "Migrate … to A2A 1.0"');
  console.log('   - the "A2A Capabilities" view: the A2A icon in the activity bar');
  if (agent) {
    console.log(`   - planner/pricing.a2a-lock.json pins the pricing agent at ${agent.url}: change its card with`);
    console.log(
      `       curl -X POST -H 'content-type: application/json' -d '{"version":"narrowed-input"}' ${agent.url}/admin/card-version`,
    );
    console.log('     then run "A2A: Check Lockfiles Now" (F1) to see the breaking notification and diagnostic');
  }
  console.log('');
  console.log('  Ctrl+C stops it (and removes its temporary profile).');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log('stopping…');
  await server.close();
  await agent?.close();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`[demo] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
