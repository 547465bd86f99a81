/**
 * Hover text for agent cards: what a client actually does with the member under the cursor.
 * Every string that comes from the card goes through plain()/plainList() (markdown.ts).
 */
import { isObject } from '../../core/document';
import { withoutUserinfo } from '../../core/text/redact';
import { compileProfile } from '../../core/profile/compile';
import type {
  CompiledProfile,
  InterfaceDecision,
  SecurityAlternative,
  SkillProfile,
  SkillProvenance,
} from '../../core/types';
import type { Analysis } from './analysis';
import { plain, plainList } from './markdown';

/** What each capability flag gates (A2A §3.3.4), for the flag hover. */
const FLAG_TEXT: Record<string, { gates: string; missing: string }> = {
  streaming: {
    gates: 'SendStreamingMessage and SubscribeToTask (server-sent events).',
    missing: 'false or absent: both calls fail with UnsupportedOperationError; clients must poll with GetTask instead.',
  },
  pushNotifications: {
    gates: 'the push notification config operations (Create/Get/List/DeleteTaskPushNotificationConfig).',
    missing: 'false or absent: every push config call fails with PushNotificationNotSupportedError.',
  },
  extendedAgentCard: {
    gates: 'GetExtendedAgentCard: an authenticated caller may get a fuller card (more skills, configuration).',
    missing:
      'false or absent: GetExtendedAgentCard fails with UnsupportedOperationError. Declared but not configured on the server: ExtendedAgentCardNotConfiguredError.',
  },
};

/** The profile to explain: the real one, or (for an unusable card) the one a client that could connect would get. */
function explainableProfile(a: Analysis): { profile: CompiledProfile | undefined; unusableReason?: string } {
  const real = a.profile();
  if (!real || real.usable) return { profile: real };
  const card = a.value as Record<string, unknown>;
  const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
  const bindings = interfaces.flatMap((i) =>
    isObject(i) && typeof i.protocolBinding === 'string' && typeof i.protocolVersion === 'string'
      ? [{ binding: i.protocolBinding, version: i.protocolVersion }]
      : [],
  );
  const extensions = real.provenance?.unknownExtensions.map((e) => e.uri) ?? [];
  const known = [...a.settings.client.knownExtensions, ...extensions];
  let permissive = compileProfile(card, { bindings, knownExtensions: known });
  if (!permissive.usable) {
    // No usable interface at all (e.g. a 0.3 card): explain the skills as if one existed.
    const standIn = {
      ...card,
      supportedInterfaces: [{ url: 'about:blank', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    };
    permissive = compileProfile(standIn, {
      bindings: [{ binding: 'JSONRPC', version: '1.0' }],
      knownExtensions: known,
    });
  }
  return { profile: permissive.usable ? permissive : undefined, unusableReason: real.reason ?? 'unknown reason' };
}

export function skillHover(a: Analysis, index: number): string | undefined {
  const skills = (a.value as Record<string, unknown>).skills;
  const skill = Array.isArray(skills) ? skills[index] : undefined;
  if (!isObject(skill) || typeof skill.id !== 'string') return undefined;
  const id = skill.id;
  const { profile, unusableReason } = explainableProfile(a);
  const lines = [`**Skill ${plain(id)}**: compiled profile for this client`];
  if (unusableReason)
    lines.push(
      '',
      `⚠ This card is unusable for your client: ${plain(unusableReason, 400)}. Shown as a client that could connect would see it.`,
    );
  const p = profile?.skills && Object.hasOwn(profile.skills, id) ? profile.skills[id] : undefined;
  const prov =
    profile?.provenance?.skills && Object.hasOwn(profile.provenance.skills, id)
      ? profile.provenance.skills[id]
      : undefined;
  if (!p || !prov)
    return [
      ...lines,
      '',
      'This skill is not in the compiled profile (a duplicate id: the first skill with this id wins).',
    ].join('\n');
  lines.push('', ...skillProfileLines(p, prov, a.value as Record<string, unknown>, profile?.schemes));
  return lines.join('\n');
}

/** Modes, security and tags of one compiled skill, with where each came from. */
export function skillProfileLines(
  p: SkillProfile,
  prov: SkillProvenance,
  card: Record<string, unknown>,
  schemes?: CompiledProfile['schemes'],
): string[] {
  const defaultsIn = Array.isArray(card.defaultInputModes) ? card.defaultInputModes : [];
  const defaultsOut = Array.isArray(card.defaultOutputModes) ? card.defaultOutputModes : [];
  return [
    `- **Input**: ${plainList(p.input)} (${modeOrigin(prov.input, 'inputModes', defaultsIn, prov.droppedInput, 'accepted')})`,
    `- **Output**: ${plainList(p.output)} (${modeOrigin(prov.output, 'outputModes', defaultsOut, prov.droppedOutput, 'produced')})`,
    `- **Security**: ${securityText(p.security, schemes)} (${prov.security === 'skill' ? "the skill's own securityRequirements, replacing the card's" : prov.security === 'card' ? "inherited from the card's securityRequirements" : 'no requirement'})`,
    `- **Tags**: ${plainList(p.tags)}`,
  ];
}

function modeOrigin(
  from: 'skill' | 'defaults',
  member: string,
  defaults: unknown[],
  dropped: string[],
  verb: string,
): string {
  if (from === 'defaults')
    return `inherited from the card's default${member === 'inputModes' ? 'Input' : 'Output'}Modes`;
  const base = `the skill's ${member}; replaces defaults ${plainList(defaults)}`;
  return dropped.length ? `${base}: ${plainList(dropped)} ${dropped.length === 1 ? 'is' : 'are'} NOT ${verb}` : base;
}

export function securityText(security: SecurityAlternative[], schemes?: CompiledProfile['schemes']): string {
  if (security.length === 0) return 'none';
  return security
    .map((alt) => {
      const parts = Object.entries(alt).map(([name, scopes]) => {
        const s = schemes && Object.hasOwn(schemes, name) ? schemes[name] : undefined;
        const kind = s
          ? ` [${plain(s.type)}${s.flow ? ` ${plain(s.flow)}` : ''}]`
          : ' [not defined in securitySchemes]';
        return `${plain(name)}${kind}${scopes.length ? ` with scopes ${plainList(scopes)}` : ''}`;
      });
      return parts.join(' AND ');
    })
    .join(' OR ');
}

export function interfacesHover(a: Analysis, index?: number): string {
  const profile = a.profile();
  const decisions = profile?.provenance?.interfaces ?? [];
  const lines = [
    `**Interface selection** for a client supporting ${plainList(a.settings.client.bindings)}:`,
    '',
    'A client walks supportedInterfaces in order and takes the first entry whose binding and version it supports.',
    '',
  ];
  if (decisions.length === 0) lines.push('No interfaces listed: no client can reach this agent.');
  for (const d of decisions) lines.push(decisionLine(d, d.index === index));
  if (profile && !profile.usable) lines.push('', `⚠ Unusable: ${plain(profile.reason ?? '', 400)}`);
  return lines.join('\n');
}

function decisionLine(d: InterfaceDecision, here: boolean): string {
  const what = `${plain(d.binding || '(no binding)')} ${plain(d.version || '(no version)')} at ${plain(withoutUserinfo(d.url) || '(no url)', 120)}${d.tenant ? `, tenant ${plain(d.tenant)}` : ''}`;
  const verdict = d.chosen ? '**chosen**' : `passed over: ${plain(d.reason ?? '', 200)}`;
  return `${d.index + 1}. ${here ? '▶ ' : ''}${what}: ${verdict}`;
}

export function flagHover(a: Analysis, flag: string): string | undefined {
  const text = FLAG_TEXT[flag];
  if (!text) return undefined;
  const caps = (a.value as Record<string, unknown>).capabilities as Record<string, unknown> | undefined;
  const value = caps?.[flag];
  const on = value === true;
  return [
    `**capabilities.${flag}**: ${on ? 'true' : value === undefined ? 'absent (means false)' : `${plain(value, 40)} (only true counts)`}`,
    '',
    `Gates ${text.gates}`,
    '',
    `When ${text.missing}`,
  ].join('\n');
}

export function extensionHover(a: Analysis, index: number): string | undefined {
  const caps = (a.value as Record<string, unknown>).capabilities as Record<string, unknown> | undefined;
  const list = Array.isArray(caps?.extensions) ? caps.extensions : [];
  const ext = list[index] as Record<string, unknown> | undefined;
  if (!ext || typeof ext !== 'object') return undefined;
  const uri = typeof ext.uri === 'string' ? ext.uri : '';
  const known = a.settings.client.knownExtensions.includes(uri);
  const required = ext.required === true;
  const verdict = known
    ? 'Your client implements it: it will be activated through the A2A-Extensions header.'
    : required
      ? '⚠ Required and your client does not implement it: the agent answers ExtensionSupportRequiredError, so the card is unusable for your client (add it to a2a.client.knownExtensions if you do implement it).'
      : 'Optional and unknown to your client: it is ignored.';
  return [`**Extension** ${plain(uri || '(no uri)', 200)}${required ? ' (required)' : ''}`, '', verdict].join('\n');
}

/** On defaultInputModes / defaultOutputModes: which skills replace them (and so do not inherit them). */
export function defaultModesHover(a: Analysis, member: 'defaultInputModes' | 'defaultOutputModes'): string | undefined {
  const { profile } = explainableProfile(a);
  const prov = profile?.provenance?.skills ?? {};
  const direction = member === 'defaultInputModes' ? 'input' : 'output';
  const replacing = Object.entries(prov).filter(([, p]) => p[direction] === 'skill');
  const inheriting = Object.entries(prov).filter(([, p]) => p[direction] === 'defaults');
  const dropped = (p: SkillProvenance) => (direction === 'input' ? p.droppedInput : p.droppedOutput);
  const lines = [
    `**${member}**: inherited by ${inheriting.length} skill(s)${inheriting.length ? `: ${plainList(inheriting.map(([id]) => id))}` : ''}.`,
  ];
  if (replacing.length) {
    lines.push('', `Replaced (not extended) by the own ${direction}Modes of:`);
    for (const [id, p] of replacing.slice(0, 20))
      lines.push(
        `- ${plain(id)}${dropped(p).length ? `: ${plainList(dropped(p))} NOT ${direction === 'input' ? 'accepted' : 'produced'}` : ''}`,
      );
  }
  return lines.join('\n');
}
