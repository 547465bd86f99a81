/**
 * `s` without the run of `ch` at its end. A loop, not `/x+$/`: that regex is tried at every position of a long
 * run that is not at the end (80,000 "=" then "x": seconds), and these strings come from cards.
 */
export function trimEnd(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return end === s.length ? s : s.slice(0, end);
}
