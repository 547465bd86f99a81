/** The glob matching of the `a2a.files.*` patterns lives in the core (core/text/glob.ts), shared with `ignore`. */
export { globToRegExp, matchesGlob } from '../../core/text/glob';
