// The language-server bundle written as ASCII only. V8 keeps a script whose text is all ASCII at one byte per
// character; one other character anywhere (an arrow in a comment, an ellipsis in a regular expression: esbuild
// escapes strings, not those) makes Node decode the whole 1.4 MB from UTF-8 and V8 scan it at two bytes per
// character, about 1 % of the server's start-up instructions. Each such character is written as its \u escape,
// which means the same in a comment, a string or a regular expression (surrogate pairs as two escapes, which a
// `u` pattern reads as the pair). The source map's columns shift only after such a character on its line.
import { readFileSync, writeFileSync } from 'node:fs';

const NON_ASCII = /[\u0080-\uffff]/;

/** esbuild plugin: after each build, the output file's non-ASCII characters become \u escapes. */
export const asciiOutput = {
  name: 'ascii-output',
  setup(b) {
    b.onEnd((result) => {
      const file = b.initialOptions.outfile;
      if (result.errors.length > 0 || !file) return;
      const text = readFileSync(file, 'utf8');
      if (!NON_ASCII.test(text)) return;
      writeFileSync(
        file,
        text.replace(new RegExp(NON_ASCII, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
    });
  },
};
