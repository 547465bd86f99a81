import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompiledProfile, Evidence, Lockfile } from '../core/types';
import { CapabilitiesRequest, type CapabilitiesResult, type CapabilityNode } from '../protocol';
import type { Analysis } from './analysis';
import type { ServerContext } from './context';
import { securityPlain } from './capabilityText';
import { makeLocator } from './locate';
import { truncate } from './markdown';
import { lockfileAgainstCard, type LockfileAgainstCard } from './pinnedCard';
import { runSafe } from './runSafe';

const NONE: CapabilitiesResult = { kind: 'none', summary: '', severity: 'ok', nodes: [] };
const t = (s: unknown, n = 80): string => truncate(typeof s === 'string' ? s : String(s ?? ''), n);

/** a2a/capabilities: the "A2A Capabilities" tree for one open document. Labels are plain text. */
export function registerCapabilitiesRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(CapabilitiesRequest.type, (params, token) => runSafe(ctx.connection.console, token, NONE, 'capabilities', async () => {
    const a = await ctx.analysis(params.uri);
    const doc = ctx.documents.get(params.uri);
    if (!a || !doc || a.value === undefined) return NONE;
    if (a.kind === 'card') return withRanges(doc, a.text, cardTree(a));
    if (a.kind === 'lockfile') return withRanges(doc, a.text, lockTree(await lockfileAgainstCard(ctx, a)));
    return NONE;
  }));
}

/** Nodes name the member they are about; ranges are attached afterwards, all in one pass (withRanges). */
function at(pointer: string): Pick<CapabilityNode, 'pointer'> {
  return { pointer };
}

/** Resolves every node's pointer to a range with one scan of the document (locate.ts). */
function withRanges(doc: TextDocument, text: string, result: CapabilitiesResult): CapabilitiesResult {
  const pointers: string[] = [];
  const collect = (nodes: CapabilityNode[]) => nodes.forEach((n) => { if (n.pointer !== undefined) pointers.push(n.pointer); collect(n.children ?? []); });
  collect(result.nodes);
  const locate = makeLocator(text, pointers);
  const attach = (nodes: CapabilityNode[]) => nodes.forEach((n) => {
    if (n.pointer !== undefined) {
      const span = locate(n.pointer);
      n.range = { start: doc.positionAt(span.offset), end: doc.positionAt(span.offset + span.length) };
    }
    attach(n.children ?? []);
  });
  attach(result.nodes);
  return result;
}

export function cardTree(a: Analysis): CapabilitiesResult {
  const p = a.profile();
  if (!p) return { kind: 'card', summary: 'not compiled', severity: 'warning', nodes: [] };
  const nodes: CapabilityNode[] = [];
  if (!p.usable) nodes.push({ id: 'unusable', label: 'Unusable for this client', description: t(p.reason, 200), tooltip: t(p.reason, 1000), icon: 'error' });
  nodes.push(interfaceNode(p));
  nodes.push({ id: 'flags', label: 'Capabilities', children: [
    flagNode('streaming', 'streaming', p.streaming),
    flagNode('push', 'pushNotifications', p.push),
    flagNode('extended_card', 'extendedAgentCard', p.extended_card),
  ] });
  const unknown = p.provenance?.unknownExtensions ?? [];
  const known = p.extensions ?? [];
  nodes.push({ id: 'extensions', label: 'Extensions', description: `${known.length + unknown.length}`, children: [
    ...known.map((uri) => ({ id: `extensions/${uri}`, label: t(uri), description: 'known to your client', icon: 'check' })),
    ...unknown.map((e) => ({ id: `extensions/${e.uri}`, label: t(e.uri), description: e.required ? 'REQUIRED, unknown to your client' : 'unknown, ignored', icon: e.required ? 'error' : 'circle-slash' })),
  ] });
  const skills = p.skills ?? {};
  const prov = p.provenance?.skills ?? {};
  nodes.push({ id: 'skills', label: 'Skills', description: `${Object.keys(prov).length}`, children: Object.keys(prov).map((id) => {
    const s = Object.hasOwn(skills, id) ? skills[id] : undefined;
    const pv = prov[id]!;
    const base = { id: `skills/${id}`, label: t(id), icon: 'symbol-method', ...at(pv.pointer) };
    if (!s) return base;
    return { ...base, children: [
      { id: `skills/${id}/input`, label: 'Input', description: t(s.input.join(', '), 200), tooltip: pv.droppedInput.length ? `Replaces the defaults: ${pv.droppedInput.join(', ')} NOT accepted` : `From ${pv.input}` , icon: pv.droppedInput.length ? 'warning' : undefined },
      { id: `skills/${id}/output`, label: 'Output', description: t(s.output.join(', '), 200), tooltip: pv.droppedOutput.length ? `Replaces the defaults: ${pv.droppedOutput.join(', ')} NOT produced` : `From ${pv.output}`, icon: pv.droppedOutput.length ? 'warning' : undefined },
      { id: `skills/${id}/security`, label: 'Security', description: t(securityPlain(s.security), 200), tooltip: `From ${pv.security}` },
      { id: `skills/${id}/tags`, label: 'Tags', description: t(s.tags.join(', '), 200) },
    ] };
  }) });
  const summary = p.usable && p.interface ? `usable · ${t(p.interface.binding, 30)} ${t(p.interface.version, 10)}` : 'unusable';
  return { kind: 'card', summary, severity: p.usable ? 'ok' : 'error', nodes, profile: p };
}

function interfaceNode(p: CompiledProfile): CapabilityNode {
  const decisions = p.provenance?.interfaces ?? [];
  return {
    id: 'interface',
    label: 'Interface',
    description: p.interface ? `${t(p.interface.binding, 30)} ${t(p.interface.version, 10)} ${t(p.interface.url, 120)}` : 'none supported',
    icon: p.interface ? 'plug' : 'error',
    children: decisions.map((d) => ({
      id: `interface/${d.index}`,
      label: `${t(d.binding || '(no binding)', 30)} ${t(d.version || '?', 10)}`,
      description: d.chosen ? `chosen · ${t(d.url, 120)}` : `passed over: ${t(d.reason, 160)}`,
      icon: d.chosen ? 'check' : 'dash',
      ...at(`/supportedInterfaces/${d.index}`),
    })),
  };
}

function flagNode(id: string, member: string, value: boolean | undefined): CapabilityNode {
  return { id: `flags/${id}`, label: member, description: value ? 'yes' : 'no (absent or false)', icon: value ? 'check' : 'circle-slash', ...at(`/capabilities/${member}`) };
}

export function lockTree(r: LockfileAgainstCard | undefined): CapabilitiesResult {
  if (!r) return { kind: 'lockfile', summary: 'invalid lockfile', severity: 'error', nodes: [] };
  const { lock, check, pinned } = r;
  const nodes: CapabilityNode[] = [];
  nodes.push({ id: 'agent', label: 'Agent', description: t(lock.agent, 160), icon: 'globe', ...at('/agent') });
  nodes.push(check
    ? { id: 'check', label: 'Check against the card', description: `${check.classification} (${t(pinned?.source, 120)})`, icon: check.classification === 'breaking' ? 'error' : check.classification === 'review' ? 'warning' : 'check',
      children: [...check.problems, ...check.notes].map((i, n) => ({ id: `check/${n}`, label: i.level, description: t(i.message, 200), tooltip: t(i.message, 1000), icon: i.level === 'breaking' ? 'error' : i.level === 'review' ? 'warning' : 'info', ...at(i.pointer) })) }
    : { id: 'check', label: 'Check against the card', description: 'card not found in the workspace', icon: 'question' });
  nodes.push(requiresNode(lock));
  nodes.push(evidenceNode(lock));
  const summary = check ? check.classification : 'pinned (card not in workspace)';
  const severity = check?.classification === 'breaking' ? 'error' : check?.classification === 'review' ? 'warning' : 'ok';
  return { kind: 'lockfile', summary, severity, nodes, ...(check ? { check } : {}), ...(pinned ? { profile: pinned.profile } : {}) };
}

function requiresNode(lock: Lockfile): CapabilityNode {
  const r = lock.requires;
  const children: CapabilityNode[] = [];
  for (const flag of ['streaming', 'push', 'extended_card'] as const) {
    if (r[flag] !== undefined) children.push({ id: `requires/${flag}`, label: flag, description: r[flag] ? 'needed' : 'not needed', ...at(`/requires/${flag}`) });
  }
  for (const uri of r.extensions ?? []) children.push({ id: `requires/extensions/${uri}`, label: t(uri), description: 'extension', icon: 'extensions' });
  for (const [id, s] of Object.entries(r.skills ?? {})) {
    children.push({ id: `requires/skills/${id}`, label: t(id), icon: 'symbol-method', ...at(`/requires/skills/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`), children: [
      ...(s.input ? [{ id: `requires/skills/${id}/input`, label: 'Input', description: t(s.input.join(', '), 200) }] : []),
      ...(s.output ? [{ id: `requires/skills/${id}/output`, label: 'Output', description: t(s.output.join(', '), 200) }] : []),
      ...(s.scopes ? [{ id: `requires/skills/${id}/scopes`, label: 'Scopes', description: `${t(s.scheme ?? '', 40)} ${t(s.scopes.join(', '), 160)}`.trim() }] : []),
    ] });
  }
  return { id: 'requires', label: 'Requires', children };
}

/** Claimed vs verified: each `verified` entry, free text (claimed) or probe evidence (verified/refuted/…). */
function evidenceNode(lock: Lockfile): CapabilityNode {
  const entries = Object.entries(lock.verified ?? {});
  const verifiedCount = entries.filter(([, e]) => typeof e !== 'string' && (e as Evidence).result === 'verified').length;
  return {
    id: 'verified',
    label: 'Evidence',
    description: entries.length ? `${verifiedCount} of ${entries.length} verified by probes` : 'claimed only: nothing verified yet',
    children: entries.map(([claim, e]) => typeof e === 'string'
      ? { id: `verified/${claim}`, label: t(claim), description: `claimed: ${t(e, 160)}`, icon: 'circle-outline', ...at(`/verified/${claim.replace(/~/g, '~0').replace(/\//g, '~1')}`) }
      : { id: `verified/${claim}`, label: t(claim), description: `${e.result} by ${t(e.probe, 60)} at ${t(e.at, 40)}`, tooltip: t(e.detail, 1000) || undefined, icon: e.result === 'verified' ? 'verified' : e.result === 'refuted' ? 'error' : 'circle-slash', ...at(`/verified/${claim.replace(/~/g, '~0').replace(/\//g, '~1')}`) }),
  };
}
