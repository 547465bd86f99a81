/** package.json contributions agree with the code: rule catalog, settings contract, command table. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { COMMAND_IDS, COMMAND_TITLES } from '../../client/src/commands/table';
import { RULES } from '../../server/src/core/rules/catalog';
import { DEFAULT_SETTINGS } from '../../server/src/protocol';
import { normalizeSettings, parseBindings } from '../../server/src/app/document/settings';
import { at, field } from '../at';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const props = pkg.contributes.configuration.properties as Record<
  string,
  { default?: unknown; properties?: Record<string, { default: unknown; enum: string[] }> }
>;

test('a2a.rules lists exactly the rules of the catalog, with their default severities', () => {
  const listed = field(props, 'a2a.rules').properties!;
  assert.deepEqual(Object.keys(listed).sort(), RULES.map((r) => r.id).sort(), 'run: npm run generate');
  for (const r of RULES) {
    assert.equal(field(listed, r.id).default, r.defaultSeverity, r.id);
    assert.deepEqual(field(listed, r.id).enum, ['error', 'warning', 'info', 'hint', 'off']);
  }
});

test('the project configuration schema lists exactly the rules of the catalog', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'a2a-config.schema.json'), 'utf8'));
  const listed = schema.properties.rules.properties as Record<string, { enum: string[] }>;
  assert.deepEqual(Object.keys(listed).sort(), RULES.map((r) => r.id).sort(), 'run: npm run generate');
  for (const r of RULES) assert.deepEqual(field(listed, r.id).enum, ['error', 'warning', 'info', 'hint', 'off']);
});

test('every setting of the A2ASettings contract is contributed, with the same default', () => {
  const flatten = (o: Record<string, unknown>, prefix = 'a2a'): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      const key = `${prefix}.${k}`;
      if (k === 'rules' || k === 'trustStore' || k === 'workspaceTrusted') out[key] = v;
      else if (v && typeof v === 'object' && !Array.isArray(v))
        Object.assign(out, flatten(v as Record<string, unknown>, key));
      else out[key] = v;
    }
    return out;
  };
  const contract = flatten(DEFAULT_SETTINGS as unknown as Record<string, unknown>);
  delete contract['a2a.workspaceTrusted']; // not a setting: the client fills it from workspace.isTrusted
  for (const [key, value] of Object.entries(contract)) {
    assert.ok(props[key], `${key} is contributed`);
    assert.deepEqual(field(props, key).default, value, key);
  }
  assert.deepEqual(
    Object.keys(props)
      .filter((k) => !(k in contract))
      .sort(),
    ['a2a.trace.server'],
  );
});

test('the command table and the contributed commands are the same set, all under the A2A category', () => {
  const commands = pkg.contributes.commands as { command: string; category: string }[];
  assert.deepEqual(commands.map((c) => c.command).sort(), [...COMMAND_IDS].sort());
  for (const c of commands as { command: keyof typeof COMMAND_TITLES; category: string; title: string }[]) {
    assert.equal(c.category, 'A2A');
    assert.equal(c.title, COMMAND_TITLES[c.command], c.command);
  }
});

test('languages, view and trust declarations have the ids others rely on', () => {
  const langs = pkg.contributes.languages as { id: string; filenames: string[]; filenamePatterns: string[] }[];
  assert.deepEqual(
    langs.map((l) => l.id),
    ['a2a-agent-card', 'a2a-lockfile', 'a2a-ai-catalog'],
  );
  assert.deepEqual(at(langs, 0).filenames, ['agent-card.json']);
  assert.deepEqual(at(langs, 1).filenamePatterns, ['*.a2a-lock.json']);
  assert.deepEqual(at(langs, 2).filenames, ['ai-catalog.json']);
  assert.deepEqual(at(langs, 2).filenamePatterns, ['*.ai-catalog.json', '**/.well-known/ai-catalog.json']);
  // The view has its own place in the activity bar (not squeezed under the file tree), with a monochrome icon.
  // A container holding one view is titled "CONTAINER: VIEW" unless both are the same text, so they are.
  assert.deepEqual(pkg.contributes.viewsContainers.activitybar, [
    { id: 'a2a', title: 'A2A Capabilities', icon: 'images/activity-bar.svg' },
  ]);
  assert.deepEqual(Object.keys(pkg.contributes.views), ['a2a']);
  assert.equal(pkg.contributes.views.a2a[0].id, 'a2aCapabilities');
  assert.equal(pkg.contributes.views.a2a[0].name, 'A2A Capabilities');
  assert.equal(pkg.contributes.views.a2a[0].contextualTitle, 'A2A Capabilities');
  const svg = readFileSync(join(__dirname, '..', '..', 'images', 'activity-bar.svg'), 'utf8');
  assert.match(svg, /^<svg [^>]*viewBox="0 0 24 24"/);
  assert.doesNotMatch(svg, /<(script|image|foreignObject)\b|href=/i, 'a plain vector icon');
  // An action in a view's title bar renders as an icon only when its command has one.
  const titleActions = (pkg.contributes.menus['view/title'] as { command: string }[]).map((m) => m.command);
  const commands = pkg.contributes.commands as { command: string; icon?: string }[];
  for (const id of titleActions)
    assert.match(commands.find((c) => c.command === id)?.icon ?? '', /^\$\([a-z-]+\)$/, `${id} has a codicon`);
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
  // Cards and lockfiles are ours (the JSON language server must not validate them too); the project configuration
  // is plain JSON that the JSON language server validates with our schema.
  assert.deepEqual(pkg.contributes.jsonValidation, [
    { fileMatch: '**/.a2a/config.json', url: './schemas/a2a-config.schema.json' },
  ]);
});

test('settings from an editor are normalized defensively: malformed values fall back, untrusted by default', () => {
  const s = normalizeSettings({
    client: { bindings: 'JSONRPC@1.0' },
    rules: { 'unknown-field': 'loud', schema: 'off' },
    maxCardBytes: -1,
  });
  assert.deepEqual(s.client.bindings, DEFAULT_SETTINGS.client.bindings);
  assert.deepEqual(s.rules, { schema: 'off' });
  assert.equal(s.maxCardBytes, DEFAULT_SETTINGS.maxCardBytes);
  assert.equal(s.workspaceTrusted, false);
  assert.equal(normalizeSettings({ workspaceTrusted: true }).workspaceTrusted, true);
  assert.equal(normalizeSettings(null).workspaceTrusted, false);
  assert.deepEqual(parseBindings(['JSONRPC@1.0', 'HTTP+JSON@1.0', 'bad', '@1.0', 'GRPC@']), [
    { binding: 'JSONRPC', version: '1.0' },
    { binding: 'HTTP+JSON', version: '1.0' },
  ]);
});

test('the trust root and the signature policy are machine settings: a workspace cannot set them', () => {
  // VS Code ignores a workspace's (and a folder's) value of a `machine` or `application` setting, so a repository's
  // .vscode/settings.json can neither add a key that its own lockfile pins nor lower the policy a signature is held to.
  const scopes = pkg.contributes.configuration.properties as Record<string, { scope?: string }>;
  for (const key of ['a2a.trustStore', 'a2a.signatures.policy', 'a2a.signatures.require']) {
    assert.ok(
      ['machine', 'application'].includes(field(scopes, key).scope ?? ''),
      `${key}: ${field(scopes, key).scope}`,
    );
    assert.ok((pkg.capabilities.untrustedWorkspaces.restrictedConfigurations as string[]).includes(key), key);
  }
});
