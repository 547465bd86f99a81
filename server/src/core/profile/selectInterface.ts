/**
 * Interface selection (A2A §8.3.2): walk `supportedInterfaces` in the card's order and take the first
 * entry whose (protocolBinding, protocolVersion) the client supports. The client's list is only the
 * supported set; preference is the card's order.
 *
 * Decisions the spec leaves open, made here once:
 * - Versions compare as Major.Minor (see version.ts): "1.0.0" is accepted as 1.0.
 * - Bindings compare exactly ("JSONRPC", "HTTP+JSON", "GRPC" or a URI): the binding is an open string and
 *   a custom URI binding must not match a core name by accident.
 * - `tenant`: the spec says omit it when unset, so an absent, non-string or empty ("") tenant is null.
 * - An entry without a usable `url`, `protocolBinding` or `protocolVersion` is passed over with that reason
 *   (a request cannot be addressed, or the A2A-Version header cannot be chosen).
 */
import { isObject } from '../document';
import type { BindingSupport, ClientConfig, InterfaceDecision } from '../types';
import { sameVersion } from './version';
import { someOf } from '../text/messageList';

export interface InterfaceSelection {
  /** Index into `decisions` of the chosen interface, or -1 when none is supported. */
  chosen: number;
  decisions: InterfaceDecision[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function clientSupports(bindings: readonly BindingSupport[], binding: string, version: string): boolean {
  return bindings.some((b) => b.binding === binding && sameVersion(b.version, version));
}

/** Why an entry cannot be used by this client, or undefined when it can. */
function rejection(entry: unknown, bindings: readonly BindingSupport[]): string | undefined {
  if (!isObject(entry)) return 'not an object';
  const url = text(entry.url).trim();
  const binding = text(entry.protocolBinding);
  const version = text(entry.protocolVersion);
  if (!url) return 'no url';
  if (!binding) return 'no protocolBinding';
  if (!version) return 'no protocolVersion';
  if (!bindings.some((b) => b.binding === binding)) return `binding ${binding} is not supported by this client`;
  if (!clientSupports(bindings, binding, version)) {
    const known = bindings
      .filter((b) => b.binding === binding)
      .map((b) => b.version)
      .join(', ');
    return `${binding} version ${version} is not supported by this client (supports ${known})`;
  }
  return undefined;
}

function decisionFor(entry: unknown, index: number): InterfaceDecision {
  const e = isObject(entry) ? entry : {};
  const tenant = text(e.tenant);
  return {
    index,
    url: text(e.url),
    binding: text(e.protocolBinding),
    version: text(e.protocolVersion),
    tenant: tenant === '' ? null : tenant,
    chosen: false,
  };
}

export function selectInterface(interfaces: unknown, client: ClientConfig): InterfaceSelection {
  const entries = Array.isArray(interfaces) ? interfaces : [];
  const decisions: InterfaceDecision[] = [];
  let chosen = -1;
  entries.forEach((entry, index) => {
    const decision = decisionFor(entry, index);
    if (chosen >= 0) {
      decision.reason = `interface #${chosen} was chosen first`;
    } else {
      const reason = rejection(entry, client.bindings);
      if (reason === undefined) {
        decision.chosen = true;
        chosen = index;
      } else {
        decision.reason = reason;
      }
    }
    decisions.push(decision);
  });
  return { chosen, decisions };
}

/** "JSONRPC 1.0, GRPC 1.0" — what the card offered, for the reason of an unusable profile. */
export function describeOffered(decisions: readonly InterfaceDecision[]): string {
  // Card text in a message: each value cut short, and a few of them (a card may list thousands of interfaces).
  const cut = (s: string): string => (s.length > 60 ? `${s.slice(0, 57)}…` : s);
  const offered = [
    ...new Set(decisions.map((d) => `${cut(d.binding) || '(no binding)'} ${cut(d.version) || '(no version)'}`)),
  ];
  return offered.length ? someOf(offered) : 'none';
}
