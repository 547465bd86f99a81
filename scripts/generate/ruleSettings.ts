/**
 * The rule settings, from the rule catalog: package.json's
 * `contributes.configuration.properties["a2a.rules"].properties` and the `rules` member of
 * schemas/a2a-config.schema.json. Only those members change; the rest of each file keeps its content and order.
 */
import { RULES, ruleDocsUrl } from '../../server/src/core/rules/catalog';

const SEVERITY_SETTINGS = ['error', 'warning', 'info', 'hint', 'off'];

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** package.json with the a2a.rules setting's per-rule properties written from the catalog. */
export function manifestWithRuleSettings(manifest: string): string {
  const pkg = JSON.parse(manifest);
  pkg.contributes.configuration.properties['a2a.rules'].properties = Object.fromEntries(
    RULES.map((r) => [
      r.id,
      {
        type: 'string',
        enum: SEVERITY_SETTINGS,
        default: r.defaultSeverity,
        markdownDescription: `${r.title}. Default: \`${r.defaultSeverity}\`. [Docs](${ruleDocsUrl(r.id)})`,
      },
    ]),
  );
  return json(pkg);
}

/** The project configuration's schema with its "rules" member written from the catalog: the same ids and severities. */
export function configSchemaWithRules(schemaText: string): string {
  const schema = JSON.parse(schemaText);
  schema.properties.rules.properties = Object.fromEntries(
    RULES.map((r) => [r.id, { enum: SEVERITY_SETTINGS, description: `${r.title}. Default: ${r.defaultSeverity}.` }]),
  );
  return json(schema);
}
