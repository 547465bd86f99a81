// Card, lockfile, configuration and server text never reaches the terminal raw: every command that quotes it
// (in results, diffs, probe names or one-line errors) shows control, bidi and escape characters escaped.
// Each case is a hostile input found by an audit that used to set the terminal title, colours or a hyperlink.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

/** OSC title, SGR colour, OSC 8 hyperlink, BEL, CR, bidi override, C1 CSI. */
const EVIL = '\u001b]0;PWNED\u0007\u001b[31mRED\u001b]8;;https://evil.example/\u0007link\r\u202eevil\u009b31m';
/** The same without '/', for file names. */
const EVIL_NAME = '\u001b]0;PWNED\u0007\u001b[31mRED\r\u202eevil\u009b31m';
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const good = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'));

let server: Server;
let base = '';
before(async () => {
  // A card whose required extension's URI carries the escapes (valid: lint has no complaint about a URN).
  const card = JSON.stringify({ ...good(), capabilities: { extensions: [{ uri: `urn:x${EVIL}`, required: true }] } });
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(card);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

interface Case {
  name: string;
  /** Writes the files of the case into `dir`; returns the argv. */
  setup: (dir: string) => string[] | Promise<string[]>;
  /** What the escaped text must still show (the message is not just dropped). */
  shows: RegExp;
}

const cases: Case[] = [
  {
    name: "compile: JSON.parse's message no longer quotes the input",
    setup: (dir) => {
      writeFileSync(join(dir, 'deep.json'), `${'['.repeat(100_000)}${EVIL}`);
      return ['compile', 'deep.json'];
    },
    shows: /Unexpected token '\\u001b'/,
  },
  {
    name: "update: a corrupt lockfile's pointer names a hostile skill id",
    setup: (dir) => {
      writeFileSync(
        join(dir, 'esc.a2a-lock.json'),
        JSON.stringify({
          agent: 'card.json',
          pinned_at: '2026-10-02',
          card_digest: `sha256:${'AB'.repeat(32)}`,
          requires: { skills: { [`s${EVIL}`]: 5 } },
        }),
      );
      return ['update', 'esc.a2a-lock.json'];
    },
    shows: /corrupt lockfile: \/requires\/skills\/s\\u001b/,
  },
  {
    name: 'update: a lockfile whose agent path holds escapes',
    setup: (dir) => {
      writeFileSync(
        join(dir, 'esc.a2a-lock.json'),
        JSON.stringify({
          agent: `card${EVIL}.json`,
          pinned_at: '2026-10-02',
          card_digest: `sha256:${'AB'.repeat(32)}`,
          requires: {},
        }),
      );
      return ['update', 'esc.a2a-lock.json'];
    },
    shows: /card\\u001b.*cannot read the card/,
  },
  {
    name: 'pin: a required extension the client does not know',
    setup: (dir) => {
      writeFileSync(
        join(dir, 'card.json'),
        JSON.stringify({ ...good(), capabilities: { extensions: [{ uri: `urn:req${EVIL}`, required: true }] } }),
      );
      return ['pin', 'card.json', '--skill', 'plan-itinerary'];
    },
    shows: /urn:req\\u001b/,
  },
  {
    name: 'compile: an unknown member of the project configuration',
    setup: (dir) => {
      mkdirSync(join(dir, '.a2a'));
      writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ [`x${EVIL}`]: 1 }));
      writeFileSync(join(dir, 'card.json'), JSON.stringify(good()));
      return ['compile', 'card.json'];
    },
    shows: /\/x\\u001b.*unknown member/,
  },
  {
    name: 'lint: a file name with escapes in its findings',
    setup: (dir) => {
      writeFileSync(join(dir, `evil${EVIL_NAME}.agent-card.json`), '{');
      return ['lint', `evil${EVIL_NAME}.agent-card.json`];
    },
    shows: /evil\\u001b.*agent-card\.json:1:/,
  },
  {
    name: 'update: the diff and the refusal name a skill the card no longer offers',
    setup: async (dir) => {
      const skill = `gone${EVIL}`;
      const card = good();
      card.skills = [
        ...(card.skills as Record<string, unknown>[]),
        { id: skill, name: 'Gone', description: 'Soon gone.', tags: ['x'] },
      ];
      writeFileSync(join(dir, 'card.json'), JSON.stringify(card));
      const pinned = await cli(['pin', 'card.json', '--skill', skill, '--out', 'gone.a2a-lock.json'], dir);
      assert.equal(pinned.code, 0, pinned.stderr);
      writeFileSync(join(dir, 'card.json'), JSON.stringify(good()));
      return ['update', 'gone.a2a-lock.json'];
    },
    shows: /gone\\u001b/,
  },
  {
    name: 'probe: a probe named after a required extension',
    setup: () => ['probe', base, '--min-interval', '0', '--timeout', '2000'],
    shows: /required-extension:urn:x\\u001b/,
  },
];

describe('hostile text is escaped on the terminal', () => {
  for (const c of cases) {
    it(c.name, async (t) => {
      const dir = tempDir(t);
      const argv = await c.setup(dir);
      const r = await cli(argv, dir);
      const out = r.stdout + r.stderr;
      assert.doesNotMatch(out, RAW, `raw control characters in: ${JSON.stringify(out)}`);
      assert.match(out, c.shows);
    });
  }
});
