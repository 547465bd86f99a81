/**
 * A host for the discover tests: a real HTTP server on loopback serving fixture files (test/fixtures/discover) at
 * the paths a test names, with `{{BASE}}` in them replaced by the server's own origin, and a count of the requests
 * each path got (each URL must be fetched once).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '..', 'fixtures', 'discover');

export interface Route {
  /** A fixture file name under test/fixtures/discover. */
  file?: string;
  /** The body itself, when not a fixture. */
  body?: string;
  /** Placeholders beyond {{BASE}} and their values (may name {{BASE}} too). */
  vars?: Record<string, string>;
  type?: string;
  status?: number;
  /** A redirect target. */
  location?: string;
}

export interface Site {
  /** http://127.0.0.1:PORT */
  base: string;
  /** 127.0.0.1:PORT, the domain form of the site. */
  domain: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startSite(routes: Record<string, Route>): Promise<Site> {
  const hits = new Map<string, number>();
  let base = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (route.location) {
      res.writeHead(route.status ?? 302, { location: route.location }).end();
      return;
    }
    let body = route.body ?? readFileSync(join(FIXTURES, route.file ?? ''), 'utf8');
    for (const [name, value] of Object.entries(route.vars ?? {})) body = body.split(`{{${name}}}`).join(value);
    body = body.split('{{BASE}}').join(base);
    res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const domain = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${domain}`;
  return {
    base,
    domain,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
