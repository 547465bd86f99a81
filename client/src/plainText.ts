/**
 * Text for a VS Code notification. Notifications render `[label](https:… | command:… | file:…)` as links, and a
 * command link runs that command with its arguments when clicked. Card and lockfile text (skill ids, agent
 * messages, file names) reaches notifications through check results and errors, so a card could offer a
 * "[Show diff](command:…)" that runs anything. A zero-width space between "]" and "(" keeps the text as it reads
 * and makes it no link.
 */
export function plain(text: string): string {
  return text.replace(/\]\s*\(/g, (m) => `${m.slice(0, 1)}\u200b${m.slice(1)}`);
}
