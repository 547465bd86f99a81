// The help texts are made from each command's flag table (server/src/cli/help.ts): a usage line names only flags
// the command parses, every flag it parses is in its usage lines and its overview lines, and a flag's own help
// paragraph is printed where the command's help places it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { COMMAND_NAMES, commandHelps } from '../../server/src/cli/commands';
import { commandHelpText, overviewLines, type CommandHelp, type UsageItem } from '../../server/src/cli/help';

function named(items: readonly UsageItem[]): string[] {
  return items.flatMap((item) =>
    typeof item === 'string'
      ? [item]
      : 'bare' in item
        ? [item.bare]
        : 'flag' in item
          ? [item.flag]
          : item.group.flatMap((alternative) => named(alternative)),
  );
}

describe('help texts from the flag tables', async () => {
  const helps = await commandHelps();
  it("every command of the table is its module's help name, in order", () => {
    assert.deepEqual(
      helps.map((h) => h.name),
      COMMAND_NAMES,
    );
  });
  for (const help of helps) {
    it(`${help.name}: its usage and overview lines name every flag it parses, and only those`, () => {
      const flags = Object.keys(help.spec.flags).sort();
      for (const layout of [help.usage, help.overview])
        assert.deepEqual([...new Set(named(layout.lines.flat()))].sort(), flags);
      assert.match(commandHelpText(help), new RegExp(`^Usage: a2acap ${help.name} `));
      assert.match(overviewLines(help), new RegExp(`^  a2acap ${help.name} `));
    });
  }

  const sample: CommandHelp = {
    name: 'sample',
    spec: {
      flags: {
        out: { type: 'string', value: 'FILE', help: '--out FILE: where it goes.' },
        all: { type: 'boolean' },
        tag: { type: 'string', multiple: true, value: 'T' },
      },
      positionals: { name: 'CARD', min: 1, max: 1 },
    },
    usage: { lines: [[{ group: [['out', 'all']] }], ['tag']] },
    overview: { lines: [[{ bare: 'out' }, 'all', { flag: 'tag', value: 'x,y' }]] },
    body: ['Does a thing.', { flagHelp: 'out' }],
  };

  it('renders flags, values, repeats, groups and continuation lines', () => {
    assert.equal(
      commandHelpText(sample),
      'Usage: a2acap sample CARD [--out FILE [--all]]\n                     [--tag T]...\nDoes a thing.\n--out FILE: where it goes.\n',
    );
    assert.equal(overviewLines(sample), '  a2acap sample CARD --out FILE [--all] [--tag x,y]...');
  });

  it('a help that names a flag the command does not parse, or a help line it does not have, fails loudly', () => {
    assert.throws(
      () => commandHelpText({ ...sample, usage: { lines: [['outt']] } }),
      /names --outt, which the command does not accept/,
    );
    assert.throws(() => commandHelpText({ ...sample, body: [{ flagHelp: 'all' }] }), /--all has no help of its own/);
  });
});
