import { ruleFixtureTests } from './harness';

ruleFixtureTests('provider-name-field');
