// The Unicode data packages the core imports (core/text/confusables.ts, core/text/subdivisionFlags.ts), as the bundles carry
// them, so that start-up does not pay for them: the confusables cut to the entries the core can use (a Latin or digit
// prototype: 15 KB) and read by JSON.parse (an object literal costs V8 several times more); the subdivision codes
// parsed only when a flag is first looked at (supplemental is a getter).
import { readFileSync } from 'node:fs';

const CONFUSABLES = /[\\/]unhomoglyph[\\/]data\.json$/;
const SUBDIVISIONS = /[\\/]cldr-core[\\/]supplemental[\\/]subdivisionContainment\.json$/;

function compact(path) {
  const data = JSON.parse(readFileSync(path, 'utf8'));
  if (!CONFUSABLES.test(path)) return data;
  return Object.fromEntries(Object.entries(data).filter(([, proto]) => /^[\p{Script=Latin}0-9]+$/u.test(proto)));
}

/** esbuild plugin: each data file as a module that parses its JSON text (the subdivisions on first use). */
export const unicodeData = {
  name: 'unicode-data',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => {
      if (!CONFUSABLES.test(args.path) && !SUBDIVISIONS.test(args.path)) return undefined;
      const text = JSON.stringify(JSON.stringify(compact(args.path)));
      const contents = SUBDIVISIONS.test(args.path)
        ? `let data;\nexport default { get supplemental() { return (data ??= JSON.parse(${text})).supplemental; } };`
        : `export default JSON.parse(${text});`;
      return { contents, loader: 'js' };
    });
  },
};
