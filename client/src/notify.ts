/**
 * Every notification of the extension goes through here (a lint rule forbids vscode.window.show*Message
 * elsewhere). Notifications render `[label](https:… | command:… | file:…)` as links, and a command link runs that
 * command with its arguments when clicked. Card and lockfile text (skill ids, agent messages, file names) reaches
 * notifications through check results and errors, so a card could offer a "[Show diff](command:…)" that runs
 * anything: the text is made plain first (plainText.ts).
 */
import * as vscode from 'vscode';
import { plain } from './plainText';

/** Button titles, optionally after the options (`{ modal: true, detail }`), as vscode.window.show*Message takes them. */
type Rest = string[] | [vscode.MessageOptions, ...string[]];
type Show = (message: string, ...rest: Rest) => Thenable<string | undefined>;

/* eslint-disable no-restricted-syntax -- the one place that shows notifications */
export const showInfo: Show = (message, ...rest) =>
  (vscode.window.showInformationMessage as Show)(plain(message), ...rest);
export const showWarning: Show = (message, ...rest) =>
  (vscode.window.showWarningMessage as Show)(plain(message), ...rest);
export const showError: Show = (message, ...rest) => (vscode.window.showErrorMessage as Show)(plain(message), ...rest);
/* eslint-enable no-restricted-syntax */
