/**
 * A property of `a2acap discover` on a catalog file: what lint reports for the catalog itself (its rules and its
 * inline nested catalogs; its inline A2A cards are discover's to lint, once each, for their entries' status) is among
 * discover's findings, at the same pointer, naming the catalog. A catalog whose findings discover drops (a poisoning
 * cue, a duplicate, hidden characters in an entry's text) fails it, and so does a left-out summary that counted
 * inline cards' findings. One lint of the generated text per case.
 */
import { LEFT_OUT_CODE } from '../../server/src/core/findingCap';
import { lintDocument } from '../../server/src/core/lint';
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
  const lint = lintDocument(text, {
    kind: 'catalog',
    fileName: file,
    settings: { maxCardBytes: maxBytes },
    inlineCards: false,
  });
  const got = new Set(findings.filter((f) => f.catalog === file).map((f) => `${f.code} ${f.pointer ?? ''}`));
  const missing = lint.findings.find((f) => !got.has(`${f.code} ${f.pointer}`));
  if (missing)
    return [
      {
        property: 'discover reports what lint reports for each catalog it reads (its inline cards apart)',
        detail: `${missing.code} at ${visible(missing.pointer, 120)} is not among discover's findings`,
      },
    ];
  const counted = got.has(`${LEFT_OUT_CODE} `) && !lint.findings.some((f) => f.code === LEFT_OUT_CODE);
  return counted
    ? [
        {
          property: "discover's catalog findings leave out only the catalog's own findings, not its inline cards'",
          detail: `a ${LEFT_OUT_CODE} summary the catalog's own lint does not make`,
        },
      ]
    : [];
}
