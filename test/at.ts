import assert from 'node:assert/strict';

/**
 * The item at `index` of a list the test expects to hold it. An index read may miss (noUncheckedIndexedAccess);
 * here a miss fails the test with what was missing, instead of a TypeError further on. The message is built only
 * on a miss, and never from the list's contents (hostile values may not even convert to a string).
 */
export function at<T>(list: ArrayLike<T> | null | undefined, index: number): T {
  if (list == null) assert.fail(`expected a list with an item at ${index}, got ${list}`);
  if (!(index >= 0 && index < list.length)) assert.fail(`expected an item at ${index}, the list has ${list.length}`);
  return list[index] as T;
}

/** The value of `key` in a record the test expects to hold it; a missing key fails the test by name. */
export function field<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T {
  if (record == null) assert.fail(`expected a record with ${JSON.stringify(key)}, got ${record}`);
  if (!Object.hasOwn(record, key)) assert.fail(`expected ${JSON.stringify(key)} in the record`);
  return record[key] as T;
}
