import { visibleText } from './untrustedText';

/**
 * Quote an untrusted card value for a message: bounded length, control, bidi and invisible characters made visible.
 * Any JSON value: objects and arrays are named by their kind, never serialized (they may be nested beyond any stack).
 */
export function quote(value: unknown): string {
  const s = typeof value === 'string' ? value : describeValue(value);
  const clipped = s.length > 80 ? `${s.slice(0, 77)}…` : s;
  return visibleText(JSON.stringify(clipped));
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `[an array of ${value.length}]`;
  if (typeof value === 'object' && value !== null) return '{an object}';
  return String(value);
}
