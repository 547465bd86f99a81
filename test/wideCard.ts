/**
 * Wide documents, generated: many empty skills, many unknown members, many skills with a problem each. Built in
 * tests rather than committed (a megabyte of `{}` says nothing a reader can review).
 */

/** The members of a valid card, without skills: a wide card adds what makes it wide. */
export const CARD_HEAD =
  '"name":"Wide","description":"A card with many members","version":"1.0.0",' +
  '"supportedInterfaces":[{"url":"https://wide.example/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],' +
  '"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"]';

/** A card whose skills are `count` empty objects: four schema errors each (id, name, description, tags). */
export function emptySkillsCard(count: number): string {
  return `{${CARD_HEAD},"skills":[${new Array(count).fill('{}').join(',')}]}`;
}

/** A card with one valid skill and `count` members the schema does not define (unknown-field each). */
export function unknownMembersCard(count: number): string {
  const members = Array.from({ length: count }, (_, i) => `"x${i}":0`).join(',');
  return `{${CARD_HEAD},"skills":[${validSkill('only')}],${members}}`;
}

/** `count` skills, each with a duplicate id, no tags, a short description and a mode that is not a media type. */
export function faultySkillsCard(count: number): string {
  const skill = '{"id":"same","name":"Same","description":"short","tags":[],"inputModes":["not a type"]}';
  return `{${CARD_HEAD},"skills":[${new Array(count).fill(skill).join(',')}]}`;
}

export function validSkill(id: string): string {
  return `{"id":${JSON.stringify(id)},"name":"Skill ${id}","description":"Does the ${id} thing for whoever asks it.","tags":["t"]}`;
}

/** The number of empty skills that fills a card just under the default 1 MiB limit. */
export const EMPTY_SKILLS_UNDER_1MIB = 340_000;

/** A card offering `count` skills with ids `prefix` + a zero-padded number. */
export function manySkillsCard(count: number, prefix = 's'): string {
  const skills = Array.from({ length: count }, (_, i) => validSkill(`${prefix}${String(i).padStart(6, '0')}`));
  return `{${CARD_HEAD},"skills":[${skills.join(',')}]}`;
}

/** A lockfile pinning `count` skills with ids `prefix` + a zero-padded number (none of them offered by default). */
export function manyPinsLockfile(
  count: number,
  prefix = 'p',
  agent = 'https://wide.example/.well-known/agent-card.json',
): string {
  const skills = Array.from(
    { length: count },
    (_, i) => `${JSON.stringify(`${prefix}${String(i).padStart(6, '0')}`)}:{}`,
  );
  return `{"agent":${JSON.stringify(agent)},"pinned_at":"2026-01-01T00:00:00Z","card_digest":"sha256:${'0'.repeat(64)}","requires":{"skills":{${skills.join(',')}}}}`;
}
