// The library's API is documented where users look: every function server/src/api/index.ts exports has a doc
// comment with an example, every export has a section with a code example in docs/library.md, and the docs name
// nothing else. Every example there is a complete program: the package is packed (`npm run pack:cli`'s script)
// and installed into an empty project, each example is type-checked under `tsc --strict` against the packed
// declarations, then run with node against the example pricing agent on loopback (the documented
// `https://agent.example` becomes the agent's URL, and its network client is allowed loopback).
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as library from '../../server/src/api/index';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';

const ROOT = join(__dirname, '..', '..');
const source = readFileSync(join(ROOT, 'server/src/api/index.ts'), 'utf8');
const docs = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
const exported = Object.keys(library).sort();
const CLASSES = ['CanonicalizationError', 'NetError', 'ProfileUseError'];
const functions = exported.filter((name) => !CLASSES.includes(name));

test('the library exports functions and its error classes; each function has a doc comment with an example', () => {
  assert.ok(functions.length >= 12, exported.join(', '));
  for (const name of exported) assert.equal(typeof (library as Record<string, unknown>)[name], 'function', name);
  for (const name of CLASSES) {
    const Class = (library as unknown as Record<string, new (...args: never[]) => Error>)[name];
    assert.ok(Class && Class.prototype instanceof Error, `${name} is an Error class`);
  }
  for (const name of functions) {
    const comment = source.match(
      new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export (?:async )?function ${name}\\(`),
    );
    assert.ok(comment, `${name} has a doc comment`);
    assert.match(comment[1] ?? '', /@example /, `${name}'s doc comment has an example`);
  }
});

test('docs/library.md has a section with an example for every export, and none for anything else', () => {
  const sections = [...docs.matchAll(/^### (\w+)\n([\s\S]*?)(?=^##)/gm)];
  assert.deepEqual(sections.map((s) => s[1]).sort(), exported);
  for (const [, name = '', body = ''] of sections) {
    const signature = CLASSES.includes(name) ? `^\`class ${name} extends Error` : `^\`${name}\\(`;
    assert.match(body, new RegExp(signature, 'm'), `${name}: its signature`);
    assert.match(
      body,
      /```js\n[\s\S]*import \{[^}]*\} from 'a2acap';[\s\S]*```/,
      `${name}: an example importing from 'a2acap'`,
    );
  }
});

/** Each ```js block of docs/library.md, named after the section it is in ('intro' before the first). */
function examples(): { name: string; code: string }[] {
  const out: { name: string; code: string }[] = [];
  let section = 'intro';
  for (const m of docs.matchAll(/^### (\w+)$|^```js\n([\s\S]*?)^```$/gm)) {
    if (m[1]) section = m[1];
    else out.push({ name: `${String(out.length).padStart(2, '0')}-${section}`, code: m[2] ?? '' });
  }
  return out;
}

describe('every example in docs/library.md, against the packed package', () => {
  const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const TARBALL = join(ROOT, 'dist', `a2acap-${VERSION}.tgz`);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
    NO_UPDATE_NOTIFIER: '1',
  };
  let project: string;
  let agent: PricingAgent;

  before(async () => {
    const packed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.equal(packed.status, 0, packed.stderr);
    project = mkdtempSync(join(tmpdir(), 'a2acap-docs-'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'docs', private: true, type: 'module' }));
    copyFileSync(TARBALL, join(project, 'a2acap.tgz'));
    const npm = spawnSync('npm', ['install', './a2acap.tgz', '--offline', '--no-audit', '--no-fund'], {
      cwd: project,
      encoding: 'utf8',
      env,
      timeout: 180_000,
    });
    assert.equal(npm.status, 0, npm.stderr);
    agent = await startPricingAgent();
    // The files the examples read: the agent's card, a lockfile, two public keys.
    writeFileSync(join(project, 'agent-card.json'), await (await fetch(agent.cardUrl)).text());
    copyFileSync(join(ROOT, 'examples', 'planner', 'pricing.a2a-lock.json'), join(project, 'pricing.a2a-lock.json'));
    for (const file of ['agent-key.pem', 'old.pem']) {
      const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      writeFileSync(join(project, file), publicKey.export({ type: 'spki', format: 'pem' }));
    }
  });
  after(async () => {
    await agent?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('each compiles under tsc --strict against the package types', () => {
    const list = examples();
    assert.ok(list.length >= exported.length, `${list.length} examples`);
    for (const e of list) writeFileSync(join(project, `${e.name}.mts`), e.code);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        include: ['*.mts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });

  test('each runs to completion against the example agent on loopback', async () => {
    for (const e of examples()) {
      const code = e.code.includes('https://agent.example')
        ? e.code
            .replaceAll('https://agent.example', agent.url)
            .replaceAll('createNetworkClient()', "createNetworkClient({ allowNetwork: ['loopback'] })")
        : e.code;
      writeFileSync(join(project, `${e.name}.mjs`), code);
      const r = await runNode(project, `${e.name}.mjs`, {
        AGENT_TOKEN: 'example-token-0000',
        INSTALLATION_SECRET: 's',
      });
      assert.equal(r.code, 0, `${e.name}: exit ${r.code}\n${r.stderr}`);
    }
  });

  test('an unhandled NetError prints its name and message on one readable line, no minified line', async () => {
    writeFileSync(
      join(project, 'unhandled.mjs'),
      "import { createNetworkClient, fetchCard } from 'a2acap';\nawait fetchCard('http://127.0.0.1:1', { network: createNetworkClient() });\n",
    );
    const r = await runNode(project, 'unhandled.mjs');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^NetError: http:\/\/127\.0\.0\.1:1\/\.well-known\/agent-card\.json: refused: loopback/m);
    assert.match(r.stderr, /^ {4}at (?:async )?fetchCard \(/m, 'the stack names functions');
    const longest = Math.max(...r.stderr.split('\n').map((l) => l.length));
    assert.ok(longest < 400, `no line is minified code (longest: ${longest} characters)`);
  });
});

function runNode(
  cwd: string,
  file: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...extraEnv },
      timeout: 60_000,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.resume();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
