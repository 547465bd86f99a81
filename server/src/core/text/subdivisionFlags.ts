/**
 * The subdivision codes a flag emoji may spell (🏴 + tags "gbsct" + cancel tag = Scotland): Unicode's emoji
 * subdivision flags are valid exactly for the subdivision codes of CLDR (UTS #51, ED-14c), read here from CLDR's
 * own data package. Only a flag spelling one of them passes as an emoji; any other tag run is hidden text.
 */
import containment from 'cldr-core/supplemental/subdivisionContainment.json';

let codes: Set<string> | undefined;

/** Built on first use: most text holds no flag at all. */
function subdivisionCodes(): Set<string> {
  if (codes) return codes;
  codes = new Set<string>();
  for (const entry of Object.values(containment.supplemental.subdivisionContainment) as { _contains: string[] }[])
    for (const code of entry._contains) codes.add(code);
  return codes;
}

/** Whether `code` ("gbeng") is a subdivision code CLDR lists. */
export function isSubdivisionCode(code: string): boolean {
  return subdivisionCodes().has(code);
}
