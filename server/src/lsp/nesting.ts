/**
 * jsonc-parser (tree, location, edits) is recursive: a pathologically nested document overflows its
 * stack. Features that need it skip such documents instead of failing (diagnostics still work: the
 * core parses with JSON.parse).
 */
export const MAX_EDITABLE_DEPTH = 2000;

/** True when brackets nest deeper than `limit` anywhere in the text (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number = MAX_EDITABLE_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
