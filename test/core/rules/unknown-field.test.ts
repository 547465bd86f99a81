import { ruleFixtureTests } from './harness';

ruleFixtureTests('unknown-field');
