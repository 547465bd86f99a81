// `a2acap lint … | head -1`: when the reader of stdout goes away, the CLI stops quietly (no unhandled EPIPE,
// no stack trace), as other command-line tools do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

test('stdout closed after the first line: no stack trace on stderr', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-epipe-'));
  try {
    const card = JSON.parse(readFileSync(join(root, 'examples', 'cards', 'good.agent-card.json'), 'utf8'));
    // Thousands of findings: far more output than a pipe buffer holds.
    card.skills = Array.from({ length: 3000 }, (_, i) => ({
      id: `s${i}`,
      name: 'n',
      description: 'd',
      tags: ['t'],
      inputModes: ['not a media type'],
    }));
    writeFileSync(join(dir, 'many.json'), JSON.stringify(card));
    const child = spawn(process.execPath, [join(root, 'server', 'dist', 'cli.js'), 'lint', 'many.json'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, stderr);
    assert.notEqual(code, null, 'it exited by itself');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
