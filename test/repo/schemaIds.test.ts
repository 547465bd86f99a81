/**
 * The JSON Schemas are published at stable URLs: each `$id` is the file's raw URL on the repository's main branch
 * (what `$schema`, VS Code's json.schemas and SchemaStore point at), and schemas/schemastore-catalog-entry.json, the
 * entry to propose to SchemaStore's catalog, names every schema by that URL with the file names the extension
 * itself recognises.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  repository: { url: string };
  contributes: {
    languages: { id: string; filenames?: string[]; filenamePatterns?: string[] }[];
    jsonValidation: { fileMatch: string; url: string }[];
  };
};
const repo = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?$/.exec(pkg.repository.url)?.[1];
const RAW = `https://raw.githubusercontent.com/${repo}/main/schemas/`;
const SCHEMAS = readdirSync(join(ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json'));

interface CatalogEntry {
  name: string;
  description: string;
  fileMatch: string[];
  url: string;
}
const catalog = JSON.parse(readFileSync(join(ROOT, 'schemas', 'schemastore-catalog-entry.json'), 'utf8')) as {
  $schema: string;
  version: number;
  schemas: CatalogEntry[];
};

const idOf = (file: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')) as { $id: string }).$id;

test("every schema's $id is its raw URL on the main branch", () => {
  assert.ok(repo, `package.json repository.url names a GitHub repository (${pkg.repository.url})`);
  assert.deepEqual(SCHEMAS.sort(), [
    'a2a-config.schema.json',
    'a2a-lock.schema.json',
    'agent-card-1.0.schema.json',
    'ai-catalog.schema.json',
  ]);
  for (const file of SCHEMAS) assert.equal(idOf(file), `${RAW}${file}`, file);
});

test("the SchemaStore entry is in the catalog's format and names each schema by its $id", () => {
  assert.equal(catalog.$schema, 'https://json.schemastore.org/schema-catalog.json');
  assert.equal(catalog.version, 1);
  assert.deepEqual(catalog.schemas.map((s) => s.url).sort(), SCHEMAS.map(idOf).sort());
  for (const s of catalog.schemas) {
    assert.deepEqual(Object.keys(s), ['name', 'description', 'fileMatch', 'url'], s.name);
    assert.ok(s.name.length > 0 && s.description.length > 0 && !s.description.endsWith('.'), s.name);
    assert.ok(s.fileMatch.length > 0 && s.fileMatch.every((m) => m.length > 0), s.name);
  }
});

test('the SchemaStore entry matches the files the extension recognises', () => {
  const matches = (file: string): string[] => catalog.schemas.find((s) => s.url === `${RAW}${file}`)?.fileMatch ?? [];
  const language = (id: string) => pkg.contributes.languages.find((l) => l.id === id);
  const names = (id: string) => {
    const l = language(id);
    return [...(l?.filenames ?? []), ...(l?.filenamePatterns ?? [])];
  };
  assert.deepEqual(matches('agent-card-1.0.schema.json'), names('a2a-agent-card'));
  assert.deepEqual(matches('a2a-lock.schema.json'), names('a2a-lockfile'));
  assert.deepEqual(
    matches('a2a-config.schema.json'),
    pkg.contributes.jsonValidation.filter((v) => v.url.endsWith('/a2a-config.schema.json')).map((v) => v.fileMatch),
  );
});
