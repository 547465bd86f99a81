/**
 * `npm run generate`: every file (or part of one) that is data elsewhere, written from that data:
 *   docs/rules.md                        whole, from the rules (scripts/generate/rulesPage.ts)
 *   README.md                            the settings table, from package.json's contributes.configuration
 *   package.json                         the a2a.rules setting's per-rule properties, from the rule catalog
 *   schemas/a2a-config.schema.json       the project configuration's rules, from the rule catalog
 * `--check` writes nothing and exits 1 when a file is stale; test/repo/generated.test.ts runs the same comparison.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cell, rulesPage } from './rulesPage';
import { configSchemaWithRules, manifestWithRuleSettings } from './ruleSettings';

const ROOT = join(__dirname, '..', '..');

interface SettingSpec {
  default?: unknown;
  markdownDescription?: string;
  description?: string;
}

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

/** `text` with the body of its generated block NAME replaced; the markers stay. */
export function withBlock(text: string, name: string, body: string): string {
  const open = new RegExp(`(<!-- generated:${name}\\b[^\\n]*-->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
  if (!open.test(text)) throw new Error(`no <!-- generated:${name} --> block`);
  return text.replace(open, (_m, start: string, end: string) => `${start}${body}\n${end}`);
}

export interface GeneratedFile {
  /** Relative to the repository's root. */
  file: string;
  expected: string;
  actual: string;
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Every generated file: its path, its text now and the text it should have. In order: README's table reads package.json. */
export function generatedFiles(): GeneratedFile[] {
  const manifest = read('package.json');
  const expectedManifest = manifestWithRuleSettings(manifest);
  const readme = read('README.md');
  const schema = read('schemas/a2a-config.schema.json');
  return [
    { file: 'package.json', actual: manifest, expected: expectedManifest },
    { file: 'schemas/a2a-config.schema.json', actual: schema, expected: configSchemaWithRules(schema) },
    { file: 'docs/rules.md', actual: read('docs/rules.md'), expected: rulesPage() },
    {
      file: 'README.md',
      actual: readme,
      expected: withBlock(readme, 'settings', settingsTable(JSON.parse(expectedManifest))),
    },
  ];
}

/** Writes the stale files (or, with `check`, only names them); returns how many were stale. */
export function generate(check: boolean, log: (line: string) => void = console.log): number {
  let stale = 0;
  for (const { file, expected, actual } of generatedFiles()) {
    if (expected === actual) continue;
    stale++;
    if (!check) writeFileSync(join(ROOT, file), expected);
    log(`${file}: ${check ? 'stale (run npm run generate)' : 'rewritten'}`);
  }
  if (stale === 0) log('generated files: up to date');
  return stale;
}

if (require.main === module) {
  const check = process.argv.includes('--check');
  if (generate(check) > 0 && check) process.exitCode = 1;
}
