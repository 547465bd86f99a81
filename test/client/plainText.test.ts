// Notification text (client/src/plainText.ts, applied by notify.ts to every notification): card and lockfile text must never become a link in a VS Code
// notification, where "[label](command:…)" runs the command when clicked. The pattern below is the shape of
// the links VS Code renders in notifications (a label in brackets, then an http(s):, command: or file: target).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plain } from '../../client/src/plainText';

const RENDERED_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+\)/i;

const hostile = [
  'skill "[Show diff](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)" is not offered',
  'see [docs](https://evil.example/phish) and [local](file:///etc/passwd)',
  '[a] (command:x) with a space, [b]\t(command:y)',
];

for (const text of hostile) {
  test(`no link survives: ${JSON.stringify(text.slice(0, 50))}`, () => {
    assert.match(text.replace(/\]\s+\(/g, ']('), RENDERED_LINK, 'the input is a link (with the blank removed)');
    const out = plain(text);
    assert.doesNotMatch(out, RENDERED_LINK);
    assert.doesNotMatch(
      out.replace(/\s/g, ''),
      RENDERED_LINK,
      'not even with the blanks gone (the zero-width space is no \\s)',
    );
    assert.equal(out.replace(/\u200b/g, ''), text, 'the text reads as it was');
  });
}

test('text without links is unchanged', () => {
  assert.equal(
    plain('A2A: pricing.a2a-lock.json is broken (skill "quotes" is not offered)'),
    'A2A: pricing.a2a-lock.json is broken (skill "quotes" is not offered)',
  );
});
