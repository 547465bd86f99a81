/**
 * docs/editors.md shows the Neovim configuration the tested scenario runs (test/editors/neovimScenario.ts, run
 * against the installed npm package by test/package/tarball.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neovimConfigs } from './neovimScenario';

test('docs/editors.md shows the Neovim configuration the scenario runs', () => {
  const { shown, tested } = neovimConfigs();
  assert.equal(shown, tested);
});
