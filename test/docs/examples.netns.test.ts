/**
 * Every ```console block of README.md, CONTRIBUTING.md, docs/ and bench/README.md is run in a copy of the
 * repository's examples/ and test/fixtures/, with `a2acap` (and `npx a2acap`) being this build's CLI and the
 * example pricing agent on 127.0.0.1:41300 where a block asks for it, and its output must be what the block shows
 * (after the normalisations of consoleBlocks.ts). A netns test: in the loopback-only namespace the docs' port is this
 * run's own, so `npm run demo` on the same machine does not break it. `A2A_UPDATE_DOCS=1` writes the actual outputs into the files
 * instead, for a change that is meant (review the diff).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { isCardVersion } from '../../examples/pricing-agent/cards';
import { normalise, parseConsoleBlocks, renderBlock, type ConsoleBlock } from './consoleBlocks';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'server', 'dist', 'cli.js');
const UPDATE = process.env.A2A_UPDATE_DOCS === '1';
const PRICING_PORT = 41300;

export function documents(): string[] {
  const docs = existsSync(join(ROOT, 'docs'))
    ? readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`)
    : [];
  return ['README.md', 'CONTRIBUTING.md', 'bench/README.md', 'examples/README.md', ...docs.sort()].filter((f) =>
    existsSync(join(ROOT, f)),
  );
}

let work: string;
let agent: PricingAgent | undefined;

async function pricingAgent(): Promise<PricingAgent> {
  if (!agent) {
    try {
      agent = await startPricingAgent({ port: PRICING_PORT });
    } catch (err) {
      throw new Error(
        `the examples need the pricing agent on 127.0.0.1:${PRICING_PORT} (is 'npm run demo' or 'npm run example:pricing' running?): ${String(err)}`,
      );
    }
  }
  return agent;
}

function run(command: string, cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((done, fail) => {
    // As a reader's shell would have it after the walkthrough's set-up, without a card cache of earlier runs.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${join(work, '.bin')}:${process.env.PATH}`,
      NO_COLOR: '1',
      A2ACAP_ALLOW_NETWORK: 'loopback',
    };
    delete env.A2ACAP_CACHE_DIR;
    delete env.FORCE_COLOR;
    const child = spawn('sh', ['-c', `exec 2>&1; ${command}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, output });
    });
  });
}

/** Runs the block's commands in order; returns each one's output lines. */
async function runBlock(block: ConsoleBlock): Promise<string[][]> {
  if (block.options.agent === 'pricing') {
    const card = block.options.card ?? 'base';
    assert.ok(isCardVersion(card), `${block.file}:${block.line}: unknown card version ${card}`);
    (await pricingAgent()).setVersion(card);
  }
  let cwd = resolve(work, block.options.cwd ?? '.');
  let last = 0;
  const outputs: string[][] = [];
  for (const step of block.steps) {
    const command = step.command.replace(/(^|[;&|]\s*)npx a2acap\b/g, '$1a2acap');
    let text: string;
    if (command === 'echo $?') text = `${last}\n`;
    else if (/^cd \S+$/.test(command)) {
      cwd = resolve(cwd, command.slice(3));
      assert.ok(existsSync(cwd), `${block.file}:${block.line}: ${command}: no such directory in the copy`);
      text = '';
    } else {
      const r = await run(command, cwd);
      last = r.code;
      text = normalise(r.output);
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    outputs.push(lines);
  }
  return outputs;
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'a2a-doc-examples-'));
  cpSync(join(ROOT, 'examples'), join(work, 'examples'), { recursive: true });
  cpSync(join(ROOT, 'test', 'fixtures'), join(work, 'test', 'fixtures'), { recursive: true });
  cpSync(join(ROOT, 'test', 'cli', 'fixtures'), join(work, 'test', 'cli', 'fixtures'), { recursive: true });
  // A repository of its own: what the product resolves "inside the repository" resolves inside this copy.
  assert.equal(spawnSync('git', ['init', '-q'], { cwd: work }).status, 0, 'git init');
  const bin = join(work, '.bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'a2acap'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
  );
  chmodSync(join(bin, 'a2acap'), 0o755);
});

after(async () => {
  await agent?.close();
  rmSync(work, { recursive: true, force: true });
});

describe(
  "the documents' console examples print what they show",
  { skip: !existsSync(CLI) && 'run npm run build first' },
  () => {
    for (const file of documents()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const blocks = parseConsoleBlocks(file, text);
      if (!blocks.length) continue;
      it(file, async () => {
        const lines = text.split('\n');
        const failures: string[] = [];
        // From the last block up, so that rewriting one (update mode) does not move the ones still to do.
        const results: { block: ConsoleBlock; actual: string[] }[] = [];
        for (const block of blocks) results.push({ block, actual: renderBlock(block, await runBlock(block)) });
        for (const { block, actual } of results.reverse()) {
          const shown = lines.slice(block.start, block.end);
          if (actual.join('\n') === shown.join('\n')) continue;
          if (UPDATE) lines.splice(block.start, block.end - block.start, ...actual);
          else
            failures.push(`${file}:${block.line}:\n--- shown\n${shown.join('\n')}\n+++ printed\n${actual.join('\n')}`);
        }
        if (UPDATE) writeFileSync(join(ROOT, file), lines.join('\n'));
        assert.deepEqual(
          failures,
          [],
          `examples that print something else (A2A_UPDATE_DOCS=1 rewrites them):\n${failures.join('\n\n')}`,
        );
      });
    }
  },
);
