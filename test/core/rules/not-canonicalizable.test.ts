import { ruleFixtureTests } from './harness';

ruleFixtureTests('not-canonicalizable');
