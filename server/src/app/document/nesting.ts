/**
 * jsonc-parser (tree, location, edits) is recursive: a pathologically nested document overflows its
 * stack. Features that need it skip such documents instead of failing (diagnostics still work: the
 * core parses with JSON.parse).
 */
export const MAX_EDITABLE_DEPTH = 2000;

/**
 * True when brackets nest deeper than `limit` anywhere in the text. Strings are skipped, and so are comments
 * (not JSON, but jsonc-parser reads them): a `"` inside a comment must not hide the brackets after it.
 * A string ends at its quote or at the end of its line, as jsonc-parser ends an unterminated one.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_EDITABLE_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */ || c === 10 /* \n */ || c === 13 /* \r */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
