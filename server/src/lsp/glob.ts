/**
 * Minimal glob matching for the `a2a.files.*` patterns: `**` (any path segments), `*` (within a
 * segment), `?`, and `{a,b}`. Paths use forward slashes; a pattern without a slash matches the base name.
 */
const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let out = '';
  let inGroup = false;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more whole segments; a trailing `**` matches the rest.
        if (glob[i + 2] === '/') { out += '(?:.*/)?'; i += 2; } else { out += '.*'; i += 1; }
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') { out += '(?:'; inGroup = true; }
    else if (c === '}' && inGroup) { out += ')'; inGroup = false; }
    else if (c === ',' && inGroup) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
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
