import type { Hover, Position } from 'vscode-languageserver-types';
import { isObject } from '../../core/document';
import { secretRedactor } from '../../core/text/hideSecrets';
import { parsePointer, pointerAtOffset } from '../../core/pointer/range';
import type { Analysis } from './analysis';
import { defaultModesHover, extensionHover, flagHover, interfacesHover, skillHover } from './hoverCard';
import { lockfileHover } from './hoverLockfile';
import { catalogHover } from './hoverCatalog';
import { escapeMarkdown, plain } from './markdown';
import { lockfileAgainstCard, withLiveAsPinned, type LockfileAgainstCard } from './pinnedCard';
import { schemaAt } from '../../core/schema/schemaNav';
import type { DocumentWorld } from './world';

/**
 * The hover at `position` of an open document; a lockfile's hover shows the card it pins (a workspace card, else
 * the live card this session fetched). `pause` lets a long lockfile check yield and be abandoned (pace.ts).
 */
export async function hover(
  world: DocumentWorld,
  request: { uri: string; position: Position },
  pause?: () => Promise<void>,
): Promise<Hover | null> {
  const a = await world.analysis(request.uri);
  const doc = world.document(request.uri);
  if (!a || !doc || a.value === undefined || a.tooLarge) return null;
  const pinned =
    a.kind === 'card' || a.kind === 'catalog'
      ? undefined
      : withLiveAsPinned(await lockfileAgainstCard(world, a, pause));
  return documentHover(a, doc.offsetAt(request.position), pinned);
}

/**
 * The hover at `offset` of one analysed document version; `pinned` is what a lockfile's hover shows of the card it
 * pins (looked up by the caller: it may read files or this session's live cards).
 */
export function documentHover(a: Analysis, offset: number, pinned: LockfileAgainstCard | undefined): Hover | null {
  if (a.value === undefined || a.tooLarge) return null;
  const { pointer } = pointerAtOffset(a.text, offset);
  const segments = parsePointer(pointer);
  const special =
    a.kind === 'card'
      ? cardHover(a, segments)
      : a.kind === 'catalog'
        ? catalogHover(a, segments)
        : lockfileHover(segments, pinned);
  const description = schemaDescription(a, segments);
  const parts = [special, description].filter((s): s is string => !!s);
  if (!parts.length) return null;
  // Hovers quote card values: a credential the document holds stays out, as it stays out of its diagnostics.
  const value = parts.join('\n\n---\n\n');
  return { contents: { kind: 'markdown', value: secretRedactor(a.value, a.text, escapeMarkdown)?.(value) ?? value } };
}

/** The profile-aware part of a card hover, by where the cursor is. */
function cardHover(a: Analysis, s: readonly string[]): string | undefined {
  if (!isObject(a.value)) return undefined;
  const index = s[1] !== undefined && /^\d+$/.test(s[1]) ? Number(s[1]) : undefined;
  if (s[0] === 'skills' && index !== undefined && s.length <= 3) return skillHover(a, index);
  if (s[0] === 'supportedInterfaces') return interfacesHover(a, index);
  if ((s[0] === 'defaultInputModes' || s[0] === 'defaultOutputModes') && s.length <= 2)
    return defaultModesHover(a, s[0]);
  if (s[0] === 'capabilities' && s.length === 2 && s[1] !== undefined) return flagHover(a, s[1]);
  if (s[0] === 'capabilities' && s[1] === 'extensions' && s[2] !== undefined && /^\d+$/.test(s[2]))
    return extensionHover(a, Number(s[2]));
  return undefined;
}

/** Schema description of the member under the cursor (our schema text is trusted, it ships with us). */
function schemaDescription(a: Analysis, segments: readonly string[]): string | undefined {
  if (segments.length === 0 || a.kind === 'unknown') return undefined;
  const node = schemaAt(a.kind, segments);
  if (!node?.description) return undefined;
  const name = segments[segments.length - 1] ?? '';
  // The key is document text (any name under additionalProperties): escape it like every card string.
  return /^\d+$/.test(name) ? node.description : `**${plain(name, 80)}**: ${node.description}`;
}
