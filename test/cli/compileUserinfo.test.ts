// `a2acap compile` prints what orchestrators and planning models read: a card's interface URL keeps its userinfo
// password out of the text and JSON output (the author sees secrets-in-card from lint).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { run as compile } from '../../server/src/cli/commands/compile';
import { runCliInProcess } from '../cliRunner';

const root = join(__dirname, '..', '..');
const card = join(root, 'test', 'fixtures', 'redact', 'userinfo-interfaces.card.json');
const PASSWORDS = JSON.parse(
  readFileSync(join(root, 'test', 'fixtures', 'redact', 'userinfo-interfaces.passwords.json'), 'utf8'),
) as string[];

async function compiled(format: 'json' | 'text'): Promise<{ code: number; out: string }> {
  const r = await runCliInProcess([card, '--format', format], { cwd: root, command: compile });
  return { code: r.code, out: r.output };
}

for (const format of ['json', 'text'] as const) {
  test(`compile --format ${format}: the interface URL without its userinfo, no password anywhere`, async () => {
    const { code, out } = await compiled(format);
    assert.equal(code, 0, out);
    for (const password of PASSWORDS) assert.ok(!out.includes(password), `${password} printed:\n${out}`);
    assert.doesNotMatch(out, /caller|ops:|grpc:/);
    assert.match(out, /https:\/\/pricing\.example\.com\/a2a/);
  });
}
