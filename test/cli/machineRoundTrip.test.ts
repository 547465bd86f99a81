// Machine-readable outputs keep every value recoverable: a skill id, a member name or a URL holding a hidden or
// bidi character comes back from JSON.parse exactly as the card wrote it (a consumer calling that id calls that
// id), while the raw text holds only the escape, never the character itself. Every format: compile, lint and check
// JSON, SARIF and Code Quality, and the lockfile `pin` writes.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hasHiddenCharacters } from '../../server/src/core/text/hiddenCharacters';
import { cli, tempDir } from './helpers';

const PLANTED: Record<string, string> = {
  'U+200B': '\u200b',
  'U+202E': '\u202e',
  'U+2066': '\u2066',
  'U+E0041': '\u{E0041}',
  'lone surrogate': '\ud800',
};

const URL_BASE = 'https://travel.example.com/a2a/';

function plantedCard(ch: string): Record<string, unknown> {
  const card = JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'),
  ) as Record<string, unknown> & { skills: Record<string, unknown>[]; supportedInterfaces: { url: string }[] };
  card.skills[0]!.id = `plan${ch}`;
  card.skills[0]!.name = `Plan${ch}`;
  for (const i of card.supportedInterfaces) i.url = `${URL_BASE}${ch}rpc`;
  card[`x-note${ch}`] = 'a member named with a hidden character';
  return card;
}

/** Results' pointers in a SARIF log. */
function sarifPointers(log: {
  runs: { results: { locations: { logicalLocations?: { fullyQualifiedName: string }[] }[] }[] }[];
}) {
  return log.runs.flatMap((r) =>
    r.results.flatMap((x) => x.locations.flatMap((l) => (l.logicalLocations ?? []).map((q) => q.fullyQualifiedName))),
  );
}

function machineText(name: string, text: string): unknown {
  assert.ok(text.length > 0, `${name} printed something`);
  assert.ok(!hasHiddenCharacters(text), `${name}: a raw hidden character in the output:\n${text.slice(0, 2000)}`);
  return JSON.parse(text);
}

for (const [label, ch] of Object.entries(PLANTED)) {
  describe(`machine-readable outputs give back a value holding ${label}`, () => {
    const setup = (t: Parameters<typeof tempDir>[0]) => {
      const dir = tempDir(t, 'a2a-roundtrip-');
      writeFileSync(join(dir, 'agent-card.json'), JSON.stringify(plantedCard(ch), null, 2));
      writeFileSync(
        join(dir, 'a2a-lock.json'),
        JSON.stringify(
          {
            agent: './agent-card.json',
            pinned_at: '2026-11-01T00:00:00Z',
            card_digest: `sha256:${'0'.repeat(64)}`,
            requires: { skills: { [`gone${ch}`]: { input: ['text/plain'] } } },
          },
          null,
          2,
        ),
      );
      return dir;
    };

    it('compile --format json: the skill id and the interface URL', async (t) => {
      const r = await cli(['compile', '--format', 'json', 'agent-card.json'], setup(t));
      const profile = machineText('compile json', r.stdout) as { skills: object; interface: { url: string } };
      assert.ok(Object.keys(profile.skills).includes(`plan${ch}`), Object.keys(profile.skills).join(', '));
      assert.equal(profile.interface.url, `${URL_BASE}${ch}rpc`);
    });

    it('lint --format json, sarif and codequality: the member name in the pointer', async (t) => {
      const dir = setup(t);
      const json = machineText('lint json', (await cli(['lint', '--format', 'json', 'agent-card.json'], dir)).stdout);
      assert.ok((json as { findings: { pointer: string }[] }).findings.some((f) => f.pointer === `/x-note${ch}`));
      const sarif = machineText(
        'lint sarif',
        (await cli(['lint', '--format', 'sarif', 'agent-card.json'], dir)).stdout,
      );
      assert.ok(sarifPointers(sarif as Parameters<typeof sarifPointers>[0]).includes(`/x-note${ch}`));
      machineText('lint codequality', (await cli(['lint', '--format', 'codequality', 'agent-card.json'], dir)).stdout);
    });

    it('check --format json, sarif and codequality: the pinned skill id in the pointer', async (t) => {
      const dir = setup(t);
      const args = ['--card', 'agent-card.json', 'a2a-lock.json'];
      const json = machineText('check json', (await cli(['check', '--format', 'json', ...args], dir)).stdout) as {
        problems: { pointer: string }[];
      };
      assert.ok(
        json.problems.some((p) => p.pointer === `/requires/skills/gone${ch}`),
        JSON.stringify(json.problems),
      );
      const sarif = machineText('check sarif', (await cli(['check', '--format', 'sarif', ...args], dir)).stdout);
      assert.ok(sarifPointers(sarif as Parameters<typeof sarifPointers>[0]).includes(`/requires/skills/gone${ch}`));
      machineText('check codequality', (await cli(['check', '--format', 'codequality', ...args], dir)).stdout);
    });

    it('pin: the lockfile names the skill exactly', async (t) => {
      const dir = setup(t);
      const r = await cli(['pin', 'agent-card.json', '--skill', `plan${ch}`], dir);
      assert.equal(r.code, 0, r.stderr);
      const lock = machineText('pin', r.stdout) as { requires: { skills: object } };
      assert.deepEqual(Object.keys(lock.requires.skills), [`plan${ch}`]);
    });
  });
}
