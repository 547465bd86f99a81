/**
 * Whether a host named in a card is internal: an address that is not public (core/net/address.ts, the
 * classification the address policy uses for connections), or a name that resolves only inside a network.
 * The internal-address rule reports such hosts; fetching a card names them in its refusal.
 */
import { classifyAddress, type AddressClass } from './address';
import { ipFamily } from './ipLiteral';

/** Suffixes of names that resolve only inside a network (RFC 6762 .local, RFC 8375 home.arpa, ICANN's .internal, common private TLDs). */
const INTERNAL_SUFFIXES = [
  'internal',
  'local',
  'localdomain',
  'localhost',
  'lan',
  'corp',
  'home',
  'home.arpa',
  'intranet',
  'intra',
  'private',
  'svc',
];

/** Why a host is internal, for the message; undefined for a public host. */
export function internalHost(hostname: string): string | undefined {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') return undefined;
  if (ipFamily(host) !== 0) return describeClass(classifyAddress(host));
  if (host === 'localhost') return 'a loopback name';
  if (!host.includes('.')) return 'a single-label host name (resolved only on a local network)';
  const suffix = INTERNAL_SUFFIXES.find((s) => host.endsWith(`.${s}`));
  return suffix ? `a host name under .${suffix}, which resolves only inside a network` : undefined;
}

function describeClass(c: AddressClass): string | undefined {
  switch (c) {
    case 'loopback':
      return 'a loopback address';
    case 'private':
      return 'a private address (RFC 1918, unique-local or carrier-grade NAT)';
    case 'link-local':
      return 'a link-local address';
    case 'metadata':
      return 'a cloud metadata address';
    case 'unspecified':
      return 'the unspecified address';
    default:
      return undefined;
  }
}
