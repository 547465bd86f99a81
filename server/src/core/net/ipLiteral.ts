/**
 * The family of an IP literal (4 or 6; 0 for anything else), written out so the address policy needs no
 * Node built-in. The grammar is node:net's `isIP`, which the Node layer's connections use: the policy and the
 * connection must agree on what is a literal, or a name could be judged as an address (test/core/net/ipLiteral.test.ts).
 */
const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEG}\\.){3}${V4_SEG}`;
const V6_SEG = '(?:[0-9a-fA-F]{1,4})';
const IPV4 = new RegExp(`^${V4}$`);
const IPV6 = new RegExp(
  '^(?:' +
    `(?:${V6_SEG}:){7}(?:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){6}(?:${V4}|:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){5}(?::${V4}|(?::${V6_SEG}){1,2}|:)|` +
    `(?:${V6_SEG}:){4}(?:(?::${V6_SEG}){0,1}:${V4}|(?::${V6_SEG}){1,3}|:)|` +
    `(?:${V6_SEG}:){3}(?:(?::${V6_SEG}){0,2}:${V4}|(?::${V6_SEG}){1,4}|:)|` +
    `(?:${V6_SEG}:){2}(?:(?::${V6_SEG}){0,3}:${V4}|(?::${V6_SEG}){1,5}|:)|` +
    `(?:${V6_SEG}:){1}(?:(?::${V6_SEG}){0,4}:${V4}|(?::${V6_SEG}){1,6}|:)|` +
    `(?::(?:(?::${V6_SEG}){0,5}:${V4}|(?::${V6_SEG}){1,7}|:))` +
    ')(?:%[0-9a-zA-Z-.:]{1,})?$',
);

/**
 * The guards keep host names away from the IPv6 expression: V8 compiles a regular expression on its first use, and
 * this one costs a new process tens of milliseconds, which a card whose URLs all name hosts need never pay.
 */
export function ipFamily(text: string): 0 | 4 | 6 {
  const first = text.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39 && IPV4.test(text)) return 4;
  if (text.includes(':') && IPV6.test(text)) return 6;
  return 0;
}
