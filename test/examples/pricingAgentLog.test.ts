// The example agent as `npm run example:pricing` runs it: the probes send it requests it must refuse
// (A2A-Version 99.0, tasks that do not exist), and each refusal is one log line, never the SDK's stack trace.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { cli } from '../cli/helpers';
import { quietSdkRefusals, refusalLine } from '../../examples/pricing-agent/sdkLog';
import { at } from '../at';

const ROOT = join(__dirname, '..', '..');
let agent: ChildProcessWithoutNullStreams;
let url = '';
let stderr = '';

before(async () => {
  agent = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', 'pricing-agent', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
  });
  agent.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    agent.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = / on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) resolve(at(m, 1));
    });
    agent.once('exit', (code) => reject(new Error(`the agent exited (${code}): ${stderr}`)));
  });
});

after(() => {
  agent.kill('SIGTERM');
});

test('probing the example agent logs each refusal as one line, without a stack trace', async () => {
  const r = await cli(['probe', url], ROOT);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the agent's last log line
  const lines = stderr.split('\n').filter(Boolean);
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
  assert.ok(
    lines.some((l) => l.includes('VersionNotSupportedError (VERSION_NOT_SUPPORTED)')),
    stderr,
  );
  assert.ok(
    lines.some((l) => l.includes('TaskNotFoundError (TASK_NOT_FOUND)')),
    stderr,
  );
  for (const line of lines) assert.match(line, /^pricing agent: refused a request: \w+Error \([A-Z_]+\): /);
});

test('what is not a refusal is still logged in full', () => {
  const bug = new TypeError('x is undefined');
  assert.equal(refusalLine(['Unhandled error in JSON-RPC POST handler:', bug]), undefined);
  const logged: unknown[][] = [];
  const lines: string[] = [];
  const target = {
    error: (...args: unknown[]) => {
      logged.push(args);
    },
  };
  const restore = quietSdkRefusals(target, (l) => lines.push(l));
  target.error('Unhandled error:', bug);
  const refusal = Object.assign(new Error('Task not found: t-1\n  (detail)'), {
    name: 'TaskNotFoundError',
    reason: 'TASK_NOT_FOUND',
  });
  target.error('Pre-stream error for request 1:', refusal);
  restore();
  target.error('after restore', refusal);
  assert.deepEqual(logged, [
    ['Unhandled error:', bug],
    ['after restore', refusal],
  ]);
  assert.deepEqual(lines, [
    'pricing agent: refused a request: TaskNotFoundError (TASK_NOT_FOUND): Task not found: t-1 (detail)\n',
  ]);
});
