/**
 * The library's connections reach public addresses only, as docs/library.md promises, unless the caller says
 * otherwise in code: `allowNetwork: ['loopback', 'private']` (address classes) or `allowHosts` (names). The core's
 * live functions treat a URL they are given as typed by a user (`'user'`: loopback and private allowed, right
 * for the CLI and the editor); a library is handed URLs by programs that took them from anywhere, so here such a
 * URL is judged as untrusted input (`'repository'`) with the caller's allowance, and the origin class a card or a
 * caller claims never grants a class the caller did not allow.
 */
import { classifyAddress, type AddressClass } from '../app/live';
import { NetError, isNetError } from '../app/text';
import type { GrpcClient } from '../core/net/grpc';
import type { HttpClient } from '../core/net/http';
import type { AllowedClass, NetworkAllowance } from '../core/net/policy';

const CLASSES: readonly AllowedClass[] = ['loopback', 'private'];

/** `allowNetwork` as an allowance; an unknown word is a TypeError, never a narrower or wider client. */
export function allowanceOf(list: readonly string[] | undefined): NetworkAllowance {
  const allow = new Set<AllowedClass>();
  for (const word of list ?? []) {
    if (!CLASSES.includes(word as AllowedClass))
      throw new TypeError(`allowNetwork: ${JSON.stringify(word)} is not one of ${CLASSES.join(', ')}`);
    allow.add(word as AllowedClass);
  }
  return allow;
}

/** The host of a URL, lower-case, without IPv6 brackets ('' when it is not a URL). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
}

/** A class the caller did not allow counts as public: a card from loopback cannot open loopback to its URLs. */
function clampedClass(origin: AddressClass | undefined, allow: NetworkAllowance): AddressClass | undefined {
  return (origin === 'loopback' || origin === 'private') && !allow.has(origin) ? 'public' : origin;
}

/**
 * A refusal as a library user can act on it: the core words it for the CLI (`--allow-network`, "repository
 * content"); here the remedy is an option in code. Other failures pass unchanged.
 */
function inLibraryWords(err: unknown): unknown {
  if (!isNetError(err) || err.kind !== 'policy' || typeof err.details.address !== 'string') return err;
  const addressClass = classifyAddress(err.details.address);
  if (addressClass !== 'loopback' && addressClass !== 'private') return err;
  return new NetError(
    'policy',
    err.url,
    `${err.url}: refused: ${addressClass} address ${err.details.address}; this NetworkClient reaches public addresses only unless created with allowNetwork: ['${addressClass}'] (or allowHosts)`,
    err.details,
  );
}

export function libraryHttp(inner: HttpClient, allow: NetworkAllowance, allowHosts: readonly string[]): HttpClient {
  const named = new Set(allowHosts.map((h) => h.toLowerCase()));
  return {
    request(url, req) {
      if (req.origin === 'user' && named.has(hostOf(url))) return inner.request(url, req);
      if (req.origin === 'user' || req.origin === 'repository')
        return inner.request(url, { ...req, origin: 'repository', allow }).catch((err: unknown) => {
          throw inLibraryWords(err);
        });
      return inner.request(url, { ...req, originClass: clampedClass(req.originClass, allow) });
    },
    close: () => inner.close(),
  };
}

export function libraryGrpc(inner: GrpcClient, allow: NetworkAllowance): GrpcClient {
  return {
    call: (url, method, request, opts) =>
      inner.call(url, method, request, { ...opts, originClass: clampedClass(opts.originClass, allow) }),
    a2a: () => inner.a2a(),
    close: () => inner.close(),
  };
}
