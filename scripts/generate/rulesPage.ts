/**
 * docs/rules.md, written whole from the rules: the table from the catalog, then each rule's entry from its rule
 * unit (server/src/core/rules/<id>.ts; the rules without a check: rules/withoutCheck.ts), in catalog order.
 */
import { RULE_DOCS, RULES } from '../../server/src/core/rules/catalog';
import type { Markdown, RuleMeta } from '../../server/src/core/rules/context';

const INTRO = `# Rules

<!-- Generated from server/src/core/rules/ by \`npm run generate\`: edit a rule's \`docs\` there, not this page. -->

Every finding has a stable rule id: the diagnostic code, the settings key and the anchor below (an editor's diagnostic links here). Severities are
overridable per rule, including \`off\` (setting \`a2a.rules\`, e.g. \`{"unknown-field": "off"}\`; on the command line \`a2acap lint --rule unknown-field=off\` or \`--rules FILE\` with the same object). Rules that
explain a shape (legacy member, SDK wrapper, 0.3 requirement, \`provider.name\`, empty tags) replace the generic
\`schema\` error about the same place, so each problem is reported once.`;

/** A table cell: one line, pipes escaped. */
export const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

const text = (md: Markdown) => (typeof md === 'string' ? md : md.join('\n'));

export function rulesTable(): string {
  const rows = RULES.map(
    (r) => `| [\`${r.id}\`](#${r.id}) | ${r.defaultSeverity} | ${r.appliesTo.join(', ')} | ${cell(r.title)} |`,
  );
  return ['| Rule | Default | Applies to | Finds |', '|---|---|---|---|', ...rows].join('\n');
}

function ruleSection(meta: RuleMeta): string {
  const docs = RULE_DOCS.get(meta.id);
  if (!docs) throw new Error(`rule ${meta.id} has no docs entry`);
  const paragraphs = [
    `### ${meta.id}`,
    `Default severity: **${meta.defaultSeverity}**. ${text(docs.summary)}`,
    `Bad: ${text(docs.bad)}`,
    `Fix: ${text(docs.fix)}`,
    `Quick fix: ${text(docs.quickFix)}`,
  ];
  if (docs.more !== undefined) paragraphs.push(text(docs.more));
  return paragraphs.join('\n\n');
}

/** The whole of docs/rules.md. */
export function rulesPage(): string {
  return `${[INTRO, rulesTable(), ...RULES.map(ruleSection)].join('\n\n')}\n`;
}
