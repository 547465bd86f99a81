/**
 * `a2acap mcp` driven by the official MCP SDK client over stdio: the tool list (valid input schemas), and each tool
 * on the example cards, the example lockfile and the example pricing agent (loopback, with the launch allowance),
 * compared with what `a2acap compile`, `check --format json` and `pin` give for the same inputs.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { UNTRUSTED_NOTICE } from '../../server/src/mcp/envelope';
import type { HowToCallResult } from '../../server/src/mcp/tools/howToCall';
import { callJson, callTool, runCliSpawned, startMcp, type McpSession } from './helpers';
import { at, field } from '../at';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const TOOL_NAMES = ['a2a_check_lockfile', 'a2a_discover', 'a2a_how_to_call', 'a2a_lockfiles', 'a2a_pin', 'a2a_profile'];

let root: string;
let mcp: McpSession;
let agent: PricingAgent;

before(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'a2acap-mcp-')));
  cpSync(join(EXAMPLES, 'cards'), join(root, 'cards'), { recursive: true });
  cpSync(join(EXAMPLES, 'lockfiles'), join(root, 'lockfiles'), { recursive: true });
  // The root is a repository, so the CLI resolves the lockfiles' card paths inside the same root the server has.
  mkdirSync(join(root, '.git'));
  agent = await startPricingAgent();
  mcp = await startMcp(['--root', root, '--allow-network', 'loopback']);
});

after(async () => {
  await mcp?.close();
  await agent?.close();
  rmSync(root, { recursive: true, force: true });
});

/** `a2acap` run from the root, as a user would for the same inputs; the live checks get the same allowance. */
async function cli(args: string[]): Promise<{ code: number | null; json: unknown }> {
  const r = await runCliSpawned(args, root, { A2ACAP_ALLOW_NETWORK: 'loopback' });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

describe('a2acap mcp: tools/list', () => {
  it('lists the six tools, each with a valid JSON Schema for its input', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
    const ajv = new Ajv({ strict: true, strictRequired: true });
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.doesNotThrow(() => ajv.compile(tool.inputSchema), tool.name);
      assert.ok(tool.description && tool.description.length > 40, tool.name);
    }
  });
});

describe('a2acap mcp: example cards and lockfiles', () => {
  it('a2a_profile gives the profile `a2acap compile` gives, for every example card', async () => {
    for (const file of readdirSync(join(root, 'cards'))) {
      const source = `cards/${file}`;
      const got = await callJson<{
        source: string;
        profile: unknown;
        skills_total: number;
        untrusted: { notice: string };
      }>(mcp, 'a2a_profile', { source });
      const compiled = await cli(['compile', source]);
      assert.deepEqual(got.profile, compiled.json, file);
      assert.equal(got.source, source);
      assert.equal(got.untrusted.notice, UNTRUSTED_NOTICE);
    }
  });

  it('a2a_profile: lint errors and warnings that matter for calling, card text only in untrusted', async () => {
    const got = await callJson<{
      lint: { errors: number; findings: { code: string; severity: string }[] };
      untrusted: { agent: { name: string }; skills: Record<string, { description: string }> };
    }>(mcp, 'a2a_profile', { source: 'cards/broken-schema.agent-card.json' });
    const lint = await runCliSpawned(['lint', 'cards/broken-schema.agent-card.json', '--format', 'json'], root);
    const cliFindings = (JSON.parse(lint.stdout) as { findings: { code: string; severity: string }[] }).findings
      .filter((f) => f.severity === 'error' || f.severity === 'warning')
      .map((f) => f.code)
      .sort();
    assert.ok(got.lint.errors > 0);
    assert.deepEqual(got.lint.findings.map((f) => f.code).sort(), cliFindings);
    const good = await callJson<{ untrusted: { agent: { name: string }; skills: Record<string, { name: string }> } }>(
      mcp,
      'a2a_profile',
      { source: 'cards/good.agent-card.json', skill: 'plan-itinerary' },
    );
    const card = JSON.parse(readFileSync(join(root, 'cards/good.agent-card.json'), 'utf8')) as {
      name: string;
      skills: { id: string; name: string }[];
    };
    assert.equal(good.untrusted.agent.name, card.name);
    assert.deepEqual(Object.keys(good.untrusted.skills), ['plan-itinerary']);
    assert.equal(
      field(good.untrusted.skills, 'plan-itinerary').name,
      card.skills.find((s) => s.id === 'plan-itinerary')!.name,
    );
  });

  it('a2a_how_to_call says what to send, from the compiled profile', async () => {
    const compiled = (await cli(['compile', 'cards/good.agent-card.json'])).json as {
      interface: { url: string; binding: string; version: string; tenant: string | null };
      streaming: boolean;
      skills: Record<string, { input: string[]; output: string[]; security: Record<string, string[]>[] }>;
    };
    const got = await callJson<HowToCallResult>(mcp, 'a2a_how_to_call', {
      source: 'cards/good.agent-card.json',
      skill: 'book-trip',
    });
    assert.equal(got.endpoint, compiled.interface.url);
    assert.equal(got.binding, compiled.interface.binding);
    assert.equal(got.tenant, compiled.interface.tenant);
    assert.equal(got.headers['A2A-Version'], compiled.interface.version);
    assert.equal(got.request.operation, compiled.streaming ? 'SendStreamingMessage' : 'SendMessage');
    assert.deepEqual(got.input_media_types, field(compiled.skills, 'book-trip').input);
    assert.deepEqual(got.output_media_types, field(compiled.skills, 'book-trip').output);
    assert.equal(got.credentials.required, field(compiled.skills, 'book-trip').security.length > 0);
    assert.deepEqual(
      got.credentials.any_of.map((a) => Object.fromEntries(a.all_of.map((s) => [s.scheme, s.scopes]))),
      field(compiled.skills, 'book-trip').security,
    );
    const unknown = await callTool(mcp, 'a2a_how_to_call', {
      source: 'cards/good.agent-card.json',
      skill: 'no-such-skill',
    });
    assert.equal(unknown.isError, true);
    assert.equal(
      unknown.text,
      'a2a_how_to_call: the card has no usable skill "no-such-skill"; the card\'s 3 usable skill ids are listed under "untrusted"',
    );
    const listed = JSON.parse(unknown.untrusted ?? '{}') as { untrusted?: { skills: string[]; skills_total: number } };
    assert.equal(listed.untrusted?.skills_total, 3);
    assert.ok(listed.untrusted?.skills.includes('book-trip'));
  });

  it('a2a_check_lockfile answers what `a2acap check --format json` prints', async () => {
    const lock = 'lockfiles/travel.a2a-lock.json';
    const got = await callJson(mcp, 'a2a_check_lockfile', { lockfile: lock });
    const checked = await cli(['check', lock, '--live', '--format', 'json']);
    assert.deepEqual(got, checked.json);
  });

  it('a2a_lockfiles lists the lockfiles under the root with the last classification this server knows', async () => {
    const got = await callJson<{ lockfiles: Record<string, unknown>[]; total: number }>(mcp, 'a2a_lockfiles', {});
    const travel = got.lockfiles.find((l) => l.file === 'lockfiles/travel.a2a-lock.json');
    assert.ok(travel, JSON.stringify(got));
    assert.equal(travel.agent, '../cards/good.agent-card.json');
    assert.deepEqual(travel.skills, ['plan-itinerary', 'book-trip', 'render-itinerary']);
    const checked = (await cli(['check', 'lockfiles/travel.a2a-lock.json', '--live', '--format', 'json'])).json as {
      classification: string;
    };
    assert.equal(travel.last_classification, checked.classification);
  });
});

describe('a2acap mcp: the example pricing agent (loopback, --allow-network loopback)', () => {
  it('a2a_profile on the agent URL is `a2acap compile` of the card it serves', async () => {
    const served = await (await fetch(agent.cardUrl)).text();
    writeFileSync(join(root, 'served.agent-card.json'), served);
    const got = await callJson<{ source: string; profile: unknown }>(mcp, 'a2a_profile', { source: agent.url });
    assert.equal(got.source, agent.cardUrl);
    assert.deepEqual(got.profile, (await cli(['compile', 'served.agent-card.json'])).json);
  });

  it('a2a_pin returns what `a2acap pin` writes; write: true writes it; a2a_check_lockfile then matches `check --live`', async () => {
    const args = { source: agent.url, skills: ['itinerary-pricing'], streaming: true };
    const preview = await callJson<{
      untrusted: { lockfile_text: string };
      lockfile_text_complete: boolean;
      written: boolean;
    }>(mcp, 'a2a_pin', args);
    assert.deepEqual([preview.written, preview.lockfile_text_complete], [false, true]);
    const pinned = await runCliSpawned(['pin', agent.url, '--skill', 'itinerary-pricing', '--streaming'], root, {
      A2ACAP_ALLOW_NETWORK: 'loopback',
    });
    assert.equal(pinned.code, 0, pinned.stderr);
    const withoutTime = (text: string) => ({ ...JSON.parse(text), pinned_at: 'T' }) as Record<string, unknown>;
    assert.deepEqual(withoutTime(preview.untrusted.lockfile_text), withoutTime(pinned.stdout));

    const written = await callJson<{ written: boolean; file: string }>(mcp, 'a2a_pin', {
      ...args,
      lockfile: 'planner/pricing.a2a-lock.json',
      write: true,
    });
    assert.deepEqual([written.written, written.file], [true, 'planner/pricing.a2a-lock.json']);
    assert.deepEqual(
      withoutTime(readFileSync(join(root, 'planner/pricing.a2a-lock.json'), 'utf8')),
      withoutTime(pinned.stdout),
    );

    for (const version of ['base', 'no-streaming'] as const) {
      agent.setVersion(version);
      const got = await callJson<{ classification: string }>(mcp, 'a2a_check_lockfile', {
        lockfile: 'planner/pricing.a2a-lock.json',
        live: true,
      });
      assert.deepEqual(
        got,
        (await cli(['check', 'planner/pricing.a2a-lock.json', '--live', '--format', 'json'])).json,
        version,
      );
      assert.equal(got.classification, version === 'base' ? 'compatible' : 'breaking');
    }
    agent.setVersion('base');
  });

  it('a2a_check_lockfile without live does not fetch a pinned URL', async () => {
    const got = await callJson<{ classification: string; results: { error?: string }[] }>(mcp, 'a2a_check_lockfile', {
      lockfile: 'planner/pricing.a2a-lock.json',
    });
    assert.equal(got.classification, 'error');
    assert.match(at(got.results, 0).error!, /pass live: true/);
  });
});
