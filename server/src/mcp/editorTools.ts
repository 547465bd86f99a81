/** The tools the editor contributes as language-model tools (package.json contributes.languageModelTools). */
export const EDITOR_TOOL_NAMES: readonly string[] = ['a2a_profile', 'a2a_how_to_call', 'a2a_check_lockfile'];
