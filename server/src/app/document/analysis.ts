import { parseTree, type Node } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isObject } from '../../core/document';
import { lintDocument } from '../../core/lint';
import { locatorAfter, type Locator, type LocatorScan } from '../../core/pointer/locateAll';
import { compileProfile } from '../../core/profile/compile';
import type { CompiledProfile, DocumentKind, Finding } from '../../core/types';
import type { A2ASettings } from '../../protocol';
import { baseName, documentKind } from './documentKind';
import { nestsDeeperThan } from './nesting';
import { clientConfig, toLintSettings } from './settings';

/** One lint pass over one version of one document, with lazily derived views of it. */
export interface Analysis {
  uri: string;
  version: number;
  text: string;
  kind: DocumentKind | 'unknown';
  findings: Finding[];
  /** The parsed value (undefined when the text is not JSON). */
  value: unknown;
  tooLarge: boolean;
  settings: A2ASettings;
  /** The compiled profile of a card (computed on first use; undefined for lockfiles / broken cards). */
  profile(): CompiledProfile | undefined;
  /** The jsonc-parser tree (tolerant of errors; for outline and folding), computed on first use. */
  tree(): Node | undefined;
  /**
   * True when the text nests deeper than jsonc-parser can take (nesting.ts): features that use it skip the
   * document. Computed on first use: code actions ask on every cursor move, and the answer is a full scan.
   */
  nestsTooDeep(): boolean;
  /**
   * Ranges of JSON Pointers in this version. Builds on the previous version's scan (core/pointer/locateAll.ts):
   * a keystroke inside a string moves the ranges instead of scanning the whole text again.
   */
  locator(pointers: readonly string[]): Locator;
  /** The scan behind the last locator of this document (of this version or, if none was needed, an earlier one). */
  lastScan(): LocatorScan | undefined;
}

/**
 * Parse/lint results cached per uri + version (+ settings object: a settings change makes a new
 * object, so stale results are never reused). Every feature of the server reads through here.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, Analysis>();

  get(doc: TextDocument, languageId: string, settings: A2ASettings): Analysis {
    const hit = this.entries.get(doc.uri);
    if (hit && hit.version === doc.version && hit.settings === settings) return hit;
    const analysis = analyze(doc, languageId, settings, hit?.lastScan());
    this.entries.set(doc.uri, analysis);
    return analysis;
  }

  /** The last analysis of a uri, whatever its version (for requests that race an edit). */
  peek(uri: string): Analysis | undefined {
    return this.entries.get(uri);
  }

  forget(uri: string): void {
    this.entries.delete(uri);
  }

  clear(): void {
    this.entries.clear();
  }
}

export function analyze(
  doc: TextDocument,
  languageId: string,
  settings: A2ASettings,
  previousScan?: LocatorScan,
): Analysis {
  const text = doc.getText();
  const kind = documentKind(languageId, doc.uri, settings);
  const result = lintDocument(text, { fileName: baseName(doc.uri), kind, settings: toLintSettings(settings) });
  let profile: CompiledProfile | undefined | null = null;
  let tree: Node | undefined | null = null;
  let deep: boolean | undefined;
  const nestsTooDeep = () => (deep ??= nestsDeeperThan(text));
  let scan = previousScan;
  return {
    uri: doc.uri,
    version: doc.version,
    text,
    kind: result.kind,
    findings: result.findings,
    value: result.value,
    tooLarge: result.tooLarge,
    settings,
    profile() {
      if (profile === null) profile = compileFor(result.kind, result.value, result.tooLarge, settings);
      return profile;
    },
    tree() {
      if (tree === null) {
        if (nestsTooDeep()) return (tree = undefined);
        try {
          tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
        } catch {
          tree = undefined; // pathological nesting: no outline, never a crash
        }
      }
      return tree;
    },
    nestsTooDeep,
    locator(pointers) {
      const located = locatorAfter(scan, text, pointers);
      // Only a scan of text that parsed is kept to build on (stringEdit.ts relies on valid JSON); a version that
      // does not parse leaves the last one in place for the next that does.
      if (result.value !== undefined) scan = located.scan;
      return located.locate;
    },
    lastScan: () => scan,
  };
}

function compileFor(
  kind: DocumentKind | 'unknown',
  value: unknown,
  tooLarge: boolean,
  settings: A2ASettings,
): CompiledProfile | undefined {
  if (kind !== 'card' || tooLarge || !isObject(value)) return undefined;
  try {
    return compileProfile(value, clientConfig(settings));
  } catch {
    // A card too broken to compile still gets its diagnostics; the profile views just stay empty.
    return undefined;
  }
}
