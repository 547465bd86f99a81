/**
 * The one check for "no part of a secret got out": no run of RUN consecutive characters of any secret appears in a
 * text, in any letter case, as written or after undoing what an agent or a sink can do to it (percent-encoding,
 * JSON `\u` and backslash escapes, base64 and base64url at every alignment, hex). Written independently of the
 * product's redactor (server/src/core/text/secretRuns.ts): it decodes the output instead of encoding the secret.
 */
import assert from 'node:assert/strict';

const RUN = 8;

function decodedViews(text: string): string[] {
  const views = [text];
  views.push(text.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  views.push(text.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  views.push(text.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
  for (const run of text.match(/[A-Za-z0-9+/_-]{11,}/g) ?? [])
    for (let shift = 0; shift < 4; shift++)
      views.push(Buffer.from(run.slice(shift).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'));
  for (const run of text.match(/[0-9a-fA-F]{16,}/g) ?? [])
    for (let shift = 0; shift < 2; shift++) views.push(Buffer.from(run.slice(shift), 'hex').toString('latin1'));
  return views.map((v) => v.toLowerCase());
}

/** The RUN-character pieces of the secrets found in the text (empty: nothing leaked). */
export function secretRunsIn(text: string, secrets: readonly string[]): string[] {
  const views = decodedViews(text);
  const found = new Set<string>();
  for (const secret of secrets)
    for (let i = 0; i + RUN <= secret.length; i++) {
      const piece = secret.slice(i, i + RUN).toLowerCase();
      if (views.some((v) => v.includes(piece))) found.add(piece);
    }
  return [...found];
}

export function assertNoSecretRun(text: string, secrets: readonly string[], where: string): void {
  const found = secretRunsIn(text, secrets);
  assert.deepEqual(found, [], `${where}: holds pieces of a secret ${JSON.stringify(found)}:\n${text.slice(0, 2000)}`);
}
