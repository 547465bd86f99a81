import { ruleFixtureTests } from './harness';

ruleFixtureTests('skill-mode-narrows-default');
