/**
 * Hover text for AI Catalog entries: what the entry is, and for an A2A card inline what this client makes of it
 * (usable or why not, skills). An entry served at a URL is described, never fetched on hover. Every string from the
 * catalog goes through plain()/plainList() (markdown.ts).
 */
import type { CompiledProfile } from '../../core/types';
import type { Analysis } from './analysis';
import { catalogEntries, type CatalogEntryView } from './catalogEntries';
import { plain, plainList } from './markdown';
import { pinPlan, type PinPlan } from './codeLens';

/** The hover of the entry under the cursor (on the entry or one of its own members, not inside its data). */
export function catalogHover(a: Analysis, s: readonly string[]): string | undefined {
  if (s[0] !== 'entries' || s[1] === undefined || !/^\d+$/.test(s[1]) || s.length > 3) return undefined;
  const view = catalogEntries(a).find((v) => v.entry.index === Number(s[1]));
  return view === undefined ? undefined : entryHover(view, a.uri);
}

function entryHover({ entry, profile }: CatalogEntryView, uri: string): string {
  const lines = [`**Catalog entry** ${plain(entry.identifier ?? '(no identifier)', 120)}`];
  lines.push(`- type: ${plain(entry.mediaType ?? '(none)', 80)}`);
  if (entry.version !== undefined) lines.push(`- version: ${plain(entry.version, 40)}`);
  if (entry.url !== undefined) lines.push(`- url: ${plain(entry.url, 200)}`);
  if (entry.updatedAt !== undefined) lines.push(`- updated: ${plain(entry.updatedAt, 40)}`);
  if (entry.kind === 'a2a-card' && entry.hasData) lines.push('', inlineCard(profile));
  else if (entry.kind === 'a2a-card') lines.push('', 'An A2A agent card served at this URL (not fetched on hover).');
  else if (entry.kind === 'catalog') lines.push('', 'A nested catalog.');
  else lines.push('', 'Listed; a2acap reads A2A agent cards and catalogs, and leaves entries of this type alone.');
  const advice = entry.kind === 'a2a-card' ? pinAdvice(pinPlan(entry, uri)) : undefined;
  if (advice !== undefined) lines.push('', advice);
  return lines.join('\n');
}

const NO_CATALOG = {
  unsaved: 'save the catalog so the lockfile can record where the agent was found',
  'no-identifier': 'the entry has no identifier, so the lockfile cannot record the catalog',
  'not-a-file': 'the catalog is not a file of the workspace, so the lockfile cannot record it',
} as const;

/** What "Pin this agent" does with the entry, worded as the lens (codeLens.ts pinPlan) decides it. */
function pinAdvice(plan: PinPlan): string | undefined {
  const records = 'the lockfile records the catalog and the entry (`found_via`)';
  switch (plan.kind) {
    case 'reference':
      return `"Pin this agent" pins through this catalog: ${records}, and later checks follow the catalog.`;
    case 'catalog-file':
      return plan.inline
        ? `"Pin this agent" pins the inline card (\`data\`) through this catalog: ${records}, and later checks read the entry from the catalog again.`
        : `"Pin this agent" pins the card at this URL through this catalog: ${records}, and later checks read the entry from the catalog again, so they follow the agent when it moves.`;
    case 'url':
      return `"Pin this agent" pins the card at this URL only: ${NO_CATALOG[plan.why]}.`;
    case 'none':
      if (plan.why === 'unsaved')
        return 'Save the catalog to pin this agent: an unsaved catalog has no path a lockfile could record.';
      if (plan.why !== undefined) return `Not pinnable here: ${NO_CATALOG[plan.why]}.`;
      return undefined;
  }
}

function inlineCard(profile: CompiledProfile | undefined): string {
  if (profile === undefined) return 'An A2A agent card inline: it could not be compiled (see its diagnostics).';
  if (!profile.usable) return `An A2A agent card inline: **unusable for this client**: ${plain(profile.reason, 300)}`;
  const i = profile.interface;
  const via = i ? `${plain(i.binding, 40)} ${plain(i.version, 20)} at ${plain(i.url, 120)}` : '';
  const skills = Object.keys(profile.skills ?? {});
  return [
    `An A2A agent card inline: **usable for this client**${via ? ` (${via})` : ''}.`,
    `- skills: ${plainList(skills)}`,
  ].join('\n');
}
