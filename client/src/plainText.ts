/**
 * Text for a VS Code notification (notify.ts shows them all): a zero-width space between "]" and "(" keeps the
 * text as it reads and makes `[label](command:…)` no link. Without vscode imports, so it is tested on its own.
 */
export function plain(text: string): string {
  return text.replace(/\]\s*\(/g, (m) => `${m.slice(0, 1)}\u200b${m.slice(1)}`);
}
