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
