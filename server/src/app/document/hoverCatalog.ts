/**
 * Hover text for AI Catalog entries: what the entry is, and for an A2A card inline what this client makes of it
 * (usable or why not, skills). An entry served at a URL is described, never fetched on hover. Every string from the
 * catalog goes through plain()/plainList() (markdown.ts).
 */
import type { CompiledProfile } from '../../core/types';
import type { Analysis } from './analysis';
import { catalogEntries, type CatalogEntryView } from './catalogEntries';
import { plain, plainList } from './markdown';

/** The hover of the entry under the cursor (on the entry or one of its own members, not inside its data). */
export function catalogHover(a: Analysis, s: readonly string[]): string | undefined {
  if (s[0] !== 'entries' || s[1] === undefined || !/^\d+$/.test(s[1]) || s.length > 3) return undefined;
  const view = catalogEntries(a).find((v) => v.entry.index === Number(s[1]));
  return view === undefined ? undefined : entryHover(view);
}

function entryHover({ entry, profile }: CatalogEntryView): string {
  const lines = [`**Catalog entry** ${plain(entry.identifier ?? '(no identifier)', 120)}`];
  lines.push(`- type: ${plain(entry.mediaType ?? '(none)', 80)}`);
  if (entry.version !== undefined) lines.push(`- version: ${plain(entry.version, 40)}`);
  if (entry.url !== undefined) lines.push(`- url: ${plain(entry.url, 200)}`);
  if (entry.updatedAt !== undefined) lines.push(`- updated: ${plain(entry.updatedAt, 40)}`);
  if (entry.kind === 'a2a-card' && entry.hasData) lines.push('', inlineCard(profile), '', PIN_INLINE);
  else if (entry.kind === 'a2a-card')
    lines.push('', 'An A2A agent card served at this URL (not fetched on hover: "Pin this agent" reads it).');
  else if (entry.kind === 'catalog') lines.push('', 'A nested catalog.');
  else lines.push('', 'Listed; a2acap reads A2A agent cards and catalogs, and leaves entries of this type alone.');
  return lines.join('\n');
}

/** An inline card is pinned from the catalog: the lockfile records the entry, and checks read it there again. */
const PIN_INLINE =
  '"Pin this agent" pins the inline card (`data`) through this catalog: the lockfile records the catalog and the entry (`found_via`), and later checks read the entry from the catalog again.';

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
