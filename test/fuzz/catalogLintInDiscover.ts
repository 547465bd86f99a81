/**
 * A property of `a2acap discover` on a catalog file: what lint reports for the catalog (outside its inline A2A
 * cards, whose findings make their entries' status) is among discover's findings, at the same pointer, naming the
 * catalog. A catalog whose findings discover drops (a poisoning cue, a duplicate, hidden characters in an entry's
 * text) fails it. One lint of the generated text per case.
 */
import { lintDocument } from '../../server/src/core/lint';
import { MAX_CATALOG_DEPTH, readCatalog } from '../../server/src/core/catalog/model';
import { visible, type Failure } from './properties';

interface Reported {
  code: string;
  pointer?: string;
  catalog?: string;
}

export function catalogLintFailures(file: string, text: string, maxBytes: number, stdout: string): Failure[] {
  let findings: Reported[];
  try {
    findings = (JSON.parse(stdout) as { findings: Reported[] }).findings;
  } catch {
    return [];
  }
  const lint = lintDocument(text, { kind: 'catalog', fileName: file, settings: { maxCardBytes: maxBytes } });
  const inline = inlineCards(lint.value, '', 0);
  const got = new Set(findings.filter((f) => f.catalog === file).map((f) => `${f.code} ${f.pointer ?? ''}`));
  const missing = lint.findings.find(
    (f) => !inline.some((p) => f.pointer === p || f.pointer.startsWith(`${p}/`)) && !got.has(`${f.code} ${f.pointer}`),
  );
  return missing
    ? [
        {
          property: 'discover reports what lint reports for each catalog it reads (outside inline cards)',
          detail: `${missing.code} at ${visible(missing.pointer, 120)} is not among discover's findings`,
        },
      ]
    : [];
}

function inlineCards(value: unknown, prefix: string, depth: number): string[] {
  const out: string[] = [];
  for (const entry of readCatalog(value)?.entries ?? []) {
    if (!entry.hasData) continue;
    const at = `${prefix}${entry.pointer}/data`;
    if (entry.kind === 'a2a-card') out.push(at);
    else if (entry.kind === 'catalog' && depth < MAX_CATALOG_DEPTH) out.push(...inlineCards(entry.data, at, depth + 1));
  }
  return out;
}
