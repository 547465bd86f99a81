import type { SecurityAlternative } from '../../core/types';

/** "oauth (read, write) OR apiKey" — security alternatives as plain text (tree view labels are not markdown). */
export function securityPlain(security: SecurityAlternative[]): string {
  if (security.length === 0) return 'none';
  return security
    .map((alt) =>
      Object.entries(alt)
        .map(([name, scopes]) => (scopes.length ? `${name} (${scopes.join(', ')})` : name))
        .join(' AND '),
    )
    .join(' OR ');
}
