/**
 * The language server in a second, real editor: headless Neovim (Debian's package) with the configuration
 * docs/editors.md gives (test/editors/neovim/init.lua: `a2a-language-server --stdio` for *.agent-card.json,
 * agent-card.json, agent.json and *.a2a-lock.json, a rule severity in its settings). A Lua script
 * (neovim/test.lua) opens the files, waits for diagnostics, asks for a hover on a skill and applies a quick fix,
 * and writes what it saw to a JSON file read here. `a2a-language-server` on PATH is the bin of the npm package
 * installed from the packed tarball (test/package/tarball.test.ts runs this scenario there), as a user has it.
 * Without nvim the scenario is skipped, except in CI (CI=true), where .ci/run installs it and its absence fails.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { tempDir } from '../cli/helpers';
import { field } from '../at';

const REPO = join(__dirname, '..', '..');
const HERE = join(__dirname, 'neovim');
/** Each wait inside Neovim (attach, diagnostics, a request) is bounded by this; the whole run by NVIM_LIMIT_MS. */
const WAIT_MS = 20_000;
const NVIM_LIMIT_MS = 120_000;

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const nvimVersion = nvim.status === 0 ? /NVIM v(\S+)/.exec(nvim.stdout)?.[1] : undefined;
export const skipNeovim =
  !nvimVersion && process.env.CI !== 'true'
    ? 'nvim is not installed (apt-get install neovim; .ci/run installs it): the Neovim test needs a real Neovim'
    : false;

interface Diag {
  code: string;
  severity: number;
  line: number;
  message: string;
}
interface NvimResult {
  version: { major: number; minor: number };
  files: Record<string, { attached: boolean; diagnostics: Diag[] }>;
  steps: string[];
  attached?: boolean;
  diagnosed?: boolean;
  diagnostics?: Diag[];
  hover?: string;
  actions?: string[];
  applied?: string;
  cleared?: boolean;
  text?: string;
  error?: string;
}

function runNvim(dir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      'nvim',
      ['--headless', '-u', join(HERE, 'init.lua'), '-c', `luafile ${join(HERE, 'test.lua')}`],
      { cwd: dir, env },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d;
    });
    // Bounded: a Neovim that does not quit (a wait that never ends, a prompt) is killed and the test fails.
    const limit = setTimeout(() => {
      output += `\n(killed after ${NVIM_LIMIT_MS} ms)`;
      child.kill('SIGKILL');
    }, NVIM_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

/**
 * Neovim with docs/editors.md's configuration, `a2a-language-server` found on PATH in `bin`: diagnostics with
 * their code, a hover on a skill and a quick fix applied.
 */
export async function neovimScenario(t: TestContext, bin: string): Promise<void> {
  assert.ok(nvimVersion, "CI=true: nvim must be installed (.ci/run installs Debian's neovim)");
  assert.ok(existsSync(join(bin, 'a2a-language-server')), `no a2a-language-server in ${bin}`);
  const dir = tempDir(t, 'a2a-nvim-');
  const card = join(__dirname, 'fixtures', 'travel.agent-card.json');
  for (const name of ['travel.agent-card.json', 'agent-card.json', 'agent.json']) copyFileSync(card, join(dir, name));
  const lock = readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8').replace(
    /"pinned_at": "[^"]*"/,
    '"pinned_at": "yesterday"',
  );
  writeFileSync(join(dir, 'broken.a2a-lock.json'), lock);
  const resultFile = join(dir, 'result.json');

  const run = await runNvim(dir, {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    // No user configuration, plugins or shada: only init.lua.
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    A2A_NVIM_DIR: dir,
    A2A_NVIM_RESULT: resultFile,
    A2A_NVIM_TIMEOUT: String(WAIT_MS),
  });
  assert.equal(run.code, 0, run.output);
  assert.ok(existsSync(resultFile), `the Lua script wrote no result: ${run.output}`);
  const r = JSON.parse(readFileSync(resultFile, 'utf8')) as NvimResult;
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.steps, ['files', 'diagnostics', 'hover', 'quickfix']);

  // Every configured file name starts the server, which diagnoses it.
  for (const [name, code] of [
    ['agent-card.json', 'unknown-field'],
    ['agent.json', 'unknown-field'],
    ['broken.a2a-lock.json', 'invalid-pinned-at'],
  ] as const) {
    assert.equal(r.files[name]?.attached, true, `${name}: the server is attached`);
    assert.ok(
      field(r.files, name).diagnostics.some((d) => d.code === code),
      `${name}: ${JSON.stringify(r.files[name])}`,
    );
  }
  // The defect, with its rule as the code, at the member's line, as an error: the settings' rules were read.
  assert.equal(r.attached, true);
  assert.equal(r.diagnosed, true, JSON.stringify(r.diagnostics));
  const typo = r.diagnostics!.find((d) => d.code === 'unknown-field')!;
  assert.equal(typo.severity, 1, 'a2a.rules from the editor settings: unknown-field=error');
  assert.equal(
    readFileSync(card, 'utf8').split('\n')[typo.line],
    '  "documentationUrll": "https://travel.example.com/docs/a2a",',
  );
  assert.match(typo.message, /Did you mean "documentationUrl"\?/);
  // The hover on a skill id is its compiled profile.
  assert.match(r.hover ?? '', /\*\*Skill plan\\-itinerary\*\*: compiled profile/);
  assert.match(r.hover ?? '', /\*\*Input\*\*: text\\\/plain/);
  // The quick fix, applied by the editor from the server's WorkspaceEdit; the diagnostic then goes away.
  // Beside the fixes, every diagnostic offers "Ignore here, with a reason", which writes .a2a/config.json.
  assert.deepEqual(r.actions, [
    'Rename to "documentationUrl"',
    'Remove "documentationUrll"',
    'Ignore here, with a reason (.a2a/config.json)',
  ]);
  assert.equal(r.applied, 'Rename to "documentationUrl"');
  assert.equal(r.cleared, true);
  const fixed = JSON.parse(r.text!) as Record<string, unknown>;
  assert.equal(fixed.documentationUrl, 'https://travel.example.com/docs/a2a');
  assert.ok(!('documentationUrll' in fixed));
}

/** The Lua configuration docs/editors.md shows, and the one the scenario runs. */
export function neovimConfigs(): { shown: string | undefined; tested: string } {
  const doc = readFileSync(join(REPO, 'docs', 'editors.md'), 'utf8');
  const shown = /## Neovim \(tested\)[\s\S]*?```lua\n([\s\S]*?)```/.exec(doc)?.[1];
  return { shown, tested: readFileSync(join(HERE, 'init.lua'), 'utf8').replace(/^(--.*\n)+/, '') };
}
