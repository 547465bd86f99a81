/**
 * Card strings become keys of the compiled profile (skill ids, scheme names). Plain assignment
 * (`obj[key] = v`) with a key like "__proto__" would change the object's prototype instead of adding a
 * member, so every untrusted key goes through defineProperty: always an own, enumerable data property.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Only "__proto__" is special for assignment on a plain object; defineProperty is slow, so it is kept for that key.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Own-property lookup that never reaches Object.prototype ("constructor", "__proto__", "toString"…). */
export function getOwn<T>(source: Record<string, T> | undefined, key: string): T | undefined {
  return source !== undefined && Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
}

/** The strings of an array, in order; anything else (not an array, non-string items) is ignored. */
export function stringsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // Big cards have thousands of skills whose lists are already all strings: copy without filtering (no closure,
  // no per-item callback), and only filter when something else is mixed in.
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') return value.filter((v): v is string => typeof v === 'string');
  }
  return value.slice() as string[];
}

/**
 * The strings of an array as a read-only list: the array itself when it holds nothing but strings, else a
 * filtered copy. The compiled profile shares such lists with the parsed card (big cards have thousands of skills
 * whose lists are all strings, and copying them was a third of the compile); both are read-only, which the
 * profile's `readonly` types enforce.
 */
export function stringList(value: unknown): readonly string[] {
  if (!Array.isArray(value)) return NO_STRINGS;
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') return value.filter((v): v is string => typeof v === 'string');
  }
  return value as string[];
}

const NO_STRINGS: readonly string[] = Object.freeze([]);
