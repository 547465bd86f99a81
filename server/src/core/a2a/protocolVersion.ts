/** Protocol versions compare as Major.Minor (§3.6): a patch part is noise a rule reports and another tolerates. */

/** "1.0.1" → "1.0"; anything that is not Major.Minor.Patch → undefined. */
export function patchVersion(v: string): string | undefined {
  const m = /^(\d{1,9})\.(\d{1,9})\.\d{1,9}$/.exec(v);
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}
