/**
 * A lockfile pinned from an inline card of a catalog file in the repository records that catalog (`found_via.catalog`)
 * as a path relative to the lockfile's folder, with forward slashes, as `agent` records a card file. What counts as
 * such a path is decided here, for the reader and the check alike: never a URL of another scheme, an absolute path, a
 * drive or UNC path, nor text with a NUL. Where it may lead (inside the repository, symlinks resolved) the check's
 * path confinement decides (check/refreshLockfile.ts `cardPath`).
 */

/** An http(s) catalog URL (the network path: app/reference.ts). */
export function isCatalogUrl(catalog: string): boolean {
  return /^https?:\/\/\S/i.test(catalog);
}

/** A relative path to a catalog file: no scheme (`file:`, `C:`), not rooted (`/`, `\`), no NUL, no outer spaces. */
export function isCatalogPath(catalog: string): boolean {
  return (
    catalog !== '' &&
    catalog.trim() === catalog &&
    !catalog.includes('\0') &&
    !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(catalog) &&
    !/^[\\/]/.test(catalog)
  );
}
