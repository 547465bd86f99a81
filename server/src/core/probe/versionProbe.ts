/**
 * Version negotiation (A2A §3.6), three results from three GetTask calls on a random task id (no state change):
 * - version: the interface answers the version the card declares, sent as Major.Minor as clients do (a patch
 *   part in the card must not influence negotiation, so it is not sent; an agent that only accepts it verbatim
 *   fails here, since conforming clients never send it);
 * - version-negotiation: an unsupported version (99.0) gets VersionNotSupported;
 * - version-default: a request without A2A-Version is taken as 0.3, not as the agent's newest version.
 */
import type { Probe, ProbeEnv } from './probes';
import type { ProbeResult } from './types';
import { attempt, errType, randomTask, result, said } from './probeResult';

/** "1.0.1" → { majorMinor: "1.0", patch: true }; anything not starting with Major.Minor is sent as written. */
export function negotiatedVersion(declared: string): { sent: string; patch: boolean } {
  const m = /^(\d+)\.(\d+)(\.\d+)?$/.exec(declared.trim());
  if (!m) return { sent: declared, patch: false };
  return { sent: `${m[1]}.${m[2]}`, patch: m[3] !== undefined };
}

const understood = (t: string): boolean => t === 'TaskNotFound' || t === 'ok';

/** The protocolVersion as the card writes it for the probed interface (a compiled profile keeps Major.Minor only). */
function declaredFor(env: ProbeEnv): string {
  const list = Array.isArray(env.card.supportedInterfaces)
    ? (env.card.supportedInterfaces as Record<string, unknown>[])
    : [];
  const entry = list.find(
    (i) =>
      i?.url === env.iface.url &&
      i?.protocolBinding === env.iface.binding &&
      typeof i?.protocolVersion === 'string' &&
      negotiatedVersion(i.protocolVersion).sent === negotiatedVersion(env.iface.version).sent,
  );
  return typeof entry?.protocolVersion === 'string' ? entry.protocolVersion : env.iface.version;
}

async function declaredVersion(env: ProbeEnv): Promise<ProbeResult> {
  const declared = declaredFor(env);
  const { sent, patch } = negotiatedVersion(declared);
  const claim = `the interface speaks A2A ${declared}`;
  const patchNote = patch
    ? `; the card's protocolVersion ${JSON.stringify(declared)} has a patch part, which versions must not carry (they compare as Major.Minor): write ${JSON.stringify(sent)}`
    : '';
  return attempt(env, 'version', claim, async () => {
    const r = await env.call('GetTask', { id: randomTask() }, { a2aVersion: sent });
    const t = errType(r);
    if (understood(t))
      return result(
        env,
        'version',
        claim,
        'verified',
        `GetTask with A2A-Version ${sent} was understood (${said(r)})${patchNote}`,
      );
    if (t !== 'VersionNotSupported')
      return result(env, 'version', claim, 'error', `unexpected answer to GetTask: ${said(r)}`);
    if (!patch) return result(env, 'version', claim, 'refuted', `the agent rejects A2A-Version ${sent}: ${said(r)}`);
    const verbatim = await env.call('GetTask', { id: randomTask() }, { a2aVersion: declared });
    const how = understood(errType(verbatim))
      ? `only the verbatim ${declared} is understood, and clients send Major.Minor`
      : `the verbatim ${declared} answered ${said(verbatim)} too`;
    return result(
      env,
      'version',
      claim,
      'refuted',
      `A2A-Version ${sent} (what clients send for ${declared}) answered ${said(r)}: ${how}${patchNote}`,
    );
  });
}

async function unsupportedVersion(env: ProbeEnv): Promise<ProbeResult> {
  const claim = 'unsupported versions are rejected (A2A §3.6.2)';
  return attempt(env, 'version-negotiation', claim, async () => {
    const r = await env.call('GetTask', { id: randomTask() }, { a2aVersion: '99.0' });
    if (errType(r) === 'VersionNotSupported')
      return result(env, 'version-negotiation', claim, 'verified', 'A2A-Version 99.0 answered VersionNotSupported');
    return result(
      env,
      'version-negotiation',
      claim,
      'refuted',
      `A2A-Version 99.0 answered ${said(r)} instead of VersionNotSupported`,
    );
  });
}

async function absentVersion(env: ProbeEnv): Promise<ProbeResult> {
  const claim = 'a request without A2A-Version is taken as 0.3 (A2A §3.6.2)';
  return attempt(env, 'version-default', claim, async () => {
    const r = await env.call('GetTask', { id: randomTask() }, { a2aVersion: null });
    const t = errType(r);
    if (t === 'VersionNotSupported')
      return result(
        env,
        'version-default',
        claim,
        'verified',
        `without A2A-Version, GetTask answered ${said(r)}: the request was taken as 0.3, which this interface does not serve`,
      );
    // 0.3 names the operation tasks/get (JSON-RPC) and routes it under /v1 (HTTP+JSON): the 1.0 name is unknown there.
    if (t === 'MethodNotFound' || t === 'NotFound')
      return result(
        env,
        'version-default',
        claim,
        'verified',
        `without A2A-Version, GetTask answered ${said(r)}, as 0.3 would (it has no such operation)`,
      );
    if (understood(t))
      return result(
        env,
        'version-default',
        claim,
        'refuted',
        `without A2A-Version, GetTask was served with ${env.iface.version} semantics (${said(r)}): 0.3 clients, which send no header, get answers they cannot read`,
      );
    return result(
      env,
      'version-default',
      claim,
      'error',
      `inconclusive answer to GetTask without A2A-Version: ${said(r)}`,
    );
  });
}

export const versionProbe: Probe = async (env) => [
  await declaredVersion(env),
  await unsupportedVersion(env),
  await absentVersion(env),
];
