import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-json');
