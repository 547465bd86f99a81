// The repository stands alone: no file under test/, scripts/ or bench/ refers outside it, neither by a path that
// climbs above the repository root (a relative literal, or `join(__dirname, '..', …)` segments) nor by an
// absolute path of a particular machine. A clone with nothing beside it must run everything these folders hold.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = resolve(__dirname, '..', '..');
const FOLDERS = ['test', 'scripts', 'bench'];
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|jsonc|md|sh|ya?ml|tsv|txt|html|lua)$/;

/** Absolute paths that only exist on one machine: home and work directories, temp directories, mount points. */
const MACHINE_PATH =
  /(?:^|[\s'"`(=,[])((?:\/(?:work|root|home|Users|tmp|mnt|srv|var\/folders|private\/var)\/[^\s'"`)]*)|(?:[A-Za-z]:\\\\?(?:Users|work|tmp)\b[^\s'"`)]*))/g;
/** A relative path literal or Markdown link target that climbs: '../x', "../../x", `../x`, (../x). */
const CLIMBING_LITERAL = /['"`(](\.\.(?:\/[^'"`\s)]*)?)['"`)]/g;
/** join/resolve from the file's own directory with literal segments: join(__dirname, '..', 'x'). */
const JOINED = /\b(?:join|resolve)\(\s*(?:__dirname|import\.meta\.dirname)\s*((?:,\s*(?:'[^']*'|"[^"]*")\s*)+)\)/g;

export interface OutsideReference {
  line: number;
  text: string;
  why: string;
}

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

function outside(from: string, target: string): boolean {
  const rel = relative(ROOT, resolve(from, target));
  return rel === '..' || rel.startsWith(`..${sep}`) || resolve(from, target) === resolve('/');
}

/** The references in one file's text (at `file`, a path inside the repository) that point outside the repository. */
export function outsideReferences(file: string, source: string): OutsideReference[] {
  const dir = dirname(file);
  const found: OutsideReference[] = [];
  for (const m of source.matchAll(MACHINE_PATH))
    found.push({ line: lineOf(source, m.index), text: m[1] ?? '', why: 'an absolute path of one machine' });
  for (const m of source.matchAll(CLIMBING_LITERAL)) {
    const literal = m[1] ?? '';
    if (outside(dir, literal))
      found.push({ line: lineOf(source, m.index), text: literal, why: 'climbs above the repository root' });
  }
  for (const m of source.matchAll(JOINED)) {
    const segments = [...(m[1] ?? '').matchAll(/'([^']*)'|"([^"]*)"/g)].map((s) => s[1] ?? s[2] ?? '');
    if (outside(dir, join(...segments)))
      found.push({ line: lineOf(source, m.index), text: m[0], why: 'climbs above the repository root' });
  }
  return found;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (TEXT.test(name)) out.push(p);
  }
  return out;
}

describe('the repository refers to nothing outside it', () => {
  it('no file under test/, scripts/ or bench/ does', () => {
    const files = FOLDERS.flatMap((f) => walk(join(ROOT, f)));
    assert.ok(files.length > 100, `${files.length} files read`);
    const problems = files.flatMap((f) =>
      outsideReferences(f, readFileSync(f, 'utf8')).map((r) => `${relative(ROOT, f)}:${r.line}: ${r.text} (${r.why})`),
    );
    assert.deepEqual(problems, []);
  });

  // The checker itself, on what a test that leans on its surroundings writes. The samples are built from parts so
  // that this file does not contain them.
  const up = '..';
  const at = join(ROOT, 'test', 'core', 'x.test.ts');
  const cases: [string, boolean][] = [
    [`const CORPUS = join(__dirname, '..', 'package', '${up}', '${up}', '${up}', 'shared', 'corpus');`, true],
    [`const CORPUS = join(__dirname, '..', 'package', '${up}', '${up}', 'fixtures');`, false],
    [`const c = '${up}/${up}/${up}/shared/corpus';`, true],
    [`import { x } from '${up}/${up}/server/src/core/lint';`, false],
    [`const CORPUS = '/${'work'}/shared/corpus/v03';`, true],
    [`const home = "/${'home'}/someone/cards";`, true],
    [`const tmp = '/${'tmp'}/cards';`, true],
    [`See [the card](${up}/${up}/${up}/elsewhere.md).`, true],
    [`["file:///${'tmp'}/card.json", {"error": "bad-scheme"}]`, false],
    [`const dir = mkdtempSync(join(tmpdir(), 'a2a-'));`, false],
  ];
  for (const [source, flagged] of cases) {
    it(`${flagged ? 'flags' : 'accepts'}: ${source}`, () =>
      assert.equal(outsideReferences(at, source).length > 0, flagged));
  }
});
