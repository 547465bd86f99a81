/**
 * Regenerates package.json `contributes.configuration.properties["a2a.rules"].properties` and the `rules` member of
 * schemas/a2a-config.schema.json from the rule catalog (server/src/core/rules/catalog.ts).
 * test/lsp/manifest.test.ts fails when they drift; run:
 *   node --import tsx test/lsp/tools/syncRuleSettings.ts
 * Only that one property is rewritten; the rest of package.json keeps its content and order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES, ruleDocsUrl } from '../../../server/src/core/rules/catalog';

const file = join(__dirname, '..', '..', '..', 'package.json');
const pkg = JSON.parse(readFileSync(file, 'utf8'));
const properties: Record<string, unknown> = {};
for (const r of RULES) {
  properties[r.id] = {
    type: 'string',
    enum: ['error', 'warning', 'info', 'hint', 'off'],
    default: r.defaultSeverity,
    markdownDescription: `${r.title}. Default: \`${r.defaultSeverity}\`. [Docs](${ruleDocsUrl(r.id)})`,
  };
}
pkg.contributes.configuration.properties['a2a.rules'].properties = properties;
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`a2a.rules: ${RULES.length} rules`);

// The project configuration's "rules" member (schemas/a2a-config.schema.json): the same ids and severities.
const schemaFile = join(__dirname, '..', '..', '..', 'schemas', 'a2a-config.schema.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
schema.properties.rules.properties = Object.fromEntries(
  RULES.map((r) => [
    r.id,
    {
      enum: ['error', 'warning', 'info', 'hint', 'off'],
      description: `${r.title}. Default: ${r.defaultSeverity}.`,
    },
  ]),
);
writeFileSync(schemaFile, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`a2a-config.schema.json rules: ${RULES.length} rules`);
