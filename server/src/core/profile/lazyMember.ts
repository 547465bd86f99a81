/**
 * A member of a compiled profile that is built on its first read. To every reader it is an ordinary own, enumerable
 * member (JSON.stringify, spread, Object.keys and `in` see it in its place); the first read builds the value and puts
 * it in place as a plain data property, so later reads cost what a data property costs. A write before any read
 * replaces it the same way.
 */
export function defineLazyMember<T extends object, K extends string>(target: T, key: K, build: () => unknown): void {
  const settle = (value: unknown): void => {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = build();
      settle(value);
      return value;
    },
    set: settle,
  });
}
