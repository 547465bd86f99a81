/** "Pin this skill" lenses as a pure function of a card's text and value (skillLenses); in VS Code: test/e2e/ui/pinFlow.ts. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PIN_COMMAND, skillLenses, type PinSkillArgument } from '../../server/src/app/document/codeLens';
import { analyzed } from './analyzed';
import { at } from '../at';

const uri = 'file:///ws/agent-card.json';

test('one lens per skill with a string id, at the start of the skill, naming the card and the skill', () => {
  const { a } = analyzed(
    readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'),
    'a2a-agent-card',
    uri,
  );
  const lenses = skillLenses(uri, a.text, a.value);
  assert.deepEqual(
    lenses.map((l) => l.command?.arguments?.[0] as PinSkillArgument),
    [
      { uri, skill: 'quote' },
      { uri, skill: 'bulk' },
    ],
  );
  for (const lens of lenses) {
    assert.equal(lens.command?.command, PIN_COMMAND);
    assert.equal(lens.command?.title, 'Pin this skill');
    assert.deepEqual(lens.range.start, lens.range.end, 'an empty range: the lens sits above the line');
  }
  const quoteLine = a.text.split('\n').findIndex((line) => line.includes('"id": "quote"'));
  assert.equal(at(lenses, 0).range.start.line, quoteLine);
});

test('skills that cannot be pinned get no lens, and a card without a skills array none at all', () => {
  const text = '{"skills": [{"id": ""}, {"id": 7}, null, {"name": "no id"}, {"id": "ok"}]}';
  const { a } = analyzed(text, 'a2a-agent-card', uri);
  assert.deepEqual(
    skillLenses(uri, a.text, a.value).map((l) => (l.command?.arguments?.[0] as PinSkillArgument).skill),
    ['ok'],
  );
  assert.deepEqual(skillLenses(uri, '{"skills": {}}', { skills: {} }), []);
  assert.deepEqual(skillLenses(uri, '', undefined), []);
});
