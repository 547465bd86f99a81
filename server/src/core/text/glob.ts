/**
 * Minimal glob matching for the `a2a.files.*` patterns and the `file` of `ignore` entries (.a2a/config.json):
 * `**` (any path segments), `*` (within a segment), `?`, and `{a,b}` (nested too). Paths use forward slashes; a pattern without a slash matches the base name.
 * A pattern is a user setting: braces that do not pair up are taken literally (as other glob matchers do), never
 * an invalid regular expression that would fail every analysis of every document.
 */
const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  const groups = bracesPair(glob);
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more whole segments; a trailing `**` matches the rest.
        if (glob[i + 2] === '/') {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{' && groups) {
      out += '(?:';
      depth++;
    } else if (c === '}' && groups && depth > 0) {
      out += ')';
      depth--;
    } else if (c === ',' && depth > 0) out += '|';
    else out += c.replace(/[.+^$(){}|[\]\\]/g, '\\$&');
  }
  re = new RegExp(`^${out}$`);
  cache.set(glob, re);
  return re;
}

/** True when `path` (absolute or relative, forward slashes) matches `glob`. */
export function matchesGlob(path: string, glob: string): boolean {
  const re = globToRegExp(glob);
  if (!glob.includes('/')) return re.test(path.slice(path.lastIndexOf('/') + 1));
  // Patterns are workspace-relative; we only see absolute paths, so also try every suffix of the path.
  if (re.test(path)) return true;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    if (re.test(path.slice(i + 1))) return true;
  }
  return false;
}

/** Whether every `{` has its `}` (and no `}` comes first): only then are braces groups. */
function bracesPair(glob: string): boolean {
  let depth = 0;
  for (const c of glob) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}
