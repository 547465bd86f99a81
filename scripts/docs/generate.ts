/**
 * The parts of the documentation that are data elsewhere, written from that data: the settings table of README.md
 * (from package.json's contributes.configuration) and the rules table of docs/rules.md (from the rule catalog).
 * test/docs/generated.test.ts fails when a file drifts; regenerate with
 *   node --import tsx scripts/docs/generate.ts
 * Only the text between `<!-- generated:NAME … -->` and `<!-- /generated:NAME -->` is rewritten.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../server/src/core/rules/catalog';

const ROOT = join(__dirname, '..', '..');

interface SettingSpec {
  default?: unknown;
  markdownDescription?: string;
  description?: string;
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

export function settingsTable(pkg: {
  contributes: { configuration: { properties: Record<string, SettingSpec> } };
}): string {
  const rows = Object.entries(pkg.contributes.configuration.properties).map(([name, spec]) => {
    const value = spec.default;
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    return `| \`${name}\` | \`${cell(shown ?? '')}\` | ${cell(spec.markdownDescription ?? spec.description ?? '')} |`;
  });
  return ['| Setting | Default | What it does |', '|---|---|---|', ...rows].join('\n');
}

export function rulesTable(): string {
  const rows = RULES.map(
    (r) => `| [\`${r.id}\`](#${r.id}) | ${r.defaultSeverity} | ${r.appliesTo.join(', ')} | ${cell(r.title)} |`,
  );
  return ['| Rule | Default | Applies to | Finds |', '|---|---|---|---|', ...rows].join('\n');
}

/** `text` with the body of its generated block NAME replaced; the markers stay. */
export function withBlock(text: string, name: string, body: string): string {
  const open = new RegExp(`(<!-- generated:${name}\\b[^\\n]*-->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
  if (!open.test(text)) throw new Error(`no <!-- generated:${name} --> block`);
  return text.replace(open, (_m, start: string, end: string) => `${start}${body}\n${end}`);
}

/** Every generated file: its path and the text it should have now. */
export function generatedFiles(): { file: string; expected: string; actual: string }[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rules = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
  return [
    { file: 'README.md', actual: readme, expected: withBlock(readme, 'settings', settingsTable(pkg)) },
    { file: 'docs/rules.md', actual: rules, expected: withBlock(rules, 'rules', rulesTable()) },
  ];
}

if (require.main === module) {
  for (const { file, expected, actual } of generatedFiles()) {
    if (expected !== actual) writeFileSync(join(ROOT, file), expected);
    console.log(`${file}: ${expected === actual ? 'up to date' : 'rewritten'}`);
  }
}
