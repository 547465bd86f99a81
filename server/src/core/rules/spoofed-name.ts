/**
 * spoofed-name: an agent, provider or skill name written to pass for another: a word mixing scripts that look alike
 * (a Cyrillic "а" inside "Pаypal"), a whole word of another script that reads as Latin ("Рау", "Тест"), Latin
 * look-alikes and small capitals among ordinary letters (ɑ, ı, ǀ, ᴀ), letterlike, fullwidth and mathematical forms
 * (ℓ, ｐ, 𝐏). People and planners choose agents by these names. A warning that names each character by code point
 * and script, never shows it bare. Which character passes for which is Unicode's confusables data
 * (core/text/confusables.ts).
 *
 * A name in another script is a name, not a spoof, as long as one of its letters does not read as Latin
 * ("Поиск билетов").
 */
import { codePointLabel } from '../text/confusables';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { mayHoldNonAsciiStrings } from '../text/textScreen';
import { listed, spoofedNames } from '../text/spoofedNames';

export const meta: RuleMeta = {
  id: 'spoofed-name',
  defaultSeverity: 'warning',
  title: 'A name that mixes look-alike scripts or uses characters that pass for Latin letters',
  appliesTo: ['card'],
};

export const spoofedName: Rule = ({ value, text }) =>
  // Only non-ASCII names are suspects: a text that cannot hold any skips the walk of every skill's name.
  (text !== undefined && !mayHoldNonAsciiStrings(value, text) ? [] : spoofedNames(value)).map(
    ({ pointer, name, suspects }) =>
      finding(
        meta,
        pointer,
        `${quote(name)} uses characters that pass for others: ${listed(suspects)}. A name that looks like another agent's or brand's misleads the people and models choosing agents; write it in one script.`,
        { data: { codePoints: suspects.map((s) => codePointLabel(s.ch)) } },
      ),
  );

const docs: RuleDocs = {
  summary: [
    'An agent name, `provider.organization` or skill name that passes for another. Which',
    "character passes for which is Unicode's confusables data (UTS #39): a word mixing look-alike scripts (a Cyrillic `а`,",
    'U+0430, inside `Pаypal`), a whole word of another script that reads as Latin (`Рау Pal`, `Тест`, Coptic `ⲤⲞⲢⲦ`, Lisu',
    '`ꓑꓮꓬ`), Latin look-alikes and small capitals among ordinary letters (`ɑpple`, `Paypaǀ`, `Pıcing`, `ᴀcme`), and',
    'letterlike, fullwidth and mathematical forms (`Gooℊle`, `ℓogin`, `𝐏𝐫𝐢𝐜𝐞`). The message names each character by',
    'code point and script (`U+0430 (Cyrillic, looks like "a")`). A name in another script with letters that do not read as',
    'Latin (`Поиск билетов`, `Τιμολόγηση`) is fine; Turkish dotless ı is reported (it reads as i). A pinned card that',
    'changes to such a name is a `review` in lockfile checks.',
  ],
  bad: '`"name": "Pаypal Pricing"` (with U+0430)',
  fix: '`"name": "Paypal Pricing"` (ASCII `a`)',
  quickFix: 'none (which script was meant is yours to decide).',
};

const examples: RuleExamples = {
  invalid: [{ with: { name: 'P\u0430ypal Pricing' } }],
  valid: [
    { with: { name: 'Paypal Pricing' } },
    { with: { name: '\u041f\u043e\u0438\u0441\u043a \u0431\u0438\u043b\u0435\u0442\u043e\u0432' } },
  ],
};

export const rule: RuleDefinition = { meta, check: spoofedName, docs, examples };
