/** Hover text for lockfile requirements: the current value in the card the lockfile pins. */
import { shownProfile } from '../../core/profile/shown';
import type { Evidence } from '../../core/types';
import { skillProfileLines } from './hoverCard';
import { plain, plainList } from './markdown';
import type { LockfileAgainstCard } from './pinnedCard';

const FLAGS: Record<string, 'streaming' | 'push' | 'extended_card'> = {
  streaming: 'streaming',
  push: 'push',
  extended_card: 'extended_card',
};

export function lockfileHover(segments: readonly string[], r: LockfileAgainstCard | undefined): string | undefined {
  if (!r) return undefined;
  const { lock, pinned } = r;
  if (!pinned) {
    if (segments[0] === 'requires' || segments[0] === 'agent') {
      return `No card for ${plain(lock.agent, 200)} was found in the workspace: open it (or keep it next to the lockfile) to see its current values.`;
    }
    return undefined;
  }
  // Shown: the interface URL without its userinfo (core/profile/shown.ts).
  const p = shownProfile(pinned.profile);
  const source = r.unusable
    ? `*Current card: ${plain(pinned.source, 160)}*\n\n⚠ ${plain(r.unusable, 400)}`
    : `*Current card: ${plain(pinned.source, 160)}*`;
  const [top, second, third] = segments;
  if (top === 'agent')
    return [`**Pinned agent**: ${p.usable ? 'usable' : `⚠ unusable: ${plain(p.reason ?? '', 300)}`}`, '', source].join(
      '\n',
    );
  if (top === 'agent_version')
    return [
      `**Agent version**: pinned ${plain(lock.agent_version ?? '(none)')}, card now ${plain(p.agent_version ?? '(unknown)')}`,
      '',
      source,
    ].join('\n');
  if (top === 'interface') {
    const now = p.interface
      ? `${plain(p.interface.binding)} ${plain(p.interface.version)} at ${plain(p.interface.url, 120)}`
      : 'none (unusable)';
    return [
      `**Interface**: pinned ${plain(lock.interface?.binding ?? '?')} ${plain(lock.interface?.version ?? '?')}, a client now picks ${now}`,
      '',
      source,
    ].join('\n');
  }
  const key = top === 'requires' && second !== undefined && second in FLAGS ? FLAGS[second] : undefined;
  if (key !== undefined) {
    return [
      `**${second}**: the lock ${lock.requires[key] ? 'needs' : 'does not need'} it; the card now declares ${p[key] ? 'true' : 'false (or absent)'}`,
      '',
      source,
    ].join('\n');
  }
  if (top === 'requires' && second === 'extensions') {
    return [
      `**Extensions** the card declares and your client knows: ${plainList(p.extensions ?? [])}`,
      '',
      source,
    ].join('\n');
  }
  if (top === 'requires' && second === 'skills' && third !== undefined) {
    const skill = p.skills && Object.hasOwn(p.skills, third) ? p.skills[third] : undefined;
    const prov =
      p.provenance?.skills && Object.hasOwn(p.provenance.skills, third) ? p.provenance.skills[third] : undefined;
    if (!skill || !prov)
      return [`**Skill ${plain(third)}**: ⚠ not in the card any more (or the card is unusable)`, '', source].join('\n');
    return [
      `**Skill ${plain(third)}** in the card now:`,
      '',
      ...skillProfileLines(skill, prov, pinned.card, p.schemes),
      '',
      source,
    ].join('\n');
  }
  if (top === 'verified' && second !== undefined) {
    const ev = lock.verified && Object.hasOwn(lock.verified, second) ? lock.verified[second] : undefined;
    if (ev === undefined) return undefined;
    return `**Evidence for ${plain(second)}**: ${typeof ev === 'string' ? `claimed: ${plain(ev)}` : evidenceText(ev)}`;
  }
  return undefined;
}

export function evidenceText(ev: Evidence): string {
  return `${plain(ev.result)} by probe ${plain(ev.probe)} at ${plain(ev.at)}${ev.detail ? ` (${plain(ev.detail)})` : ''}`;
}
