import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isObject } from '../../core/document';
import { claimsWithEvidence, type EvidenceClaim } from '../../core/evidence/claims';
import { escapeSegment } from '../../core/pointer/range';
import { readLockfile } from '../../core/lockfile/read';
import { resolveAgent } from '../../node/agentLocation';
import type { CompiledProfile, Lockfile } from '../../core/types';
import type { CapabilitiesResult, CapabilityNode } from '../../protocol';
import type { Analysis } from './analysis';
import { securityPlain } from './capabilityText';
import { uriPath } from './documentKind';
import { makeLocator } from '../../core/pointer/locateAll';
import { truncate } from './markdown';
import { visibleText } from '../../core/text/untrustedText';
import { cardMatchesAgent, lockfileAgainstCard, type LockfileAgainstCard } from './pinnedCard';
import { redactValue } from '../../core/text/redact';
import { profileRedactor, shownProfile } from '../../core/profile/shown';
import type { DocumentWorld } from './world';
import { catalogTree } from './capabilitiesCatalog';

type EvidenceSection = NonNullable<CapabilitiesResult['evidence']>;

export const NONE_CAPABILITIES: CapabilitiesResult = { kind: 'none', summary: '', severity: 'ok', nodes: [] };
const t = (s: unknown, n = 80): string => truncate(visibleText(typeof s === 'string' ? s : String(s ?? '')), n);

/** a2a/capabilities: the "A2A Capabilities" tree for one open document. Labels are plain text. */
/** a2a/capabilities: the "A2A Capabilities" tree for one open document. Labels are plain text. */
export async function capabilities(world: DocumentWorld, request: { uri: string }): Promise<CapabilitiesResult> {
  const a = await world.analysis(request.uri);
  const doc = world.document(request.uri);
  if (!a || !doc || a.value === undefined) return NONE_CAPABILITIES;
  if (a.kind === 'card') return withRanges(doc, a.text, shown(cardTree(a, await cardEvidence(world, a)), a.profile()));
  if (a.kind === 'lockfile') {
    const r = await lockfileAgainstCard(world, a);
    const tree = lockTree(r, r ? lockEvidence(world, r) : undefined);
    return withRanges(doc, a.text, shown(tree, r?.pinned?.profile ?? r?.live?.card.profile));
  }
  if (a.kind === 'catalog') return withRanges(doc, a.text, catalogTree(a));
  return NONE_CAPABILITIES;
}

/**
 * The tree as the view shows it: the passwords of the card's interface URLs nowhere, and no URL with its userinfo
 * (the labels are built from the shown profile, so a clipped URL cannot keep half of one either).
 */
function shown(result: CapabilitiesResult, compiled: CompiledProfile | undefined): CapabilitiesResult {
  return redactValue(result, profileRedactor(compiled));
}

/**
 * The URL an open card is known by: the agent of an open lockfile that pins it, else the URL it was
 * fetched from (A2A: Fetch Agent Card) or an agent known at one of its interfaces (liveSession).
 */
async function cardAgent(world: DocumentWorld, a: Analysis): Promise<string | undefined> {
  const card = a.value as Record<string, unknown>;
  for (const other of await world.openAnalyses()) {
    if (other.kind !== 'lockfile') continue;
    const read = readLockfile(other.value);
    if (!read.ok) continue;
    const agent = resolveAgent(read.lockfile.agent, uriPath(other.uri));
    if (agent === uriPath(a.uri) || cardMatchesAgent(card, read.lockfile.agent)) return agent;
  }
  return world.session.urlOfCard(card);
}

async function cardEvidence(world: DocumentWorld, a: Analysis): Promise<EvidenceSection> {
  if (!isObject(a.value)) return { claims: [] };
  const agent = await cardAgent(world, a);
  const records = agent !== undefined ? world.session.evidence.get(agent) : [];
  return { ...(agent !== undefined ? { agent } : {}), claims: claimsWithEvidence(a.profile(), undefined, records) };
}

function lockEvidence(world: DocumentWorld, r: LockfileAgainstCard): EvidenceSection {
  const profile = r.pinned?.profile ?? r.live?.card.profile;
  const claims = claimsWithEvidence(profile, r.lock, world.session.evidence.get(r.agent));
  // Free-text `verified` entries are what someone wrote down, not evidence: shown with the claim, still unverified.
  for (const [name, e] of Object.entries(r.lock.verified ?? {})) {
    if (typeof e !== 'string') continue;
    const claim = claims.find((c) => c.probe === name);
    if (claim && claim.status === 'unverified') claim.detail = `the lockfile records: ${e}`;
    else if (!claim) claims.push({ probe: name, label: name, claimed: `recorded: ${e}`, status: 'unverified' });
  }
  return { agent: r.agent, claims };
}

const EVIDENCE_ICON: Record<EvidenceClaim['status'], string> = {
  verified: 'verified',
  refuted: 'error',
  skipped: 'circle-slash',
  error: 'warning',
  unverified: 'circle-outline',
};

/** "Evidence: claimed vs verified": one row per claim, the icon says the latest probe outcome. */
export function evidenceNode(section: EvidenceSection, lock?: Lockfile): CapabilityNode {
  const count = (status: EvidenceClaim['status']) => section.claims.filter((c) => c.status === status).length;
  const verified = count('verified');
  const refuted = count('refuted');
  const description =
    section.claims.length === 0
      ? 'no claims to verify'
      : verified + refuted === 0 && section.claims.every((c) => c.status === 'unverified')
        ? `claimed only: nothing verified yet (${section.claims.length} claims)`
        : `${verified} verified, ${refuted} refuted of ${section.claims.length} claims`;
  return {
    id: 'evidence',
    label: 'Evidence: claimed vs verified',
    description,
    tooltip: section.agent
      ? `Probe evidence for ${t(section.agent, 300)}`
      : "The agent's URL is not known: fetch the card (A2A: Fetch Agent Card) or probe the agent",
    icon: refuted > 0 ? 'error' : verified > 0 ? 'verified' : 'circle-outline',
    children: section.claims.map((c) => ({
      id: `evidence/${c.probe}`,
      label: t(c.label),
      description: `claims ${t(c.claimed, 80)} · ${c.status === 'unverified' ? 'not verified' : `${c.status} ${t(c.at ?? '', 40)}`}`,
      tooltip:
        [
          c.detail ? t(c.detail, 1000) : '',
          c.source ? `(${c.source === 'probe' ? 'probed in this session' : 'from the lockfile'})` : '',
        ]
          .filter(Boolean)
          .join(' ') || undefined,
      icon: EVIDENCE_ICON[c.status],
      ...(lock && Object.hasOwn(lock.verified ?? {}, c.probe) ? at(`/verified/${escapeSegment(c.probe)}`) : {}),
    })),
  };
}

/** Nodes name the member they are about; ranges are attached afterwards, all in one pass (withRanges). */
function at(pointer: string): Pick<CapabilityNode, 'pointer'> {
  return { pointer };
}

/** Resolves every node's pointer to a range with one scan of the document (locate.ts). */
function withRanges(doc: TextDocument, text: string, result: CapabilitiesResult): CapabilitiesResult {
  const pointers: string[] = [];
  const collect = (nodes: CapabilityNode[]) =>
    nodes.forEach((n) => {
      if (n.pointer !== undefined) pointers.push(n.pointer);
      collect(n.children ?? []);
    });
  collect(result.nodes);
  const locate = makeLocator(text, pointers);
  const attach = (nodes: CapabilityNode[]) =>
    nodes.forEach((n) => {
      if (n.pointer !== undefined) {
        const span = locate(n.pointer);
        n.range = { start: doc.positionAt(span.offset), end: doc.positionAt(span.offset + span.length) };
      }
      attach(n.children ?? []);
    });
  attach(result.nodes);
  return result;
}

export function cardTree(a: Analysis, evidence?: EvidenceSection): CapabilitiesResult {
  const p = shownProfile(a.profile());
  if (!p) return { kind: 'card', summary: 'not compiled', severity: 'warning', nodes: [] };
  const nodes: CapabilityNode[] = [];
  if (!p.usable)
    nodes.push({
      id: 'unusable',
      label: 'Unusable for this client',
      description: t(p.reason, 200),
      tooltip: t(p.reason, 1000),
      icon: 'error',
    });
  nodes.push(interfaceNode(p));
  nodes.push({
    id: 'flags',
    label: 'Capabilities',
    children: [
      flagNode('streaming', 'streaming', p.streaming),
      flagNode('push', 'pushNotifications', p.push),
      flagNode('extended_card', 'extendedAgentCard', p.extended_card),
    ],
  });
  const unknown = p.provenance?.unknownExtensions ?? [];
  const known = p.extensions ?? [];
  nodes.push({
    id: 'extensions',
    label: 'Extensions',
    description: `${known.length + unknown.length}`,
    children: [
      ...known.map((uri) => ({
        id: `extensions/${uri}`,
        label: t(uri),
        description: 'known to your client',
        icon: 'check',
      })),
      ...unknown.map((e) => ({
        id: `extensions/${e.uri}`,
        label: t(e.uri),
        description: e.required ? 'REQUIRED, unknown to your client' : 'unknown, ignored',
        icon: e.required ? 'error' : 'circle-slash',
      })),
    ],
  });
  const skills = p.skills ?? {};
  const prov = p.provenance?.skills ?? {};
  nodes.push({
    id: 'skills',
    label: 'Skills',
    description: `${Object.keys(prov).length}`,
    children: Object.entries(prov).map(([id, pv]) => {
      const s = Object.hasOwn(skills, id) ? skills[id] : undefined;
      const base = { id: `skills/${id}`, label: t(id), icon: 'symbol-method', ...at(pv.pointer) };
      if (!s) return base;
      return {
        ...base,
        children: [
          {
            id: `skills/${id}/input`,
            label: 'Input',
            description: t(s.input.join(', '), 200),
            tooltip: pv.droppedInput.length
              ? `Replaces the defaults: ${pv.droppedInput.join(', ')} NOT accepted`
              : `From ${pv.input}`,
            icon: pv.droppedInput.length ? 'warning' : undefined,
          },
          {
            id: `skills/${id}/output`,
            label: 'Output',
            description: t(s.output.join(', '), 200),
            tooltip: pv.droppedOutput.length
              ? `Replaces the defaults: ${pv.droppedOutput.join(', ')} NOT produced`
              : `From ${pv.output}`,
            icon: pv.droppedOutput.length ? 'warning' : undefined,
          },
          {
            id: `skills/${id}/security`,
            label: 'Security',
            description: t(securityPlain(s.security), 200),
            tooltip: `From ${pv.security}`,
          },
          { id: `skills/${id}/tags`, label: 'Tags', description: t(s.tags.join(', '), 200) },
        ],
      };
    }),
  });
  if (evidence) nodes.push(evidenceNode(evidence));
  const summary =
    p.usable && p.interface ? `usable · ${t(p.interface.binding, 30)} ${t(p.interface.version, 10)}` : 'unusable';
  return {
    kind: 'card',
    summary,
    severity: p.usable ? 'ok' : 'error',
    nodes,
    profile: p,
    ...(evidence ? { evidence } : {}),
  };
}

function interfaceNode(p: CompiledProfile): CapabilityNode {
  const decisions = p.provenance?.interfaces ?? [];
  return {
    id: 'interface',
    label: 'Interface',
    description: p.interface
      ? `${t(p.interface.binding, 30)} ${t(p.interface.version, 10)} ${t(p.interface.url, 120)}`
      : 'none supported',
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
  return {
    id: `flags/${id}`,
    label: member,
    description: value ? 'yes' : 'no (absent or false)',
    icon: value ? 'check' : 'circle-slash',
    ...at(`/capabilities/${member}`),
  };
}

export function lockTree(r: LockfileAgainstCard | undefined, evidence?: EvidenceSection): CapabilitiesResult {
  if (!r) return { kind: 'lockfile', summary: 'invalid lockfile', severity: 'error', nodes: [] };
  const { lock, pinned } = r;
  // The workspace card when there is one (what the user edits), else the live card fetched this session.
  const check = r.check ?? r.live?.check;
  const source = r.check ? t(pinned?.source, 120) : r.live ? `live card, fetched ${t(r.live.card.at, 40)}` : '';
  const nodes: CapabilityNode[] = [];
  nodes.push({ id: 'agent', label: 'Agent', description: t(lock.agent, 160), icon: 'globe', ...at('/agent') });
  if (r.unusable)
    nodes.push({
      id: 'unusable',
      label: 'Card cannot be used',
      description: t(r.unusable, 200),
      tooltip: t(r.unusable, 1000),
      icon: 'error',
      ...at('/agent'),
    });
  if (r.liveFailure)
    nodes.push({
      id: 'live-error',
      label: 'Live check failed',
      description: t(r.liveFailure.cause, 200),
      tooltip: t(r.liveFailure.cause, 1000),
      icon: 'warning',
      ...at('/agent'),
    });
  nodes.push(
    check
      ? {
          id: 'check',
          label: 'Check against the card',
          description: `${check.classification} (${source})`,
          icon: check.classification === 'breaking' ? 'error' : check.classification === 'review' ? 'warning' : 'check',
          children: [...check.problems, ...check.notes].map((i, n) => ({
            id: `check/${n}`,
            label: i.level,
            description: t(i.message, 200),
            tooltip: t(i.message, 1000),
            icon: i.level === 'breaking' ? 'error' : i.level === 'review' ? 'warning' : 'info',
            ...at(i.pointer),
          })),
        }
      : {
          id: 'check',
          label: 'Check against the card',
          description: r.unusable
            ? 'not checked: the card cannot be used'
            : 'card not found in the workspace and not fetched yet',
          icon: r.unusable ? 'error' : 'question',
        },
  );
  nodes.push(requiresNode(lock));
  if (evidence) nodes.push(evidenceNode(evidence, lock));
  const summary = check ? check.classification : r.unusable ? 'card cannot be used' : 'pinned (card not in workspace)';
  const severity =
    check?.classification === 'breaking' || (!check && r.unusable)
      ? 'error'
      : check?.classification === 'review'
        ? 'warning'
        : 'ok';
  const profile = shownProfile(pinned?.profile ?? r.live?.card.profile);
  return {
    kind: 'lockfile',
    summary,
    severity,
    nodes,
    ...(check ? { check } : {}),
    ...(profile ? { profile } : {}),
    ...(evidence ? { evidence } : {}),
  };
}

function requiresNode(lock: Lockfile): CapabilityNode {
  const r = lock.requires;
  const children: CapabilityNode[] = [];
  for (const flag of ['streaming', 'push', 'extended_card'] as const) {
    if (r[flag] !== undefined)
      children.push({
        id: `requires/${flag}`,
        label: flag,
        description: r[flag] ? 'needed' : 'not needed',
        ...at(`/requires/${flag}`),
      });
  }
  for (const uri of r.extensions ?? [])
    children.push({ id: `requires/extensions/${uri}`, label: t(uri), description: 'extension', icon: 'extensions' });
  for (const [id, s] of Object.entries(r.skills ?? {})) {
    children.push({
      id: `requires/skills/${id}`,
      label: t(id),
      icon: 'symbol-method',
      ...at(`/requires/skills/${escapeSegment(id)}`),
      children: [
        ...(s.input
          ? [{ id: `requires/skills/${id}/input`, label: 'Input', description: t(s.input.join(', '), 200) }]
          : []),
        ...(s.output
          ? [{ id: `requires/skills/${id}/output`, label: 'Output', description: t(s.output.join(', '), 200) }]
          : []),
        ...(s.scopes
          ? [
              {
                id: `requires/skills/${id}/scopes`,
                label: 'Scopes',
                description: `${t(s.scheme ?? '', 40)} ${t(s.scopes.join(', '), 160)}`.trim(),
              },
            ]
          : []),
      ],
    });
  }
  return { id: 'requires', label: 'Requires', children };
}
