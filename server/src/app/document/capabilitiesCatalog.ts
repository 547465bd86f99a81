/**
 * The "A2A Capabilities" tree of an AI Catalog: one node per entry, with what this client makes of it. An A2A card
 * inline is compiled (usable or why not, its skills); an entry served at a URL shows the URL, never fetched here;
 * other types are listed. Labels are plain text: catalog text made visible and clipped, URL passwords nowhere.
 */
import type { CapabilitiesResult, CapabilityNode } from '../../protocol';
import { profileRedactor } from '../../core/profile/shown';
import { redactValue, redactorFor, urlSecrets, withoutUserinfo } from '../../core/text/redact';
import { visibleText } from '../../core/text/untrustedText';
import type { Analysis } from './analysis';
import { catalogEntries, type CatalogEntryView } from './catalogEntries';
import { truncate } from './markdown';

const t = (s: unknown, n = 80): string => truncate(visibleText(typeof s === 'string' ? s : String(s ?? '')), n);

export function catalogTree(a: Analysis): CapabilitiesResult {
  const views = catalogEntries(a);
  const agents = views.filter((v) => v.entry.kind === 'a2a-card').length;
  const unusable = views.filter((v) => v.profile !== undefined && !v.profile.usable).length;
  const result: CapabilitiesResult = {
    kind: 'catalog',
    summary: `${views.length} ${views.length === 1 ? 'entry' : 'entries'} · ${agents} ${agents === 1 ? 'agent' : 'agents'}`,
    severity: unusable > 0 ? 'warning' : 'ok',
    nodes: views.map(entryNode),
  };
  return redactValue(result, catalogRedactor(views));
}

/** Every password of an entry URL and of an inline card, wherever a label may carry it. */
function catalogRedactor(views: readonly CatalogEntryView[]): (text: string) => string {
  const urls = redactorFor(views.flatMap((v) => urlSecrets(v.entry.url)));
  const profiles = views.filter((v) => v.profile !== undefined).map((v) => profileRedactor(v.profile));
  return (text) => profiles.reduce((s, redact) => redact(s), urls(text));
}

function entryNode({ entry, profile }: CatalogEntryView): CapabilityNode {
  const label = t(entry.identifier ?? `entries[${entry.index}]`);
  const version = entry.version === undefined ? '' : ` @${t(entry.version, 30)}`;
  const type = t(entry.mediaType ?? 'no type', 60);
  const node: CapabilityNode = { id: entry.pointer, label, description: `${type}${version}`, pointer: entry.pointer };
  if (entry.kind === 'a2a-card' && entry.hasData) {
    if (profile === undefined) return { ...node, icon: 'warning', tooltip: 'The inline card could not be compiled.' };
    if (!profile.usable)
      return { ...node, icon: 'error', tooltip: `Unusable for this client: ${t(profile.reason, 300)}` };
    const skills = Object.keys(profile.skills ?? {});
    return {
      ...node,
      icon: 'check',
      tooltip: 'An A2A agent card inline, usable for this client.',
      children: skills.map((id) => ({ id: `${entry.pointer}/skills/${id}`, label: t(id), icon: 'symbol-method' })),
    };
  }
  if (entry.url !== undefined) return { ...node, icon: 'link', tooltip: t(withoutUserinfo(entry.url), 300) };
  return { ...node, icon: 'circle-outline' };
}
